import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useTestServer } from '../../../tests/helpers/server.ts';
import type { CmsEvent } from '../../core/cms-events.ts';
import { cmsContent } from '../cms/schema.ts';
import { wfTask } from './schema.ts';
import { createUser, grantPermission } from '../auth/test-fixtures.ts';
import { bpmn, H, ROUTED, setUpReviewWorld, TWO_STEPS, type ReviewWorld } from './test-review.ts';

const ts = useTestServer();
let w: ReviewWorld;
const events: CmsEvent[] = [];

beforeAll(async () => {
  w = await setUpReviewWorld(ts.api, ts.database.db, { createUser, grantPermission }, ts.admin, (name) => ts.loginReady(name, 'Secret123'));
  ts.server.services.events.listen(async (_tx, e) => {
    events.push(e);
  });
}, 60_000);

const as = (token: string, method: string, path: string, body?: unknown, o: { site?: number; lang?: string; query?: Record<string, string> } = {}) =>
  ts.api(method, path, { token, body, query: o.query, headers: { ...H, 'accept-language': o.lang ?? 'en', CurrentSite: String(o.site ?? w.siteId) } });
const admin = (method: string, path: string, body?: unknown, o: { site?: number; lang?: string } = {}) => as(ts.admin, method, path, body, o);
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const ok = async (r: Promise<{ code: number; msg: string; data?: any }>): Promise<any> => {
  const reply = await r;
  expect(reply.code, reply.msg).toBe(200);
  return reply.data;
};

const statusOf = async (contentId: number) => (await ts.database.db.select().from(cmsContent).where(eq(cmsContent.contentId, contentId)))[0]!.status;
const article = async (catalogId: number, title: string, site = w.siteId, type = 'article') =>
  (await ok(as(w.tokens.editor, 'POST', `/cms/content?contentType=${type}`, { catalogId, title, contentHtml: `<p>${title}</p>` }, { site }))).contentId as number;
const publish = (contentId: number, token = w.tokens.editor, site = w.siteId) => as(token, 'POST', '/cms/content/publish', { contentIds: [contentId] }, { site });
const todo = async (token: string, site = w.siteId) => (await ok(as(token, 'GET', '/workflow/review/todo', undefined, { site }))) as { rows: { taskId: number; contentId: number; step: string; catalogName: string | null }[]; total: number };
const taskOf = async (token: string, contentId: number) => (await todo(token)).rows.find((r) => r.contentId === contentId)!;
const decide = (token: string, taskId: number, verb: 'approve' | 'reject', comment?: string, o: { site?: number; lang?: string } = {}) =>
  as(token, 'POST', `/workflow/review/${taskId}/${verb}`, { comment }, o);

/** A model made and its XML saved as the admin; returns its id and the deploy's reply. */
async function modelWith(key: string, xml: string, lang = 'en') {
  const modelId = (await ok(admin('POST', '/workflow/model', { modelKey: key, name: key }))).modelId as number;
  await ok(admin('PUT', `/workflow/model/${modelId}/xml`, { xml }));
  return { modelId, deployed: await admin('POST', `/workflow/model/${modelId}/deploy`, undefined, { lang }) };
}

