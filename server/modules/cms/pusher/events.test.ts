import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { siteCalls } from '../../../../tests/helpers/site-calls.ts';
import { sysCaptcha } from '../../auth/index.ts';
import { readerFixtures } from '../comment/test-fixtures.ts';
import { makeTestSite } from '../template/test-site.ts';
import { enqueue } from '../publish/enqueue.ts';
import { drainQueue } from '../publish/worker.ts';
import { writePlainTemplates } from '../publish/test-publish.ts';
import { cmsPusherDelivery } from './schema.ts';

// The events that exist today reach the pushers' outbox from where they happen, in their
// transactions (issue 32 item 3 §6): a comment awaiting review, a mailbox message, a form entry,
// a failed publish, a failed async task. Delivery itself is pusher.test.ts's.

const dataDir = mkdtempSync(join(tmpdir(), 'castanea-pusher-events-'));
const ts = useTestServer({ config: { dataDir } });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const fx = readerFixtures(ts);
let site = 0;
const { ok } = siteCalls(ts, () => site);
const ALL = ['CommentPending', 'MailboxPending', 'FormSubmitted', 'PublishFailed', 'AsyncTaskFailed'];

const queued = async (type: string) => ts.database.db.select().from(cmsPusherDelivery).where(eq(cmsPusherDelivery.eventType, type));
const subscribe = async (siteId: number) => {
  site = siteId;
  await ok('POST', '/cms/pusher', { name: `All of ${siteId}`, type: 'WECOM', status: '0', events: ALL, config: { url: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=x', language: 'en' } });
};
const solvedCaptcha = async (url: string) => {
  const c = await fx.reader('GET', url);
  const [row] = await ts.database.db.select().from(sysCaptcha).where(eq(sysCaptcha.uuid, c.data.uuid));
  return { uuid: c.data.uuid as string, code: row!.code };
};

describe('readers\' submissions', () => {
  let reviewed: { siteId: number; catalogId: number };
  beforeAll(async () => {
    reviewed = await fx.site('Reviewed', { CommentEnabled: 'Y', CommentNeedAudit: 'Y', CommentNeedLogin: 'Y' });
    await subscribe(reviewed.siteId);
  });

  it('a comment awaiting review is told, one shown at once is not', async () => {
    const member = await fx.member('Carol');
    const content = await fx.content(reviewed, 'Spring fair');
    const r = await fx.reader('POST', '/api/comment/submit', { token: member.token, body: { sourceId: content, content: 'Lovely *day*' } });
    expect(r.code, r.msg).toBe(200);
    const [d] = await queued('CommentPending');
    expect(d).toMatchObject({ siteId: reviewed.siteId, params: { title: 'Spring fair', comment: 'Lovely *day*' }, link: '/admin/operations/comment', status: 'PENDING' });
    const open = await fx.site('Unreviewed', { CommentEnabled: 'Y', CommentNeedAudit: 'N', CommentNeedLogin: 'Y' });
    await subscribe(open.siteId);
    await fx.reader('POST', '/api/comment/submit', { token: member.token, body: { sourceId: await fx.content(open), content: 'shown now' } });
    expect((await queued('CommentPending')).map((x) => x.siteId)).toEqual([reviewed.siteId]);
    site = reviewed.siteId;
  });

  it('a mailbox message is told; one refused (a wrong captcha) is not', async () => {
    const body = { title: 'Opening hours', name: 'Ann', email: 'ann@example.com', content: 'When?' };
    const wrong = await fx.reader('POST', `/api/mailbox/submit?sid=${reviewed.siteId}`, { body: { ...body, uuid: 'x', code: 'y' } });
    expect(wrong.code).not.toBe(200);
    expect(await queued('MailboxPending')).toEqual([]);
    const r = await fx.reader('POST', `/api/mailbox/submit?sid=${reviewed.siteId}`, { body: { ...body, ...(await solvedCaptcha(`/api/mailbox/captcha?sid=${reviewed.siteId}`)) } });
    expect(r.code, r.msg).toBe(200);
    expect((await queued('MailboxPending'))[0]).toMatchObject({ siteId: reviewed.siteId, params: { title: 'Opening hours', name: 'Ann', content: 'When?' } });
  });

  it('a custom form\'s entry is told, with the form\'s name', async () => {
    const modelId = (await ok('POST', '/cms/exmodel', { name: 'Contact', code: 'contact', bindTo: 'form' })).modelId;
    await ok('POST', '/xmodel/field', { modelId, label: 'Name', code: 'name', fieldType: 'text' });
    const formId = (await ok('POST', '/cms/customform', { name: 'Contact us', code: 'contact', modelId })).formId;
    await ok('POST', '/cms/customform/publish', [formId]);
    const r = await ts.server.sites.inject({ method: 'POST', url: '/api/customform/submit', payload: `siteId=${site}&formId=${formId}&data.name=Bo`, headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' } });
    expect(r.json().code, r.body).toBe(200);
    expect((await queued('FormSubmitted'))[0]).toMatchObject({ siteId: site, params: { form: 'Contact us', entryId: r.json().data.entryId } });
  });
});

describe('failures of the system', () => {
  it('a failed publish task is told once, with what failed', async () => {
    const pub = await makeTestSite(ts, 'pushpub');
    await subscribe(pub.siteId);
    await writePlainTemplates(ts, pub, { 'detail_image.template.html': '<h1>{{ Content.title }}</h1>\n{% if %}broken' });
    await drainQueue(ts.server.services);
    await ts.database.db.delete(cmsPusherDelivery).where(eq(cmsPusherDelivery.eventType, 'PublishFailed'));
    await enqueue(ts.database.db, [{ siteId: pub.siteId, dataType: 'content', dataId: pub.album }, { siteId: pub.siteId, dataType: 'content', dataId: pub.first }], 'test');
    expect(await drainQueue(ts.server.services)).toMatchObject({ failed: 1, succeeded: 1 });
    const told = await queued('PublishFailed');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ siteId: pub.siteId, params: { site: expect.any(String), target: `content #${pub.album}`, error: expect.stringContaining('detail_image.template.html, line 2') } });
  });

  it('a failed async task is told to the subscribed pushers of every site; one that succeeds is not', async () => {
    const tasks = ts.server.services.tasks;
    tasks.submit('test', 'Import words', 'admin', async () => undefined);
    const failing = tasks.submit('test', 'Rebuild index', 'admin', async () => {
      throw new Error('disk full');
    });
    for (let i = 0; i < 100 && (await queued('AsyncTaskFailed')).length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(tasks.get(failing.taskId)?.status).toBe('FAILED');
    const told = await queued('AsyncTaskFailed');
    expect(told.length).toBeGreaterThanOrEqual(2);
    expect(new Set(told.map((d) => d.pusherId)).size).toBe(told.length);
    expect(told.every((d) => (d.params as Record<string, string>).name === 'Rebuild index' && (d.params as Record<string, string>).error === 'disk full')).toBe(true);
  });
});
