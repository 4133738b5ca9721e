// Test-only: a site with reviewers, an editor and review models, made through the API (and the
// users straight in the database), for the workflow tests on a test server and across a restart.
import { expect } from 'vitest';
import type { Db } from '../../db/client.ts';

export const H = { repeatSubmit: 'false', 'accept-language': 'en' };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Reply = { code: number; msg: string; data?: any };
export type Api = (method: string, path: string, o?: { token?: string; body?: unknown; headers?: Record<string, string>; query?: Record<string, string> }) => Promise<Reply>;

/** A BPMN document of one process; `body` holds its elements (bpmn: prefix, camunda: for candidates). */
export const bpmn = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" id="Definitions_1" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="Review" isExecutable="true">${body}</bpmn:process>
</bpmn:definitions>`;

const flow = (id: string, from: string, to: string, condition?: string) => condition
  ? `<bpmn:sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">${condition}</bpmn:conditionExpression></bpmn:sequenceFlow>`
  : `<bpmn:sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}"/>`;

/** Start → "Desk check" (role wf_first) → "Chief check" (user wfsecond) → end. */
export const TWO_STEPS = bpmn(`
  <bpmn:startEvent id="Start"/>
  <bpmn:userTask id="Desk" name="Desk check" camunda:candidateGroups="wf_first"/>
  <bpmn:userTask id="Chief" name="Chief check" camunda:candidateUsers="wfsecond"/>
  <bpmn:endEvent id="End"/>
  ${flow('F1', 'Start', 'Desk')}${flow('F2', 'Desk', 'Chief')}${flow('F3', 'Chief', 'End')}`);

/** Videos go to the user wfvideo, anything else (the default flow) to the role wf_first; then the end. */
export const ROUTED = bpmn(`
  <bpmn:startEvent id="Start"/>
  <bpmn:exclusiveGateway id="Kind" default="ToDesk"/>
  <bpmn:userTask id="Video" name="Video check" camunda:candidateUsers="wfvideo"/>
  <bpmn:userTask id="Desk" name="Desk check" camunda:candidateGroups="wf_first"/>
  <bpmn:endEvent id="End"/>
  ${flow('F1', 'Start', 'Kind')}${flow('ToVideo', 'Kind', 'Video', "${contentType == 'video'}")}${flow('ToDesk', 'Kind', 'Desk')}
  ${flow('F2', 'Video', 'End')}${flow('F3', 'Desk', 'End')}`);

export interface ReviewWorld {
  siteId: number;
  otherSiteId: number;
  /** a catalog bound to the two-step model; one left to the site's default; one of the other site */
  reviewed: number;
  unbound: number;
  otherCatalog: number;
  twoSteps: number;
  tokens: Record<'editor' | 'first' | 'second' | 'outsider' | 'video', string>;
}

const EDITOR_KEYS = ['cms:site:view', 'cms:content:view', 'cms:content:add', 'cms:content:edit', 'cms:content:publish', 'cms:catalog:view', 'cms:catalog:publish', 'workflow:review:view'];
const REVIEWER_KEYS = ['cms:site:view', 'cms:content:view', 'workflow:review:view'];

/** Two sites, an editor and reviewers with rights on both, and the two-step model deployed and bound to one catalog. */
/** The auth module's test fixtures (a test file may import them; this helper, not a test file, may not). */
export interface People {
  grantPermission(db: Db, roleKey: string, perms: string): Promise<void>;
  createUser(db: Db, userName: string, opts: { roles: string[] }): Promise<unknown>;
}

export async function setUpReviewWorld(api: Api, db: Db, people: People, admin: string, login: (name: string) => Promise<string>, tag = 'wf'): Promise<ReviewWorld> {
  const { grantPermission, createUser } = people;
  const ok = async (method: string, path: string, body?: unknown, site?: number) => {
    const r = await api(method, path, { token: admin, body, headers: { ...H, ...(site ? { CurrentSite: String(site) } : {}) } });
    expect(r.code, `${method} ${path}: ${r.msg}`).toBe(200);
    return r.data;
  };
  const siteId = (await ok('POST', '/cms/site', { name: `Review ${tag}`, path: `${tag}review` })).siteId as number;
  const otherSiteId = (await ok('POST', '/cms/site', { name: `Zeta ${tag}`, path: `${tag}zeta` })).siteId as number;
  const cats = await ok('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'Reviewed\nUnbound' }, siteId);
  const [otherCat] = await ok('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'Elsewhere' }, otherSiteId);
  const reviewed = cats.find((c: { name: string }) => c.name === 'Reviewed').catalogId as number;
  const unbound = cats.find((c: { name: string }) => c.name === 'Unbound').catalogId as number;

  const tokens = {} as ReviewWorld['tokens'];
  const staff: [keyof ReviewWorld['tokens'], string, string[]][] = [
    ['editor', 'wf_editor', EDITOR_KEYS], ['first', 'wf_first', REVIEWER_KEYS], ['second', 'wf_second', REVIEWER_KEYS],
    ['outsider', 'wf_outsider', REVIEWER_KEYS], ['video', 'wf_video', REVIEWER_KEYS],
  ];
  for (const [who, role, keys] of staff) {
    for (const key of keys) await grantPermission(db, role, key);
    const roleId = (await ok('GET', `/system/role/list?roleKey=${role}`)).rows[0].roleId as number;
    for (const site of [siteId, otherSiteId]) {
      await ok('POST', '/cms/perms/site', { ownerType: 'Role', owner: roleId, perms: [{ siteId: site, perms: { View: { granted: true } } }] });
    }
    if (who === 'editor') {
      const all = { View: { granted: true }, AddContent: { granted: true }, EditContent: { granted: true }, Publish: { granted: true } };
      await ok('POST', '/cms/perms/catalog', { ownerType: 'Role', owner: roleId, perms: [reviewed, unbound].map((catalogId) => ({ catalogId, perms: all })) }, siteId);
      await ok('POST', '/cms/perms/catalog', { ownerType: 'Role', owner: roleId, perms: [{ catalogId: otherCat.catalogId, perms: all }] }, otherSiteId);
    }
    // The models name some of them: wfsecond, wfvideo.
    await createUser(db, `wf${who}`, { roles: [role] });
    tokens[who] = await login(`wf${who}`);
  }

  const twoSteps = (await ok('POST', '/workflow/model', { modelKey: `${tag}_two`, name: 'Two steps' })).modelId as number;
  await ok('PUT', `/workflow/model/${twoSteps}/xml`, { xml: TWO_STEPS });
  await ok('POST', `/workflow/model/${twoSteps}/deploy`);
  await ok('PUT', `/workflow/binding/catalog/${reviewed}`, { modelId: twoSteps }, siteId);
  return { siteId, otherSiteId, reviewed, unbound, otherCatalog: otherCat.catalogId, twoSteps, tokens };
}