describe('deploying a model', () => {
  it('refuses XML that does not parse when the draft is saved', async () => {
    const modelId = (await ok(admin('POST', '/workflow/model', { modelKey: 'broken', name: 'Broken' }))).modelId as number;
    const r = await admin('PUT', `/workflow/model/${modelId}/xml`, { xml: '<bpmn:definitions' });
    expect(r.code).toBe(500);
    expect(r.msg).toMatch(/^The BPMN cannot be read: /);
    expect((await admin('POST', `/workflow/model/${modelId}/deploy`)).msg).toBe('Workflow model "Broken" has no diagram yet');
  });

  it('refuses elements outside the subset, naming the element, in the caller\'s language', async () => {
    const withService = bpmn(`<bpmn:startEvent id="Start"/><bpmn:serviceTask id="Mailer"/><bpmn:endEvent id="End"/>
      <bpmn:sequenceFlow id="F1" sourceRef="Start" targetRef="Mailer"/><bpmn:sequenceFlow id="F2" sourceRef="Mailer" targetRef="End"/>`);
    expect((await modelWith('service_en', withService)).deployed.msg).toBe('Unsupported BPMN element: serviceTask (Mailer)');
    expect((await modelWith('service_cn', withService, 'zh-CN')).deployed.msg).toBe('不支持的 BPMN 元素：serviceTask（Mailer）');
    const timer = bpmn(`<bpmn:startEvent id="Start"><bpmn:timerEventDefinition id="Every_day"/></bpmn:startEvent><bpmn:endEvent id="End"/>
      <bpmn:sequenceFlow id="F1" sourceRef="Start" targetRef="End"/>`);
    expect((await modelWith('timer', timer, 'zh-TW')).deployed.msg).toBe('不支援的 BPMN 元素：timerEventDefinition（Every_day）');
  });

  it('refuses a process with no path from start to end, a task without candidates, and a condition it cannot read', async () => {
    const circle = bpmn(`<bpmn:startEvent id="Start"/><bpmn:userTask id="A" camunda:candidateUsers="x"/><bpmn:userTask id="B" camunda:candidateUsers="x"/>
      <bpmn:endEvent id="End"/><bpmn:sequenceFlow id="F1" sourceRef="Start" targetRef="A"/><bpmn:sequenceFlow id="F2" sourceRef="A" targetRef="B"/>
      <bpmn:sequenceFlow id="F3" sourceRef="B" targetRef="A"/>`);
    expect((await modelWith('circle', circle)).deployed.msg).toBe('No path leads from the start event to an end event');
    const nobody = TWO_STEPS.replace(' camunda:candidateUsers="wfsecond"', '');
    expect((await modelWith('nobody', nobody)).deployed.msg).toBe('User task Chief names no candidate users or roles');
    const badCondition = ROUTED.replace("${contentType == 'video'}", 'contentType === video; rm -rf');
    expect((await modelWith('bad_condition', badCondition)).deployed.msg).toMatch(/^The condition of sequence flow ToVideo cannot be read: /);
  });

  it('freezes each deploy as a version; binding needs a deployed model', async () => {
    const modelId = (await ok(admin('POST', '/workflow/model', { modelKey: 'versions', name: 'Versions' }))).modelId as number;
    expect((await admin('PUT', `/workflow/binding/site`, { modelId })).msg).toBe('Workflow model "Versions" has not been deployed');
    const choices = async () => ((await ok(admin('GET', '/workflow/binding'))).models as { modelId: number; name: string }[]).map((m) => m.modelId);
    expect(await choices()).not.toContain(modelId);
    await ok(admin('PUT', `/workflow/model/${modelId}/xml`, { xml: TWO_STEPS }));
    expect(await ok(admin('POST', `/workflow/model/${modelId}/deploy`))).toEqual({ version: 1 });
    // Once deployed it is offered to whoever binds, on the site's and each catalog's binding.
    expect(await choices()).toContain(modelId);
    expect((await ok(admin('GET', `/workflow/binding/catalog/${w.unbound}`))).models).toContainEqual({ modelId, name: 'Versions', status: '0' });
    expect(await ok(admin('POST', `/workflow/model/${modelId}/deploy`))).toEqual({ version: 2 });
    const versions = (await ok(admin('GET', `/workflow/model/${modelId}/versions`))) as { version: number }[];
    expect(versions.map((v) => v.version)).toEqual([2, 1]);
    expect(await ok(admin('GET', `/workflow/model/${modelId}`))).toMatchObject({ version: 2, status: '0' });
    const categoryId = (await ok(admin('POST', '/workflow/category', { code: 'news_desk', name: 'News desk' }))).categoryId as number;
    await ok(admin('PUT', '/workflow/model', { modelId, name: 'Versions', categoryId }));
    const listed = (await ok(admin('GET', '/workflow/model/list', undefined))).rows as { modelId: number; categoryName: string }[];
    expect(listed.find((m) => m.modelId === modelId)?.categoryName).toBe('News desk');
    expect(await admin('PUT', '/workflow/model', { modelId, name: 'Versions', categoryId: 999999 })).toMatchObject({ msg: 'Category: no such workflow category', data: { field: 'categoryId' } });
  });
});

