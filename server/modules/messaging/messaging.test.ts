import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { useTestServer } from '../../../tests/helpers/server.ts';
import { createUser, grantPermission } from '../auth/test-fixtures.ts';
import { sysOperLog } from '../monitor/schema.ts';
import { sysMessagingConfig } from './schema.ts';
import { closedPort, startSmtpSink, startWebhookSink, type SmtpSink, type WebhookSink } from './test-sinks.ts';
import { dingtalkSign, feishuSign, webhookSignature } from './webhooks.ts';
import { sendToChannel, SendFailure } from './send.ts';

// Messaging-platform configs over HTTP: permissions, validation naming the field, write-only
// secrets, one default per channel, and test messages that really reach local SMTP and HTTP sinks.

// The sinks listen on loopback, which messages may reach only when the operator allows it.
const LOCAL = { allowedHosts: ['127.0.0.1'] };
const ts = useTestServer({ config: { messagingAllowedHosts: LOCAL.allowedHosts } });
let viewer: string;
let nobody: string;
let smtp: SmtpSink;
let hook: WebhookSink;

const API = '/system/messaging/config';
const en = { 'accept-language': 'en', repeatsubmit: 'false' };

const smtpConfig = (over: Record<string, unknown> = {}) => ({
  host: '127.0.0.1', port: smtp.port, security: 'NONE', username: 'mailer', password: 'S3cret!', fromAddress: 'cms@example.com', fromName: 'Castanea', ...over,
});

async function add(body: Record<string, unknown>) {
  const r = await ts.api('POST', API, { token: ts.admin, body, headers: en });
  expect(r.code, r.msg).toBe(200);
  return r.data.configId as number;
}

const stored = async (id: number) => (await ts.database.db.select().from(sysMessagingConfig).where(eq(sysMessagingConfig.configId, id)))[0]!;
const sendTest = (id: number, to?: string, token = ts.admin) => ts.api('POST', `${API}/${id}/test`, { token, body: to === undefined ? {} : { to }, headers: en });

beforeAll(async () => {
  smtp = await startSmtpSink();
  hook = await startWebhookSink();
  await grantPermission(ts.database.db, 'messaging_viewer', 'system:messaging:view');
  await createUser(ts.database.db, 'msgviewer', { roles: ['messaging_viewer'] });
  await createUser(ts.database.db, 'msgnobody');
  viewer = await ts.login('msgviewer', 'Secret123');
  nobody = await ts.login('msgnobody', 'Secret123');
});
afterAll(async () => {
  await smtp?.close();
  await hook?.close();
});

describe('permissions', () => {
  it('answers 403 without the keys, and lets a viewer only read', async () => {
    const id = await add({ name: 'perm-check', platform: 'WECOM', config: { url: `${hook.url}/wecom` } });
    expect((await ts.api('GET', `${API}/list`, { token: nobody })).code).toBe(403);
    expect((await ts.api('GET', `${API}/${id}`, { token: nobody })).code).toBe(403);
    expect((await ts.api('GET', `${API}/list`, { token: viewer })).code).toBe(200);
    expect((await ts.api('POST', API, { token: viewer, body: { name: 'x', platform: 'WECOM', config: { url: 'http://a.example' } } })).code).toBe(403);
    expect((await ts.api('PUT', API, { token: viewer, body: { configId: id, name: 'y' } })).code).toBe(403);
    expect((await ts.api('DELETE', API, { token: viewer, body: [id] })).code).toBe(403);
    expect((await ts.api('PUT', `${API}/changeStatus`, { token: viewer, body: { configId: id, status: '1' } })).code).toBe(403);
    expect((await sendTest(id, undefined, viewer)).code).toBe(403);
    expect(hook.posts).toHaveLength(0);
  });
});

