import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { startPeerServer, useTestServer } from '../../../../tests/helpers/server.ts';
import { siteCalls } from '../../../../tests/helpers/site-calls.ts';
import { createUser, ensureRole, grantPermission } from '../../auth/test-fixtures.ts';
import { closedPort, startSmtpSink, startWebhookSink, type SmtpSink, type WebhookSink } from '../../messaging/test-sinks.ts';
import { dingtalkSign, feishuSign, webhookSignature } from '../../messaging/webhooks.ts';
import { sysMenu } from '../../system/schema.ts';
import type { CmsEvent } from '../../../core/cms-events.ts';
import { cmsPusher, cmsPusherDelivery } from './schema.ts';
import { deliverDue, MAX_DELIVERY_ATTEMPTS, pruneDeliveries } from './delivery.ts';
import { eventMessage } from './render.ts';

// Message pushers (issue 32 item 3) over HTTP and through their worker: each type's message reaches
// a local receiver in its format, signed where the platform signs; events queue deliveries in their
// transaction only; failures retry with backoff, then fail; two processes send each once; sites and
// keys keep everyone to their own.

const LOCAL = ['127.0.0.1'];
const ts = useTestServer({ config: { messagingAllowedHosts: LOCAL } });
let smtp: SmtpSink;
let hook: WebhookSink;
let site = 0;
let other = 0;
const { call, ok } = siteCalls(ts, () => site);
const services = () => ts.server.services;