describe('a two-step review', () => {
  it('submits, approves, rejects with a comment, resubmits and publishes after both approve; events at each step', async () => {
    const contentId = await article(w.reviewed, 'Reviewed story');
    events.length = 0;
    const submitted = await ok(publish(contentId));
    expect(submitted).toMatchObject({ published: 0, submitted: 1 });
    expect(await statusOf(contentId)).toBe('10');
    expect(events.map((e) => [e.type, e.params.step])).toEqual([['ContentSubmitted', 'Desk check']]);
    expect(events[0]).toMatchObject({ siteId: w.siteId, link: '/workflow/review', params: { title: 'Reviewed story', user: 'wfeditor' } });

    // In review: the editor cannot change it, nor submit it again.
    const edit = await as(w.tokens.editor, 'PUT', '/cms/content?contentType=article', { contentId, catalogId: w.reviewed, title: 'Changed', version: 1, contentHtml: '<p>x</p>' });
    expect(edit.msg).toBe('"Reviewed story" is in review: it can be changed again once the review approves or rejects it');
    expect((await publish(contentId)).msg).toBe('"Reviewed story" is already in review');

    // Only the candidates see and decide a step.
    expect((await todo(w.tokens.second)).rows.map((r) => r.contentId)).not.toContain(contentId);
    const desk = await taskOf(w.tokens.first, contentId);
    expect(desk).toMatchObject({ step: 'Desk check', catalogName: 'Reviewed', submitter: 'wfeditor' });
    expect(await ok(as(w.tokens.first, 'GET', '/workflow/review/count'))).toBeGreaterThanOrEqual(1);
    // Home's "Reviews for me" is that count; the submitter's own step is not theirs to decide.
    const home = async (token: string) => ((await ok(as(token, 'GET', '/cms/content/stat'))) as { pendingReviews: number | null }).pendingReviews;
    expect(await home(w.tokens.first)).toBe((await todo(w.tokens.first)).total);
    expect(await home(w.tokens.editor)).toBe((await todo(w.tokens.editor)).total);
    expect((await todo(w.tokens.editor)).rows.map((r) => r.contentId)).not.toContain(contentId);
    expect((await decide(w.tokens.second, desk.taskId, 'approve')).msg).toBe('No such review task');
    expect((await decide(w.tokens.outsider, desk.taskId, 'approve')).msg).toBe('No such review task');

    events.length = 0;
    await ok(decide(w.tokens.first, desk.taskId, 'approve', 'Fine by the desk'));
    expect(events.map((e) => [e.type, e.params.step, e.params.user])).toEqual([['ReviewResult', 'Desk check', 'wffirst'], ['ContentSubmitted', 'Chief check', 'wfeditor']]);
    expect((await decide(w.tokens.first, desk.taskId, 'approve')).msg).toBe('This review task has already been decided');

    const chief = await taskOf(w.tokens.second, contentId);
    expect((await decide(w.tokens.second, chief.taskId, 'reject')).msg).toBe('Say why when rejecting');
    events.length = 0;
    await ok(decide(w.tokens.second, chief.taskId, 'reject', 'The title is too vague'));
    expect(events).toEqual([expect.objectContaining({ type: 'ReviewResult', params: expect.objectContaining({ step: 'Chief check', result: 'rejected', comment: 'The title is too vague' }) })]);
    expect(await statusOf(contentId)).toBe('0');

    // Back with the editor: editable, then submitted again; both approve; published.
    const loaded = (await ok(as(w.tokens.editor, 'GET', `/cms/content/init/${w.reviewed}/article/${contentId}`))) as { version: number };
    await ok(as(w.tokens.editor, 'PUT', '/cms/content?contentType=article', { contentId, catalogId: w.reviewed, title: 'Reviewed story, clearer', version: loaded.version, contentHtml: '<p>Better</p>' }));
    await ok(publish(contentId));
    await ok(decide(w.tokens.first, (await taskOf(w.tokens.first, contentId)).taskId, 'approve'));
    expect(await statusOf(contentId)).toBe('10');
    await ok(decide(w.tokens.second, (await taskOf(w.tokens.second, contentId)).taskId, 'approve', 'Good now'));
    expect(await statusOf(contentId)).toBe('30');

    const history = (await ok(as(w.tokens.editor, 'GET', `/workflow/review/history/${contentId}`))) as { action: string; step: string | null; userName: string; comment: string | null }[];
    expect(history.map((h) => [h.action, h.step, h.userName, h.comment])).toEqual([
      ['submit', null, 'wfeditor', null],
      ['approve', 'Desk check', 'wffirst', 'Fine by the desk'],
      ['reject', 'Chief check', 'wfsecond', 'The title is too vague'],
      ['submit', null, 'wfeditor', null],
      ['approve', 'Desk check', 'wffirst', null],
      ['approve', 'Chief check', 'wfsecond', 'Good now'],
      ['publish', null, 'wfsecond', null],
    ]);
    const doneByFirst = (await ok(as(w.tokens.first, 'GET', '/workflow/review/done'))) as { rows: { contentId: number; status: string }[] };
    expect(doneByFirst.rows.filter((r) => r.contentId === contentId).map((r) => r.status)).toEqual(['approved', 'approved']);
  });

  it('publishes directly where no model is bound, and for holders of workflow:review:bypass (the administrator)', async () => {
    const free = await article(w.unbound, 'Unbound story');
    expect(await ok(publish(free))).toEqual({ published: 1, scheduled: 0 });
    expect(await statusOf(free)).toBe('30');
    const byAdmin = await article(w.reviewed, 'Admin story');
    await ok(publish(byAdmin, ts.admin));
    expect(await statusOf(byAdmin)).toBe('30');
  });

  it('submits the drafts a catalog publish would have published', async () => {
    const draft = await article(w.reviewed, 'Draft in a catalog publish');
    await ok(as(w.tokens.editor, 'POST', '/cms/catalog/publish', { catalogId: w.reviewed, publishDetail: true, publishStatus: '0' }));
    expect(await statusOf(draft)).toBe('10');
    expect((await todo(w.tokens.first)).rows.map((r) => r.contentId)).toContain(draft);
  });

  it('leaves a content deleted while in review out of the lists and undecidable until restored', async () => {
    const contentId = await article(w.reviewed, 'Deleted in review');
    await ok(publish(contentId));
    const task = await taskOf(w.tokens.first, contentId);
    await ok(admin('POST', '/cms/content/recycle', { contentIds: [contentId] }));
    expect((await todo(w.tokens.first)).rows.map((r) => r.contentId)).not.toContain(contentId);
    expect((await decide(w.tokens.first, task.taskId, 'approve')).msg).toBe('No such review task');
    await ok(admin('POST', '/cms/content/restore', { contentIds: [contentId] }));
    await ok(decide(w.tokens.first, task.taskId, 'approve'));
  });

  it('keeps another site\'s tasks out of reach', async () => {
    const contentId = await article(w.reviewed, 'Site-bound story');
    await ok(publish(contentId));
    const task = await taskOf(w.tokens.first, contentId);
    expect((await todo(w.tokens.first, w.otherSiteId)).rows.map((r) => r.contentId)).not.toContain(contentId);
    expect((await decide(w.tokens.first, task.taskId, 'approve', undefined, { site: w.otherSiteId })).msg).toBe('No such review task');
    // Another site's content's history is not found through this site.
    expect((await as(w.tokens.editor, 'GET', `/workflow/review/history/${contentId}`, undefined, { site: w.otherSiteId })).code).not.toBe(200);
  });
});