describe('validation', () => {
  const attempt = (platform: string, config: unknown) => ts.api('POST', API, { token: ts.admin, body: { name: `bad-${platform}`, platform, config }, headers: en });

  it('names the field: a bad port, a missing host, a bad sender address', async () => {
    expect((await attempt('SMTP', smtpConfig({ port: 70000 }))).msg).toBe('Port must be between 1 and 65535');
    expect((await attempt('SMTP', smtpConfig({ port: 'abc' }))).msg).toBe('Port must be between 1 and 65535');
    expect((await attempt('SMTP', smtpConfig({ host: ' ' }))).msg).toBe('SMTP host cannot be empty');
    expect((await attempt('SMTP', smtpConfig({ host: 'smtp example com' }))).msg).toBe('SMTP host must be a host name or an IP address');
    expect((await attempt('SMTP', smtpConfig({ fromAddress: 'nobody' }))).code).toBe(500);
  });

  it('keeps webhook URLs to http and https, and extra headers to plain ones', async () => {
    for (const url of ['ftp://files.example.com/hook', 'file:///etc/passwd', 'javascript:alert(1)', 'not a url']) {
      expect((await attempt('WEBHOOK', { url })).msg, url).toBe('Webhook URL must be an http:// or https:// address');
    }
    expect((await attempt('DINGTALK', {})).msg).toBe('Webhook URL cannot be empty');
    const badHeaders = await attempt('WEBHOOK', { url: 'https://hooks.example.com/x', headers: 'Authorization: Bearer abc' });
    expect(badHeaders.msg).toMatch(/^Extra headers: one "Name: value" per line/);
  });

  it('refuses an unknown platform, and settings of another platform', async () => {
    expect((await attempt('SMS', { url: 'https://x.example' })).code).toBe(500);
    // SMTP settings under a webhook platform: the webhook's own fields are missing.
    expect((await attempt('WEBHOOK', smtpConfig())).msg).toBe('Webhook URL cannot be empty');
    expect(await ts.database.db.select().from(sysMessagingConfig).where(eq(sysMessagingConfig.name, 'bad-WEBHOOK'))).toHaveLength(0);
  });

  it('on edit, needs the platform and its settings together', async () => {
    const id = await add({ name: 'pair-check', platform: 'WECOM', config: { url: `${hook.url}/wecom` } });
    const r = await ts.api('PUT', API, { token: ts.admin, body: { configId: id, platform: 'SMTP' }, headers: en });
    expect(r.msg).toBe('Platform settings cannot be empty');
    expect((await ts.api('PUT', API, { token: ts.admin, body: { configId: id, remark: 'only the remark' }, headers: en })).code).toBe(200);
  });

  it('refuses a duplicate name, naming the field', async () => {
    await add({ name: 'dup-name', platform: 'WECOM', config: { url: `${hook.url}/wecom` } });
    const r = await ts.api('POST', API, { token: ts.admin, body: { name: 'dup-name', platform: 'WECOM', config: { url: `${hook.url}/wecom` } }, headers: en });
    expect(r.msg).toBe('Name "dup-name" already exists');
  });
});