const smtpConfig = (over: Record<string, unknown> = {}) => ({
  host: '127.0.0.1', port: smtp.port, security: 'NONE', username: 'mailer', password: 'S3cret!', fromAddress: 'cms@example.com', recipients: 'editor@example.com\nchief@example.com', language: 'en', ...over,
});
async function addPusher(body: Record<string, unknown>, siteId = site): Promise<number> {
  const r = await ts.api('POST', '/cms/pusher', { token: ts.admin, body: { status: '0', ...body }, headers: { repeatSubmit: 'false', 'accept-language': 'en', CurrentSite: String(siteId) } });
  expect(r.code, r.msg).toBe(200);
  const [row] = await ts.database.db.select().from(cmsPusher).where(and(eq(cmsPusher.siteId, siteId), eq(cmsPusher.name, String(body.name))));
  return row!.pusherId;
}
/** Emits in a transaction of its own, as a module does in the write that caused it. */
const emit = (event: CmsEvent) => ts.database.db.transaction((tx) => services().events.emit(tx, event));
const deliveriesOf = (pusherId: number) => ts.database.db.select().from(cmsPusherDelivery).where(eq(cmsPusherDelivery.pusherId, pusherId)).orderBy(cmsPusherDelivery.deliveryId);
const json = (i: number) => JSON.parse(hook.posts[i]!.body) as Record<string, any>;
/** Sends what is due, again and again, until nothing is (retries waiting a few ms). */
async function drain(backoffMs = 1) {
  for (let i = 0; i < 50; i++) {
    await deliverDue(services(), { backoffMs, timeoutMs: 5000 });
    const [left] = await ts.database.db.select({ n: sql<number>`count(*)::int` }).from(cmsPusherDelivery).where(sql`status in ('PENDING', 'RUNNING')`);
    if (!left!.n) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

beforeAll(async () => {
  smtp = await startSmtpSink();
  hook = await startWebhookSink();
  site = (await ts.api('POST', '/cms/site', { token: ts.admin, headers: { repeatSubmit: 'false' }, body: { name: 'Pushers', path: 'pushers' } })).data.siteId;
  other = (await ts.api('POST', '/cms/site', { token: ts.admin, headers: { repeatSubmit: 'false' }, body: { name: 'Elsewhere', path: 'elsewhere' } })).data.siteId;
});
afterAll(async () => {
  await smtp?.close();
  await hook?.close();
});

describe('send test: each type reaches its receiver in its format', () => {
  it('e-mails the recipients through SMTP, in the pusher\'s language', async () => {
    const id = await addPusher({ name: 'Desk mail', type: 'EMAIL', config: smtpConfig({ language: 'zh-TW' }) });
    expect(await ok('POST', `/cms/pusher/${id}/test`)).toBe('Test message sent: Desk mail');
    const mail = smtp.mails.at(-1)!;
    expect(mail.to).toEqual(['editor@example.com', 'chief@example.com']);
    expect(mail.subject).toBe('測試訊息：Desk mail');
  });

  it('posts the generic webhook with an HMAC-SHA256 signature over timestamp and body', async () => {
    const id = await addPusher({ name: 'Hook', type: 'WEBHOOK', config: { url: `${hook.url}/generic`, secret: 'hook-secret', language: 'en' } });
    hook.posts.length = 0;
    await ok('POST', `/cms/pusher/${id}/test`);
    const post = hook.posts[0]!;
    expect(post.url).toBe('/generic');
    const stamp = Number(post.headers['x-castanea-timestamp']);
    expect(post.headers['x-castanea-signature']).toBe(webhookSignature('hook-secret', stamp, post.body));
    expect(post.headers['x-castanea-signature']).not.toBe(webhookSignature('another', stamp, post.body));
    expect(json(0)).toMatchObject({ subject: 'Test message: Hook' });
  });

  it('speaks the WeCom, DingTalk and Feishu robots\' formats, signed where they sign', async () => {
    const wecom = await addPusher({ name: 'WeCom', type: 'WECOM', config: { url: `${hook.url}/wecom?key=k1`, language: 'zh-CN' } });
    const ding = await addPusher({ name: 'Ding', type: 'DINGTALK', config: { url: `${hook.url}/ding?access_token=t1`, secret: 'ding-secret', language: 'en' } });
    const feishu = await addPusher({ name: 'Feishu', type: 'FEISHU', config: { url: `${hook.url}/feishu`, secret: 'fs-secret', language: 'en' } });
    hook.posts.length = 0;
    for (const id of [wecom, ding]) await ok('POST', `/cms/pusher/${id}/test`);
    hook.reply = { status: 200, body: { code: 0, msg: 'success' } };
    await ok('POST', `/cms/pusher/${feishu}/test`);
    hook.reply = { status: 200, body: { errcode: 0, errmsg: 'ok' } };
    expect(json(0)).toMatchObject({ msgtype: 'text', text: { content: expect.stringMatching(/^测试消息：WeCom\n\n/) } });
    const dingUrl = new URL(hook.posts[1]!.url, hook.url);
    expect(dingUrl.searchParams.get('sign')).toBe(dingtalkSign('ding-secret', Number(dingUrl.searchParams.get('timestamp'))));
    expect(json(1)).toMatchObject({ msgtype: 'text', text: { content: expect.stringContaining('Test message: Ding') } });
    expect(json(2)).toMatchObject({ msg_type: 'text', content: { text: expect.stringContaining('Test message: Feishu') } });
    expect(json(2).sign).toBe(feishuSign('fs-secret', Number(json(2).timestamp)));
  });

  it('answers a failure in the caller\'s language, naming what failed', async () => {
    const id = await addPusher({ name: 'Nowhere', type: 'WECOM', config: { url: `http://127.0.0.1:${await closedPort()}/x`, language: 'en' } });
    const r = await call('POST', `/cms/pusher/${id}/test`);
    expect(r.code).toBe(500);
    expect(r.msg).toMatch(/^The test message of the pusher "Nowhere" could not be sent: .*127\.0\.0\.1/);
    const zh = await ts.api('POST', `/cms/pusher/${id}/test`, { token: ts.admin, headers: { repeatSubmit: 'false', 'accept-language': 'zh-CN', CurrentSite: String(site) } });
    expect(zh.msg).toMatch(/^推送“Nowhere”的测试消息发送失败：/);
  });

  it('never replies with a secret, keeps it on an edit that leaves it empty, and names a bad field', async () => {
    const [hookRow] = await ts.database.db.select().from(cmsPusher).where(eq(cmsPusher.name, 'Hook'));
    const one = await ok('GET', `/cms/pusher/${hookRow!.pusherId}`);
    expect(one.config).toMatchObject({ hasSecret: true, language: 'en' });
    expect(JSON.stringify(await ok('GET', '/cms/pusher/list'))).not.toMatch(/hook-secret|S3cret!|ding-secret/);
    await ok('PUT', '/cms/pusher', { pusherId: hookRow!.pusherId, type: 'WEBHOOK', config: { url: `${hook.url}/generic`, secret: '', language: 'en' } });
    expect((await ts.database.db.select().from(cmsPusher).where(eq(cmsPusher.pusherId, hookRow!.pusherId)))[0]!.config.secret).toBe('hook-secret');
    expect((await call('POST', '/cms/pusher', { name: 'Bad', type: 'EMAIL', config: smtpConfig({ recipients: 'not-an-address' }) })).msg).toBe('Recipients is not in a valid format');
    expect((await call('POST', '/cms/pusher', { name: 'Bad', type: 'WECOM', events: ['Nope'], config: { url: `${hook.url}/w`, language: 'en' } })).code).toBe(500);
  });
});

describe('events, the outbox and the worker', () => {
  let subscribed = 0;
  let zhTw = 0;
  const event = (over: Partial<CmsEvent> = {}): CmsEvent => ({ type: 'CommentPending', siteId: site, params: { title: 'Spring <b>news</b>', comment: 'Nice *work*' }, link: '/admin/operations/comment', ...over });

  beforeAll(async () => {
    subscribed = await addPusher({ name: 'Comments hook', type: 'WEBHOOK', events: ['CommentPending', 'PublishFailed'], config: { url: `${hook.url}/events`, language: 'en' } });
    zhTw = await addPusher({ name: 'Comments tw', type: 'WECOM', events: ['CommentPending'], config: { url: `${hook.url}/tw`, language: 'zh-TW' } });
    await addPusher({ name: 'Off', type: 'WECOM', status: '1', events: ['CommentPending'], config: { url: `${hook.url}/off`, language: 'en' } });
    await addPusher({ name: 'Forms only', type: 'WECOM', events: ['FormSubmitted'], config: { url: `${hook.url}/forms`, language: 'en' } });
    await addPusher({ name: 'Other site', type: 'WECOM', events: ['CommentPending'], config: { url: `${hook.url}/other`, language: 'en' } }, other);
    await ts.database.db.delete(cmsPusherDelivery);
  });

  it('queues nothing for an event whose transaction rolls back', async () => {
    await expect(ts.database.db.transaction(async (tx) => {
      await services().events.emit(tx, event());
      throw new Error('the write failed');
    })).rejects.toThrow('the write failed');
    expect(await ts.database.db.select().from(cmsPusherDelivery)).toEqual([]);
    await drain();
    expect(hook.posts.filter((p) => p.url === '/events')).toEqual([]);
  });

  it('queues one delivery per enabled, subscribed pusher of the event\'s site, and sends each in its language as text', async () => {
    hook.posts.length = 0;
    await emit(event());
    const rows = await ts.database.db.select().from(cmsPusherDelivery);
    expect(rows.map((r) => r.pusherId).sort()).toEqual([subscribed, zhTw].sort());
    await drain();
    expect(hook.posts.map((p) => p.url).sort()).toEqual(['/events', '/tw']);
    const en = JSON.parse(hook.posts.find((p) => p.url === '/events')!.body);
    expect(en.subject).toBe('A comment awaits review');
    // Params are text: markup and markdown go as typed, never interpreted (the robots get `text` messages).
    expect(en.text).toBe('A new comment on "Spring <b>news</b>" awaits review: Nice *work*\n\nOpen: /admin/operations/comment');
    const tw = JSON.parse(hook.posts.find((p) => p.url === '/tw')!.body);
    expect(tw.text.content).toMatch(/^新評論待審核\n\n內容「Spring <b>news<\/b>」有一則新評論等待審核/);
    expect((await deliveriesOf(subscribed))[0]).toMatchObject({ status: 'SENT', attempts: 1 });
  });

  it('retries a failing receiver with a growing wait, then fails it, and the log says why', async () => {
    await ts.database.db.delete(cmsPusherDelivery);
    hook.reply = { status: 503, body: {} };
    await emit(event({ type: 'PublishFailed', params: { target: 'content #7', site: 'Pushers', error: 'line 3' } }));
    await deliverDue(services(), { backoffMs: 60_000 });
    const [first] = await deliveriesOf(subscribed);
    expect(first).toMatchObject({ status: 'PENDING', attempts: 1 });
    // The next attempt waits: nothing is due now.
    expect(first!.nextTime.getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect(await deliverDue(services())).toBe(0);
    await ts.database.db.update(cmsPusherDelivery).set({ nextTime: sql`now()` });
    await drain(1);
    const [last] = await deliveriesOf(subscribed);
    expect(last).toMatchObject({ status: 'FAILED', attempts: MAX_DELIVERY_ATTEMPTS });
    expect(hook.posts.filter((p) => p.url === '/events').length).toBeGreaterThanOrEqual(MAX_DELIVERY_ATTEMPTS);
    hook.reply = { status: 200, body: { errcode: 0, errmsg: 'ok' } };
    const log = await ok('GET', `/cms/pusher/delivery/list?pusherId=${subscribed}`);
    expect(log.rows[0]).toMatchObject({ pusherName: 'Comments hook', eventType: 'PublishFailed', status: 'FAILED', attempts: MAX_DELIVERY_ATTEMPTS });
    expect(log.rows[0].lastError).toMatch(/503/);
    expect(log.rows[0]).not.toHaveProperty('failure');
    // Sent again on request, and now it goes.
    await ok('PUT', `/cms/pusher/delivery/${last!.deliveryId}/retry`);
    expect((await call('PUT', `/cms/pusher/delivery/${last!.deliveryId}/retry`)).msg).toBe('Only a failed delivery can be sent again');
    await drain();
    expect((await deliveriesOf(subscribed))[0]).toMatchObject({ status: 'SENT', attempts: 1 });
  });

  it('sends a delivery whose sender stopped mid-way (its lease ran out) again', async () => {
    await ts.database.db.delete(cmsPusherDelivery);
    await emit(event({ type: 'PublishFailed', params: { target: 'catalog #2', site: 'Pushers', error: 'boom' } }));
    // Claimed by a process that then died: RUNNING, its lease already past.
    await ts.database.db.update(cmsPusherDelivery).set({ status: 'RUNNING', attempts: 1, nextTime: sql`now() - interval '1 second'` });
    await drain();
    expect((await deliveriesOf(subscribed))[0]).toMatchObject({ status: 'SENT', attempts: 2 });
  });

  it('is sent once when two server processes deliver from one database', async () => {
    await ts.database.db.delete(cmsPusherDelivery);
    hook.posts.length = 0;
    for (let i = 0; i < 12; i++) await emit(event({ type: 'PublishFailed', params: { target: `content #${i}`, site: 'Pushers', error: 'x' } }));
    const peer = await startPeerServer(ts, { messagingAllowedHosts: LOCAL });
    try {
      await Promise.all([
        deliverDue(services(), { limit: 5 }), deliverDue(peer.server.services, { limit: 5 }),
        deliverDue(services(), { limit: 5 }), deliverDue(peer.server.services, { limit: 5 }),
      ]);
      await drain();
    } finally {
      await peer.close();
    }
    const targets = hook.posts.filter((p) => p.url === '/events').map((p) => JSON.parse(p.body).text.match(/content #\d+/)[0]);
    expect(targets).toHaveLength(12);
    expect(new Set(targets).size).toBe(12);
  });

  it('forgets finished deliveries after the days kept, not waiting ones', async () => {
    await emit(event({ type: 'PublishFailed', params: { target: 'x', site: 'Pushers', error: 'y' } }));
    const before = (await ts.database.db.select().from(cmsPusherDelivery)).length;
    const later = new Date(Date.now() + 31 * 86_400_000);
    expect(await pruneDeliveries(ts.database.db, 30, later)).toBe(before - 1);
    expect((await ts.database.db.select().from(cmsPusherDelivery)).map((d) => d.status)).toEqual(['PENDING']);
    await ts.database.db.delete(cmsPusherDelivery);
  });
});

describe('messages in three languages', () => {
  it('renders each event type\'s title and text in zh-CN, zh-TW and en, a missing param as "-"', () => {
    const texts = (['zh-CN', 'zh-TW', 'en'] as const).map((l) => eventMessage(services().i18n.translator(l), 'MailboxPending', { title: 'Hello', name: 'Ann' }));
    expect(texts.map((m) => m.subject)).toEqual(['新留言待审核：Hello', '新留言待審核：Hello', 'A message awaits review: Hello']);
    expect(texts[2]!.text).toBe('Ann left the message "Hello", awaiting review: -');
    for (const type of ['ContentSubmitted', 'ReviewResult', 'PublishFailed', 'CommentPending', 'MailboxPending', 'FormSubmitted', 'AsyncTaskFailed']) {
      for (const l of ['zh-CN', 'zh-TW', 'en'] as const) expect(eventMessage(services().i18n.translator(l), type, {}).subject).not.toMatch(/pusher\.event/);
    }
    // A review's step is named and its result is a word of the message's language.
    const review = { title: 'Harbour', step: 'Desk check', user: 'ann', comment: 'Fine', result: 'approved' };
    expect(eventMessage(services().i18n.translator('zh-TW'), 'ReviewResult', review).text).toBe('內容「Harbour」在「Desk check」步驟的審核結果：核准。審核人：ann。意見：Fine');
    expect(eventMessage(services().i18n.translator('en'), 'ContentSubmitted', { ...review, user: 'bo' }).text).toBe('"Harbour", submitted by bo, awaits review at the step "Desk check".');
  });
});

describe('who may reach which pushers', () => {
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    const db = ts.database.db;
    const roles: [string, string[], number][] = [
      ['nokey', ['cms:site:view'], site],
      ['viewer', ['cms:site:view', 'cms:pusher:view'], site],
      ['elsewhere', ['cms:site:view', 'cms:pusher:view', 'cms:pusher:add', 'cms:pusher:edit', 'cms:pusher:remove'], other],
    ];
    for (const [name, keys, s] of roles) {
      const roleId = await ensureRole(db, `push_${name}`);
      for (const key of keys) await grantPermission(db, `push_${name}`, key);
      await ok('POST', '/cms/perms/site', { ownerType: 'Role', owner: roleId, perms: [{ siteId: s, perms: { View: { granted: true }, Edit: { granted: true } } }] });
      await createUser(db, `push${name}`, { roles: [`push_${name}`] });
      tokens[name] = await ts.loginReady(`push${name}`, 'Secret123');
    }
  });
  const as = (who: string, method: string, url: string, body?: unknown, siteId = site) =>
    ts.api(method, url, { token: tokens[who], body, headers: { repeatSubmit: 'false', 'accept-language': 'en', CurrentSite: String(siteId) } });

  it('answers 403 without the keys; a viewer reads but neither tests, changes nor retries', async () => {
    const [row] = await ts.database.db.select().from(cmsPusher).where(eq(cmsPusher.name, 'Hook'));
    expect((await as('nokey', 'GET', '/cms/pusher/list')).code).toBe(403);
    expect((await as('nokey', 'GET', '/cms/pusher/delivery/list')).code).toBe(403);
    expect((await as('viewer', 'GET', '/cms/pusher/list')).code).toBe(200);
    expect((await as('viewer', 'GET', '/cms/pusher/delivery/list')).code).toBe(200);
    const before = hook.posts.length;
    expect((await as('viewer', 'POST', `/cms/pusher/${row!.pusherId}/test`)).code).toBe(403);
    expect((await as('viewer', 'PUT', '/cms/pusher', { pusherId: row!.pusherId, name: 'Taken' })).code).toBe(403);
    expect((await as('viewer', 'PUT', '/cms/pusher/delivery/1/retry')).code).toBe(403);
    expect(hook.posts.length).toBe(before);
  });

  it('keeps another site\'s pushers and deliveries out of reach, whatever the ids say', async () => {
    const [row] = await ts.database.db.select().from(cmsPusher).where(eq(cmsPusher.name, 'Hook'));
    const id = row!.pusherId;
    // Full keys, but on the other site: this site's rows are not theirs.
    expect((await as('elsewhere', 'GET', `/cms/pusher/${id}`, undefined, other)).code).toBe(500);
    expect((await as('elsewhere', 'POST', `/cms/pusher/${id}/test`, undefined, other)).code).toBe(500);
    expect((await as('elsewhere', 'PUT', '/cms/pusher', { pusherId: id, name: 'Taken' }, other)).code).toBe(500);
    expect((await as('elsewhere', 'DELETE', '/cms/pusher', [id], other)).code).toBe(500);
    expect((await as('elsewhere', 'GET', '/cms/pusher/list', undefined, site)).code).toBe(403);
    const names = (await as('elsewhere', 'GET', '/cms/pusher/list', undefined, other)).data.rows.map((r: { name: string }) => r.name);
    expect(names).toEqual(['Other site']);
    // A delivery of this site, failed: not retried from the other one.
    await emit({ type: 'PublishFailed', siteId: site, params: {} });
    const [d] = await ts.database.db.select().from(cmsPusherDelivery);
    await ts.database.db.update(cmsPusherDelivery).set({ status: 'FAILED' });
    expect((await as('elsewhere', 'PUT', `/cms/pusher/delivery/${d!.deliveryId}/retry`, undefined, other)).code).toBe(500);
    expect((await as('elsewhere', 'GET', '/cms/pusher/delivery/list', undefined, other)).data.rows).toEqual([]);
    expect((await ts.database.db.select().from(cmsPusherDelivery))[0]!.status).toBe('FAILED');
    expect((await ts.database.db.select().from(cmsPusher).where(eq(cmsPusher.pusherId, id)))[0]!.name).toBe('Hook');
  });
});

describe('the menu', () => {
  it('ships Message Pusher under Interactive with its buttons under cms:pusher:*', async () => {
    const rows = await ts.database.db.select().from(sysMenu).where(sql`${sysMenu.menuId} in (3230, 3231, 3232, 3233)`).orderBy(sysMenu.menuId);
    expect(rows.map((r) => [r.menuId, r.perms, r.parentId])).toEqual([
      [3230, 'cms:pusher:view', 2035], [3231, 'cms:pusher:add', 3230], [3232, 'cms:pusher:edit', 3230], [3233, 'cms:pusher:remove', 3230],
    ]);
    expect(rows[0]!.component).toBe('cms/pusher/index');
  });
});