describe('suspending, routing and own submissions', () => {
  it('a suspended model stops new submissions with a clear message; running reviews go on', async () => {
    const running = await article(w.reviewed, 'Before the suspension');
    await ok(publish(running));
    await ok(admin('PUT', `/workflow/model/${w.twoSteps}/suspend`));
    const later = await article(w.reviewed, 'After the suspension');
    const refused = await publish(later);
    expect(refused.msg).toBe('"After the suspension" cannot be submitted for review: the review workflow "Two steps" is suspended');
    expect(await statusOf(later)).toBe('0');
    await ok(decide(w.tokens.first, (await taskOf(w.tokens.first, running)).taskId, 'approve'));
    await ok(admin('PUT', `/workflow/model/${w.twoSteps}/resume`));
    await ok(publish(later));
    expect(await statusOf(later)).toBe('10');
  });

  it('routes on the gateway\'s conditions: videos to the video reviewer, the rest by the default flow', async () => {
    const { modelId, deployed } = await modelWith('routed', ROUTED);
    expect(deployed.code, deployed.msg).toBe(200);
    await ok(admin('PUT', `/workflow/binding/catalog/${w.unbound}`, { modelId }));
    const video = await article(w.unbound, 'A film', w.siteId, 'video');
    const text = await article(w.unbound, 'A text');
    await ok(publish(video));
    await ok(publish(text));
    expect((await todo(w.tokens.video)).rows.map((r) => r.contentId)).toEqual([video]);
    expect((await todo(w.tokens.first)).rows.map((r) => r.contentId)).toContain(text);
    expect((await todo(w.tokens.first)).rows.map((r) => r.contentId)).not.toContain(video);
    await ok(decide(w.tokens.video, (await taskOf(w.tokens.video, video)).taskId, 'approve'));
    expect(await statusOf(video)).toBe('30');
    await ok(admin('PUT', `/workflow/binding/catalog/${w.unbound}`, { modelId: null }));
  });

  it('nobody decides their own submission unless the model allows it', async () => {
    const own = bpmn(`<bpmn:startEvent id="Start"/><bpmn:userTask id="Self" name="Self check" camunda:candidateGroups="wf_editor"/><bpmn:endEvent id="End"/>
      <bpmn:sequenceFlow id="F1" sourceRef="Start" targetRef="Self"/><bpmn:sequenceFlow id="F2" sourceRef="Self" targetRef="End"/>`);
    const { modelId } = await modelWith('own', own);
    await ok(admin('PUT', `/workflow/binding/site`, { modelId }));
    // The site's default reviews a catalog without a model of its own.
    const mine = await article(w.unbound, 'My own');
    await ok(publish(mine));
    expect(await statusOf(mine)).toBe('10');
    expect((await todo(w.tokens.editor)).rows.map((r) => r.contentId)).not.toContain(mine);
    const [task] = await ts.database.db.select().from(wfTask).where(eq(wfTask.contentId, mine));
    expect((await decide(w.tokens.editor, task!.taskId, 'approve')).msg).toBe('You cannot review your own submission');
    // Allowed by the model: for submissions made from then on.
    await ok(admin('PUT', '/workflow/model', { modelId, name: 'own', selfReview: 'Y' }));
    const again = await article(w.unbound, 'My own, allowed');
    await ok(publish(again));
    await ok(decide(w.tokens.editor, (await taskOf(w.tokens.editor, again)).taskId, 'approve'));
    expect(await statusOf(again)).toBe('30');
    await ok(admin('PUT', `/workflow/binding/site`, { modelId: null }));
  });
});

