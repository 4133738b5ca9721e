import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { uploadRoot } from '../../common/index.ts';
import { cmsMember } from './schema.ts';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { startSmtpSink, type SmtpSink } from '../../messaging/test-sinks.ts';
import { cmsSite } from '../schema.ts';
import { bombPng, HTML_AS_PNG, png } from '../resource/test-files.ts';

// Members' public routes through the sites' origin (issue 31 item 2), as a reader's page calls
// them: register with a mailed code, sign in, is_login, info, password change, sign out; the
// separation from console sessions; the throttles (on here: the real numbers).
const ts = useTestServer({ config: { rateLimits: true, messagingAllowedHosts: ['127.0.0.1'] } });
let smtp: SmtpSink;
let sid = 0;

type Reply = { code: number; msg: string; data?: any };
let address = 0;
/** Each test its own reader address, so the per-address throttles of one do not reach another. */
const newReader = () => `198.51.100.${++address}`;
async function api(method: 'GET' | 'POST' | 'PUT', path: string, o: { token?: string; body?: Record<string, unknown>; ip: string; lang?: string }): Promise<Reply & { status: number }> {
  const url = method === 'GET' ? `${path}${path.includes('?') ? '&' : '?'}sid=${sid}` : path;
  const res = await ts.server.sites.inject({
    method, url, remoteAddress: o.ip, payload: method === 'GET' ? undefined : { sid, ...o.body },
    headers: { 'accept-language': o.lang ?? 'en', ...(o.token ? { authorization: `Bearer ${o.token}` } : {}) },
  });
  return { status: res.statusCode, ...(res.json() as Reply) };
}
function lastCode(to: string): string {
  const mail = smtp.mails.filter((m) => m.to.includes(to)).at(-1);
  expect(mail, `a mail to ${to}`).toBeDefined();
  return /\b(\d{6})\b/.exec(mail!.raw.replace(/=\r?\n/g, ''))![1]!;
}

beforeAll(async () => {
  smtp = await startSmtpSink();
  const r = await ts.api('POST', '/system/messaging/config', {
    token: ts.admin, headers: { repeatsubmit: 'false' },
    body: { name: 'mail', platform: 'SMTP', isDefault: 'Y', config: { host: '127.0.0.1', port: smtp.port, security: 'NONE', username: 'mailer', password: 'S3cret!', fromAddress: 'cms@example.com', fromName: 'Castanea' } },
  });
  expect(r.code, r.msg).toBe(200);
  sid = (await ts.database.db.select().from(cmsSite).where(eq(cmsSite.path, 'demo')))[0]!.siteId;
});
afterAll(async () => {
  await smtp?.close();
});