describe('secrets are write-only', () => {
  it('never replies with a password or secret, only whether one is stored', async () => {
    const id = await add({ name: 'secret-smtp', platform: 'SMTP', config: smtpConfig() });
    const one = await ts.api('GET', `${API}/${id}`, { token: ts.admin });
    expect(one.data.config).toMatchObject({ host: '127.0.0.1', username: 'mailer', hasPassword: true });
    expect(one.data.config).not.toHaveProperty('password');
    const list = await ts.api('GET', `${API}/list`, { token: ts.admin, query: { name: 'secret-smtp' } });
    expect(list.data.rows[0].config.hasPassword).toBe(true);
    expect(JSON.stringify([one, list])).not.toContain('S3cret!');
    // The operation log masks it too.
    const [log] = await ts.database.db.select().from(sysOperLog).where(eq(sysOperLog.title, 'oplog.messaging')).orderBy(desc(sysOperLog.operId)).limit(1);
    expect(log!.operParam).not.toContain('S3cret!');
    expect(log!.operParam).toContain('"password":"******"');
  });

  it('keeps the stored secret when an edit leaves it empty, replaces it when given, removes it on null', async () => {
    const id = await add({ name: 'keep-secret', platform: 'SMTP', config: smtpConfig() });
    const edit = (config: Record<string, unknown>) => ts.api('PUT', API, { token: ts.admin, body: { configId: id, platform: 'SMTP', config }, headers: en });
    expect((await edit(smtpConfig({ password: '', fromName: 'Renamed' }))).code).toBe(200);
    expect((await stored(id)).config).toMatchObject({ password: 'S3cret!', fromName: 'Renamed' });
    const { password: _omitted, ...withoutPassword } = smtpConfig();
    expect((await edit(withoutPassword)).code).toBe(200);
    expect((await stored(id)).config.password).toBe('S3cret!');
    expect((await edit(smtpConfig({ password: 'N3w-secret' }))).code).toBe(200);
    expect((await stored(id)).config.password).toBe('N3w-secret');
    expect((await edit(smtpConfig({ password: null }))).code).toBe(200);
    expect((await stored(id)).config).not.toHaveProperty('password');
    expect((await ts.api('GET', `${API}/${id}`, { token: ts.admin })).data.config.hasPassword).toBe(false);
  });

  it('drops the secrets of the old platform when the platform changes', async () => {
    const id = await add({ name: 'switch-platform', platform: 'DINGTALK', config: { url: `${hook.url}/ding`, secret: 'SECding' } });
    await ts.api('PUT', API, { token: ts.admin, body: { configId: id, platform: 'FEISHU', config: { url: `${hook.url}/feishu`, secret: '' } }, headers: en });
    expect((await stored(id)).config).toEqual({ url: `${hook.url}/feishu` });
  });

  it('masks a webhook Authorization header in replies and in the operation log', async () => {
    const id = await add({ name: 'auth-hook', platform: 'WEBHOOK', config: { url: `${hook.url}/generic`, authorization: 'Bearer T0ken-xyz' } });
    const one = await ts.api('GET', `${API}/${id}`, { token: ts.admin });
    expect(one.data.config).toMatchObject({ hasAuthorization: true, hasSecret: false });
    expect(JSON.stringify(one)).not.toContain('T0ken-xyz');
    const logs = await ts.database.db.select({ p: sysOperLog.operParam }).from(sysOperLog).where(eq(sysOperLog.title, 'oplog.messaging'));
    expect(logs.some((l) => l.p?.includes('T0ken-xyz'))).toBe(false);
  });
});

describe('one default per channel', () => {
  it('moves the default within a channel and leaves the other channel alone', async () => {
    const mailA = await add({ name: 'mail-a', platform: 'SMTP', isDefault: 'Y', config: smtpConfig() });
    const chat = await add({ name: 'chat-a', platform: 'WECOM', isDefault: 'Y', config: { url: `${hook.url}/wecom` } });
    const mailB = await add({ name: 'mail-b', platform: 'SMTP', isDefault: 'Y', config: smtpConfig() });
    expect([(await stored(mailA)).isDefault, (await stored(mailB)).isDefault, (await stored(chat)).isDefault]).toEqual(['N', 'Y', 'Y']);
    await ts.api('PUT', API, { token: ts.admin, body: { configId: mailA, isDefault: 'Y' }, headers: en });
    expect([(await stored(mailA)).isDefault, (await stored(mailB)).isDefault, (await stored(chat)).isDefault]).toEqual(['Y', 'N', 'Y']);
    const defaults = await ts.database.db.select().from(sysMessagingConfig).where(eq(sysMessagingConfig.isDefault, 'Y'));
    expect(defaults.map((d) => d.channel).sort()).toEqual(['chat', 'email']);
  });

  it('sends through the enabled default of a channel, and not through a disabled one', async () => {
    const before = smtp.mails.length;
    await sendToChannel(ts.database.db, 'email', { subject: 'Channel mail', text: 'hello', to: 'someone@example.com' }, LOCAL);
    expect(smtp.mails.slice(before).map((m) => m.subject)).toEqual(['Channel mail']);
    const [def] = await ts.database.db.select().from(sysMessagingConfig).where(eq(sysMessagingConfig.name, 'mail-a'));
    expect((await ts.api('PUT', `${API}/changeStatus`, { token: ts.admin, body: { configId: def!.configId, status: '1' }, headers: en })).code).toBe(200);
    await expect(sendToChannel(ts.database.db, 'email', { subject: 'x', text: 'y', to: 'someone@example.com' }, LOCAL)).rejects.toBeInstanceOf(SendFailure);
  });
});