describe('events and transactions', () => {
  it('emits nothing that stays when the decision fails: the listener\'s writes roll back with it', async () => {
    const db = ts.database.db;
    await db.execute(sql`create table if not exists wf_test_outbox (type text not null)`);
    const stopWrite = ts.server.services.events.listen(async (tx, e) => {
      await tx.execute(sql`insert into wf_test_outbox (type) values (${e.type})`);
    });
    const stopFail = ts.server.services.events.listen(async (_tx, e) => {
      if (e.type === 'ReviewResult') throw new Error('outbox full');
    });
    try {
      const contentId = await article(w.reviewed, 'Rolled back');
      await ok(publish(contentId));
      const outbox = async () => ((await db.execute(sql`select type from wf_test_outbox`)) as unknown as { rows: { type: string }[] }).rows.map((r) => r.type);
      expect(await outbox()).toEqual(['ContentSubmitted']);
      const task = await taskOf(w.tokens.first, contentId);
      expect((await decide(w.tokens.first, task.taskId, 'approve')).code).not.toBe(200);
      expect(await outbox()).toEqual(['ContentSubmitted']);
      const [still] = await db.select().from(wfTask).where(eq(wfTask.taskId, task.taskId));
      expect(still!.status).toBe('pending');
    } finally {
      stopWrite();
      stopFail();
    }
  });
});