describe('a reader\'s account over the public API', () => {
  it('registers with the mailed code, signs in, reads and edits its profile, changes its password and signs out', async () => {
    const ip = newReader();
    expect(await api('GET', '/api/member/register_sms_code?email=web.reader@example.com', { ip })).toMatchObject({ code: 200 });
    const authCode = lastCode('web.reader@example.com');
    const reg = await api('POST', '/api/member/register', { ip, body: { username: 'webreader', email: 'web.reader@example.com', password: 'Pages2026x', rePassword: 'Pages2026x', authCode } });
    expect(reg, reg.msg).toMatchObject({ code: 200 });

    const a = (await api('POST', '/api/member/login', { ip, body: { username: 'webreader', password: 'Pages2026x' } })).data as string;
    const b = (await api('POST', '/api/member/login', { ip, body: { username: 'web.reader@example.com', password: 'Pages2026x' } })).data as string;
    expect(a).toMatch(/^m_/);
    expect((await api('GET', '/api/member/is_login', { ip, token: a })).data).toMatchObject({ userName: 'webreader' });
    expect((await api('GET', '/api/member/is_login', { ip })).data).toBeNull();

    // Every text a member writes of themselves is stored and given back as the text typed.
    const script = { nickName: '<script>alert(1)</script>', signature: '<script>alert(2)</script>', description: '<img src=x onerror=alert(3)><script>alert(4)</script>' };
    expect(await api('POST', '/api/member/info', { ip, token: a, body: script })).toMatchObject({ code: 200 });
    const info = await api('GET', '/api/member/info', { ip, token: a });
    expect(info.data).toMatchObject({ userName: 'webreader', ...script, email: 'web.reader@example.com' });
    expect((await api('GET', '/api/member/is_login', { ip, token: a })).data.nickName).toBe(script.nickName);
    expect(JSON.stringify(info.data)).not.toMatch(/scrypt|password/);

    expect(await api('POST', '/api/member/reset_pwd', { ip, token: a, body: { oldPassword: 'Pages2026x', password: 'Pages2027x', rePassword: 'Pages2027x' } })).toMatchObject({ code: 200 });
    // The other session ended; this one stays.
    expect((await api('GET', '/api/member/info', { ip, token: b })).code).toBe(401);
    expect((await api('GET', '/api/member/info', { ip, token: a })).code).toBe(200);

    expect(await api('POST', '/api/member/logout', { ip, token: a })).toMatchObject({ code: 200 });
    expect((await api('GET', '/api/member/is_login', { ip, token: a })).data).toBeNull();
  });

  it('resets a forgotten password and changes the address with the default theme\'s paths and fields', async () => {
    const ip = newReader();
    expect(await api('POST', '/api/member/forget_password/code', { ip, body: { email: 'web.reader@example.com' } })).toMatchObject({ code: 200 });
    const reset = await api('POST', '/api/member/forget_password', { ip, body: { email: 'web.reader@example.com', authCode: lastCode('web.reader@example.com'), password: 'Pages2026y', rePassword: 'Pages2026y' } });
    expect(reset, reset.msg).toMatchObject({ code: 200 });
    const token = (await api('POST', '/api/member/login', { ip, body: { username: 'webreader', password: 'Pages2026y' } })).data as string;
    expect(await api('POST', '/api/member/sms_code?type=email&email=web.reader2@example.com', { ip, token, body: { email: 'web.reader2@example.com' } })).toMatchObject({ code: 200 });
    expect(await api('POST', '/api/member/change_email', { ip, token, body: { email: 'web.reader2@example.com', authCode: lastCode('web.reader2@example.com') } })).toMatchObject({ code: 200 });
    expect((await api('GET', '/api/member/info', { ip, token })).data.email).toBe('web.reader2@example.com');
    // Back as it was, for the tests below.
    expect(await api('POST', '/api/member/reset_pwd', { ip, token, body: { oldPassword: 'Pages2026y', password: 'Pages2027x', rePassword: 'Pages2027x' } })).toMatchObject({ code: 200 });
  });

  it('names a refused field in the reader\'s language', async () => {
    const ip = newReader();
    const r = await api('POST', '/api/member/register', { ip, lang: 'zh-CN', body: { userName: '9lives', email: 'x@example.com', password: 'Pages2026x', authCode: '123456' } });
    expect(r.msg).toBe('用户名必须以字母开头，只能包含字母、数字和下划线');
  });

  it('keeps member and console sessions apart', async () => {
    const ip = newReader();
    const member = (await api('POST', '/api/member/login', { ip, body: { username: 'webreader', password: 'Pages2027x' } })).data as string;
    // A member token opens no console route…
    expect((await ts.api('GET', '/getInfo', { token: member })).code).toBe(401);
    // …and a console token is no member.
    expect((await api('GET', '/api/member/is_login', { ip, token: ts.admin })).data).toBeNull();
    expect((await api('GET', '/api/member/info', { ip, token: ts.admin })).code).toBe(401);
  });

  it('signs in daily, once', async () => {
    const ip = newReader();
    const token = (await api('POST', '/api/member/login', { ip, body: { username: 'webreader', password: 'Pages2027x' } })).data as string;
    expect((await api('POST', '/api/member/signIn', { ip, token })).data).toMatchObject({ streak: 1 });
    expect((await api('POST', '/api/member/signIn', { ip, token })).msg).toBe('You have already signed in today');
    expect((await api('GET', '/api/member/signIn', { ip, token })).data).toMatchObject({ signedToday: true, streak: 1 });
    expect((await api('GET', '/api/member/level', { ip, token })).code).toBe(200);
  });

  it('takes an avatar checked by its content and its size', async () => {
    const ip = newReader();
    const token = (await api('POST', '/api/member/login', { ip, body: { username: 'webreader', password: 'Pages2027x' } })).data as string;
    const upload = (name: string, bytes: Buffer) => {
      const boundary = '----member';
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`),
        bytes, Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return ts.server.sites.inject({ method: 'POST', url: `/api/member/avatar?sid=${sid}`, remoteAddress: ip, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}`, 'accept-language': 'en' } });
    };
    const ok = (await upload('me.png', await png(64, 64))).json() as Reply;
    expect(ok, ok.msg).toMatchObject({ code: 200 });
    expect(ok.data.avatar).toMatch(/^\/api\/member\/avatar\/\d+\?v=[0-9a-f]{12}$/);
    // Markup named .png, a picture too wide, and a small file announcing a huge one: refused.
    expect(((await upload('me.png', HTML_AS_PNG)).json() as Reply).code).toBe(500);
    expect(((await upload('wide.png', await png(3000, 8))).json() as Reply).msg).toBe('An avatar may be at most 2048 × 2048 pixels (this one is 3000 × 8)');
    expect(((await upload('bomb.png', bombPng())).json() as Reply).code).toBe(500);
    expect((await api('GET', '/api/member/info', { ip, token })).data.avatar).toBe(ok.data.avatar);
  });

  it('serves an avatar on the sites port as an image, never on the console\'s origin', async () => {
    const ip = newReader();
    const token = (await api('POST', '/api/member/login', { ip, body: { username: 'webreader', password: 'Pages2027x' } })).data as string;
    const picture = await png(40, 40);
    const boundary = '----served';
    const payload = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`), picture, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const up = await ts.server.sites.inject({ method: 'POST', url: `/api/member/avatar?sid=${sid}`, remoteAddress: ip, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` } });
    const url = (up.json() as Reply).data.avatar as string;
    // Who is signed in, and the comments, name the same picture.
    expect((await api('GET', '/api/member/is_login', { ip, token })).data.avatar).toBe(url);

    const got = await ts.server.sites.inject({ method: 'GET', url });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(picture)).toBe(true);
    expect(got.headers).toMatchObject({ 'content-type': 'image/png', 'x-content-type-options': 'nosniff', 'cache-control': 'public, max-age=31536000, immutable' });
    expect(got.headers['content-security-policy']).toContain('sandbox');
    // Asked for without (or with an old) version: cached briefly, so a new picture shows soon.
    expect((await ts.server.sites.inject({ method: 'GET', url: url.replace(/\?v=.*/, '?v=old') })).headers['cache-control']).toBe('public, max-age=300');
    // A member without one, no such member, a bad id: 404 (the page shows the initial).
    for (const none of ['/api/member/avatar/999999', '/api/member/avatar/x', '/api/member/avatar/0']) expect((await ts.server.sites.inject({ method: 'GET', url: none })).statusCode).toBe(404);

    // The file is kept out of the console's upload root, and the console serves no member avatar, not even one stored there before.
    const memberId = /avatar\/(\d+)/.exec(url)![1]!;
    const [row] = await ts.database.db.select({ avatar: cmsMember.avatar }).from(cmsMember).where(eq(cmsMember.memberId, Number(memberId)));
    expect(row!.avatar).toMatch(/^member-avatar\/\d{4}\/\d{2}\/\d{2}\/[0-9a-f]{32}\.png$/);
    const legacy = join(uploadRoot(ts.server.services.config.dataDir), 'member-avatar', 'old.png');
    mkdirSync(dirname(legacy), { recursive: true });
    writeFileSync(legacy, picture);
    for (const path of ['/profile/upload/member-avatar/old.png', `/profile/upload/${row!.avatar}`]) expect((await ts.server.app.inject({ method: 'GET', url: path })).statusCode, path).toBe(404);
    // A member whose stored avatar is from before is still shown, on the sites port.
    await ts.database.db.update(cmsMember).set({ avatar: '/profile/upload/member-avatar/old.png' }).where(eq(cmsMember.memberId, Number(memberId)));
    expect((await ts.server.sites.inject({ method: 'GET', url: `/api/member/avatar/${memberId}` })).statusCode).toBe(200);
  });

  it('removes a member\'s avatar file when the console deletes the member', async () => {
    const made = await ts.api('POST', '/member', { token: ts.admin, headers: { repeatsubmit: 'false' }, body: { userName: 'leaving', email: 'leaving@example.com', password: 'Harbour2026x' } });
    expect(made.code, made.msg).toBe(200);
    const ip = newReader();
    const token = (await api('POST', '/api/member/login', { ip, body: { username: 'leaving', password: 'Harbour2026x' } })).data as string;
    const boundary = '----leaving';
    const payload = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`), await png(20, 20), Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const up = await ts.server.sites.inject({ method: 'POST', url: `/api/member/avatar?sid=${sid}`, remoteAddress: ip, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` } });
    expect(up.statusCode, up.body).toBe(200);
    const [row] = await ts.database.db.select({ avatar: cmsMember.avatar }).from(cmsMember).where(eq(cmsMember.memberId, made.data.memberId));
    const file = join(ts.server.services.config.dataDir, row!.avatar!);
    expect(existsSync(file)).toBe(true);
    const gone = await ts.api('POST', '/member/delete', { token: ts.admin, headers: { repeatsubmit: 'false' }, body: [made.data.memberId] });
    expect(gone.code, gone.msg).toBe(200);
    expect(existsSync(file)).toBe(false);
  });
});

describe('throttles and locks', () => {
  it('refuses a sixth e-mail code from one address within ten minutes (429)', async () => {
    const ip = newReader();
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) answers.push((await api('GET', `/api/member/register_sms_code?email=flood${i}@example.com`, { ip })).status);
    expect(answers.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(answers[5]).toBe(429);
  });

  it('locks a member after the retry limit of wrong passwords', async () => {
    const ip = newReader();
    const msgs: string[] = [];
    for (let i = 0; i < 5; i++) msgs.push((await api('POST', '/api/member/login', { ip, body: { username: 'webreader', password: 'wrong-one' } })).msg);
    expect(msgs[0]).toBe('Wrong user name or password; 4 attempts left');
    expect(msgs[4]).toMatch(/locked/i);
    expect((await api('POST', '/api/member/login', { ip, body: { username: 'webreader', password: 'Pages2027x' } })).msg).toMatch(/locked/i);
  });
});