describe('send a test message', () => {
  it('delivers a mail through SMTP with authentication, to the recipient', async () => {
    const id = await add({ name: 'smtp-live', platform: 'SMTP', config: smtpConfig() });
    const before = smtp.mails.length;
    const r = await sendTest(id, 'editor@example.com');
    expect(r, r.msg).toMatchObject({ code: 200, data: 'Test message sent to editor@example.com' });
    const mail = smtp.mails.slice(before);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ from: 'cms@example.com', to: ['editor@example.com'], subject: 'Castanea test message' });
    expect(mail[0]!.raw).toContain('smtp-live');
    // In the sender's language, encoded as mail headers must be.
    const zh = await ts.api('POST', `${API}/${id}/test`, { token: ts.admin, body: { to: 'editor@example.com' }, headers: { 'accept-language': 'zh-CN', repeatsubmit: 'false' } });
    expect(zh.data).toBe('测试消息已发送至 editor@example.com');
    expect(smtp.mails.at(-1)!.subject).toBe('Castanea 测试消息');
  });

  it('needs a recipient for email, naming it', async () => {
    const id = await add({ name: 'smtp-no-rcpt', platform: 'SMTP', config: smtpConfig() });
    expect((await sendTest(id, '')).msg).toBe('Enter the email address to send the test message to');
    expect((await sendTest(id, 'not-an-address')).code).toBe(500);
  });

  it('reports the server refusing the password', async () => {
    const id = await add({ name: 'smtp-bad-pass', platform: 'SMTP', config: smtpConfig({ password: 'wrong' }) });
    const r = await sendTest(id, 'editor@example.com');
    expect(r.code).toBe(500);
    expect(r.msg).toMatch(/^The test message through "smtp-bad-pass" was not sent: the server rejected the user name or password \(.*535/);
  });

  it('reports a closed port clearly, in the request language', async () => {
    const port = await closedPort();
    const id = await add({ name: 'smtp-closed', platform: 'SMTP', config: smtpConfig({ port }) });
    const r = await sendTest(id, 'editor@example.com');
    expect(r).toMatchObject({ code: 500 });
    expect(r.msg).toBe(`The test message through "smtp-closed" was not sent: 127.0.0.1:${port} refused the connection (nothing listens there, or a firewall blocks it)`);
    const zh = await ts.api('POST', `${API}/${id}/test`, { token: ts.admin, body: { to: 'editor@example.com' }, headers: { 'accept-language': 'zh-CN', repeatsubmit: 'false' } });
    expect(zh.msg).toContain('拒绝连接');
    const hookId = await add({ name: 'hook-closed', platform: 'WEBHOOK', config: { url: `http://127.0.0.1:${port}/hook` } });
    expect((await sendTest(hookId)).msg).toContain('refused the connection');
  });

  it('reports a TLS mismatch as such: https to a plain server, SSL to a plain SMTP port', async () => {
    const hookId = await add({ name: 'tls-hook', platform: 'WEBHOOK', config: { url: hook.url.replace('http:', 'https:') } });
    expect((await sendTest(hookId)).msg).toMatch(/^The test message through "tls-hook" was not sent: the secure connection failed; check the security setting and the port \(.+\)$/);
    const smtpId = await add({ name: 'tls-smtp', platform: 'SMTP', config: smtpConfig({ security: 'SSL' }) });
    expect((await sendTest(smtpId, 'editor@example.com')).msg).toContain('the secure connection failed');
  });

  it('posts a signed JSON message to a generic webhook with its headers', async () => {
    hook.reply = { status: 204, body: '' };
    const id = await add({ name: 'generic-live', platform: 'WEBHOOK', config: { url: `${hook.url}/generic?x=1`, headers: 'X-Source: castanea\nX-Team: web', authorization: 'Bearer T0ken', secret: 'hook-secret' } });
    const before = hook.posts.length;
    const r = await sendTest(id, 'ops@example.com');
    expect(r, r.msg).toMatchObject({ code: 200, data: 'Test message posted through "generic-live"' });
    const post = hook.posts[before]!;
    expect(post.url).toBe('/generic?x=1');
    expect(post.headers).toMatchObject({ 'x-source': 'castanea', 'x-team': 'web', authorization: 'Bearer T0ken', 'content-type': 'application/json; charset=utf-8' });
    const body = JSON.parse(post.body);
    expect(body).toMatchObject({ subject: 'Castanea test message', to: 'ops@example.com' });
    const stamp = Number(post.headers['x-castanea-timestamp']);
    expect(post.headers['x-castanea-signature']).toBe(webhookSignature('hook-secret', stamp, post.body));
  });

  it('signs DingTalk and Feishu robot messages and reads their replies', async () => {
    hook.reply = { status: 200, body: { errcode: 0, errmsg: 'ok' } };
    const ding = await add({ name: 'ding-live', platform: 'DINGTALK', config: { url: `${hook.url}/robot/send?access_token=abc`, secret: 'SECding' } });
    expect((await sendTest(ding)).code).toBe(200);
    const dingPost = hook.posts.at(-1)!;
    const q = new URL(dingPost.url, hook.url).searchParams;
    expect(q.get('access_token')).toBe('abc');
    expect(q.get('sign')).toBe(dingtalkSign('SECding', Number(q.get('timestamp'))));
    expect(JSON.parse(dingPost.body)).toMatchObject({ msgtype: 'text', text: { content: expect.stringContaining('ding-live') } });

    hook.reply = { status: 200, body: { code: 0, msg: 'success' } };
    const feishu = await add({ name: 'feishu-live', platform: 'FEISHU', config: { url: `${hook.url}/open-apis/bot/v2/hook/xyz`, secret: 'SECfs' } });
    expect((await sendTest(feishu)).code).toBe(200);
    const fs = JSON.parse(hook.posts.at(-1)!.body);
    expect(fs).toMatchObject({ msg_type: 'text', content: { text: expect.stringContaining('feishu-live') } });
    expect(fs.sign).toBe(feishuSign('SECfs', Number(fs.timestamp)));
  });

  it("reports the platform's own error and HTTP failures", async () => {
    hook.reply = { status: 200, body: { errcode: 310000, errmsg: 'sign not match' } };
    const ding = await add({ name: 'ding-refused', platform: 'DINGTALK', config: { url: `${hook.url}/robot/send?access_token=abc` } });
    expect((await sendTest(ding)).msg).toBe('The test message through "ding-refused" was not sent: the platform answered with error 310000: sign not match');
    hook.reply = { status: 404, body: { message: 'no such hook' } };
    const wecom = await add({ name: 'wecom-404', platform: 'WECOM', config: { url: `${hook.url}/cgi-bin/webhook/send?key=k` } });
    // The status only: the body of another server's reply is never echoed.
    const notFound = (await sendTest(wecom)).msg;
    expect(notFound).toBe('The test message through "wecom-404" was not sent: the server answered HTTP 404');
    hook.reply = { status: 200, body: { errcode: 93000, detail: 'internal page content' } };
    const odd = await add({ name: 'wecom-odd', platform: 'WECOM', config: { url: `${hook.url}/cgi-bin/webhook/send?key=k` } });
    expect((await sendTest(odd)).msg).toBe('The test message through "wecom-odd" was not sent: the platform answered with error 93000: -');
    hook.reply = { status: 200, body: { errcode: 0, errmsg: 'ok' } };
  });
});
