import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray } from 'drizzle-orm';
import { sysMenu } from '../../system/index.ts';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { sysCaptcha } from '../../auth/index.ts';
import { startSmtpSink, type SmtpSink } from '../../messaging/test-sinks.ts';
import { FieldFailure } from '../../../core/errors.ts';
import { createUser, ensureRole, grantPermission } from '../../auth/test-fixtures.ts';
import { cmsMember } from '../member/schema.ts';
import { issueMemberToken } from '../member/session.ts';
import { cmsMailbox } from './schema.ts';
import { cmsSensitiveWord } from '../word/schema.ts';
import { mailboxCaptcha, mailboxSubmitBody, submitMessage, type MailboxSubmit } from './submit.ts';
import { parseInput } from '../../../core/validation.ts';

// Issue 31 item 7: readers' "contact us" messages (captcha, plain text, the site's sensitive words),
// and the console's Mailbox: listed by review status, reviewed both ways, answered by e-mail through
// the messaging platform (a local SMTP server), deleted — always the current site's messages only.
const ts = useTestServer({ config: { messagingAllowedHosts: ['127.0.0.1'] } });
const H = { repeatSubmit: 'false', 'accept-language': 'en' };
let siteId = 0;
let otherSite = 0;
let smtp: SmtpSink;

const call = (method: string, path: string, body?: unknown, o: { site?: number; token?: string; lang?: string; query?: Record<string, string> } = {}) =>
  ts.api(method, path, { token: o.token ?? ts.admin, body, query: o.query, headers: { ...H, 'accept-language': o.lang ?? 'en', CurrentSite: String(o.site ?? siteId) } });
async function ok(method: string, path: string, body?: unknown, o: Parameters<typeof call>[3] = {}) {
  const r = await call(method, path, body, o);
  expect(r.code, `${method} ${path}: ${r.msg}`).toBe(200);
  return r.data;
}

/** A captcha issued and answered right (its answer read from the table, as a reader reads the image). */
async function solved() {
  const c = await mailboxCaptcha(ts.database.db);
  const [row] = await ts.database.db.select().from(sysCaptcha).where(eq(sysCaptcha.uuid, c.uuid));
  return { uuid: c.uuid, code: row!.code };
}
const message = (over: Partial<MailboxSubmit> = {}): MailboxSubmit =>
  parseInput(mailboxSubmitBody, { title: 'Opening hours', name: 'Ann', email: 'ann@example.com', content: 'When are you open?', ...over }) as MailboxSubmit;
const send = async (over: Partial<MailboxSubmit> = {}, site = siteId) => submitMessage(ts.database.db, { ...message(over), ...(await solved()), ...over }, { siteId: site, ip: '198.51.100.20' });
const stored = async (id: number) => (await ts.database.db.select().from(cmsMailbox).where(eq(cmsMailbox.mailboxId, id)))[0]!;

beforeAll(async () => {
  smtp = await startSmtpSink();
  siteId = (await ok('POST', '/cms/site', { name: 'Mail site', path: 'mailsite' })).siteId;
  await ts.database.db.insert(cmsSensitiveWord).values([{ word: '赌博', type: 'SENSITIVE' }]);
  otherSite = (await ok('POST', '/cms/site', { name: 'Zeta mail', path: 'zetamail' })).siteId;
  await ok('POST', '/system/messaging/config', {
    name: 'mailbox-smtp', platform: 'SMTP', isDefault: 'Y',
    config: { host: '127.0.0.1', port: smtp.port, security: 'NONE', username: 'mailer', password: 'S3cret!', fromAddress: 'cms@example.com', fromName: 'Castanea' },
  });
});
afterAll(() => smtp?.close());

describe('a reader\'s message', () => {
  it('is stored unreviewed with the sender\'s address, once the captcha is answered', async () => {
    const { mailboxId } = await send();
    expect(await stored(mailboxId)).toMatchObject({ siteId, title: 'Opening hours', name: 'Ann', email: 'ann@example.com', reviewStatus: '0', ip: '198.51.100.20' });
  });

  it('is refused without a captcha, with a wrong one, and with a used one', async () => {
    const t = ts.server.services.i18n.translator('en');
    await expect(submitMessage(ts.database.db, message(), { siteId, ip: '1.2.3.4' })).rejects.toMatchObject({ key: 'mailbox.captcha' });
    const c = await solved();
    await expect(submitMessage(ts.database.db, { ...message(), uuid: c.uuid, code: 'zzzz' }, { siteId, ip: '1.2.3.4' })).rejects.toMatchObject({ key: 'mailbox.captcha' });
    // One guess per image: the right answer after a wrong one is refused too.
    await expect(submitMessage(ts.database.db, { ...message(), ...c }, { siteId, ip: '1.2.3.4' })).rejects.toMatchObject({ key: 'mailbox.captcha' });
    expect(t('mailbox.captcha')).toMatch(/captcha/i);
  });

  it('needs a way to answer, and checks the fields, naming them', async () => {
    await expect(send({ email: undefined, phone: undefined })).rejects.toMatchObject({ key: 'mailbox.contactRequired' });
    let failure: unknown;
    try {
      parseInput(mailboxSubmitBody, { title: '', name: 'Ann', email: 'not-an-address', content: 'x' });
    } catch (e) {
      failure = e;
    }
    expect(failure).toBeInstanceOf(FieldFailure);
    const issues = (failure as FieldFailure).issues.map((i) => ts.server.services.i18n.issueText('en', i, 'mailbox'));
    expect(issues.join(' | ')).toContain('Subject');
    expect((failure as FieldFailure).issues.map((i) => i.field)).toEqual(['title', 'email']);
  });

  it('takes a phone number as readers write one, from anywhere, and refuses what is none, naming the field', async () => {
    for (const phone of ['13800138000', '0912 345 678', '(02) 2345-6789', '+44 20 7946 0958']) {
      const { mailboxId } = await send({ email: undefined, phone });
      expect((await stored(mailboxId)).phone).toBe(phone);
    }
    for (const phone of ['call me', '<script>x</script>', '12']) {
      let failure: unknown;
      try {
        parseInput(mailboxSubmitBody, { title: 'T', name: 'N', content: 'C', phone });
      } catch (e) {
        failure = e;
      }
      expect((failure as FieldFailure).issues.map((i) => i.field), phone).toEqual(['phone']);
      expect(ts.server.services.i18n.issueText('en', (failure as FieldFailure).issues[0]!, 'mailbox')).toBe('Phone is not in a valid format');
    }
  });

  it('is kept as plain text: a script stays the characters typed', async () => {
    const script = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    const { mailboxId } = await send({ title: script, content: script });
    const row = await stored(mailboxId);
    expect(row.content).toBe(script);
    // The console gets it as a JSON string (the screen draws text, never HTML: mailbox.tsx).
    const got = await ok('GET', `/cms/mailbox/${mailboxId}`);
    expect(got.content).toBe(script);
  });

  it('meets the site\'s sensitive-word rule: refused naming the field, or masked', async () => {
    await ok('POST', '/cms/setting/words', { SensitiveWordCheck: 'Y', SensitiveWordAction: 'refuse' });
    const refused = await send({ content: '欢迎赌博' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(FieldFailure);
    expect(ts.server.services.i18n.issueText('en', (refused as FieldFailure).issues[0]!, 'mailbox')).toBe('Message contains sensitive words: 赌博');
    await ok('POST', '/cms/setting/words', { SensitiveWordCheck: 'Y', SensitiveWordAction: 'mask', SensitiveWordReplacement: '**' });
    const { mailboxId } = await send({ content: '欢迎赌博' });
    expect((await stored(mailboxId)).content).toBe('欢迎**');
    await ok('POST', '/cms/setting/words', { SensitiveWordCheck: 'N' });
  });
});

describe('the Mailbox screen', () => {
  it('lists the current site\'s messages by review status, another site\'s never', async () => {
    const mine = (await send({ title: 'Listed here' })).mailboxId;
    const theirs = (await send({ title: 'Zeta secret' }, otherSite)).mailboxId;
    const list = await ok('GET', '/cms/mailbox/list', undefined, { query: { reviewStatus: '0' } });
    expect(list.rows.map((r: { mailboxId: number }) => r.mailboxId)).toContain(mine);
    expect(JSON.stringify(list)).not.toContain('Zeta secret');
    expect((await call('GET', `/cms/mailbox/${theirs}`)).code).not.toBe(200);
    expect((await ok('GET', '/cms/mailbox/list', undefined, { query: { reviewStatus: '1' } })).rows.map((r: { mailboxId: number }) => r.mailboxId)).not.toContain(mine);
  });

  it('marks a message reviewed and back to unreviewed, recording who reviewed it', async () => {
    const { mailboxId } = await send({ title: 'Review me' });
    await ok('PUT', '/cms/mailbox/review', { mailboxIds: [mailboxId], reviewStatus: '1' });
    expect(await stored(mailboxId)).toMatchObject({ reviewStatus: '1', reviewBy: 'admin' });
    expect((await ok('GET', '/cms/mailbox/list', undefined, { query: { reviewStatus: '1' } })).rows.map((r: { mailboxId: number }) => r.mailboxId)).toContain(mailboxId);
    await ok('PUT', '/cms/mailbox/review', { mailboxIds: [mailboxId], reviewStatus: '0' });
    expect(await stored(mailboxId)).toMatchObject({ reviewStatus: '0', reviewBy: null, reviewTime: null });
  });

  it('refuses a review naming another site\'s message, changing nothing', async () => {
    const mine = (await send()).mailboxId;
    const theirs = (await send({}, otherSite)).mailboxId;
    const r = await call('PUT', '/cms/mailbox/review', { mailboxIds: [mine, theirs], reviewStatus: '1' });
    expect(r.code).toBe(500);
    expect(r.msg).toBe('No such message');
    expect((await stored(mine)).reviewStatus).toBe('0');
    expect((await stored(theirs)).reviewStatus).toBe('0');
  });

  it('answers by e-mail through the messaging platform: the mail reaches the SMTP server and the message is reviewed', async () => {
    const { mailboxId } = await send({ title: 'Parking?', email: 'reader@example.com' });
    const before = smtp.mails.length;
    await ok('POST', '/cms/mailbox/reply', { mailboxId, content: 'Yes, behind the building.' });
    const mails = smtp.mails.slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ from: 'cms@example.com', to: ['reader@example.com'], subject: 'Re: Parking?' });
    expect(mails[0]!.raw).toContain('Yes, behind the building.');
    expect(await stored(mailboxId)).toMatchObject({ replyContent: 'Yes, behind the building.', replyBy: 'admin', reviewStatus: '1' });
    // In the replier's language when no subject is given.
    await ok('POST', '/cms/mailbox/reply', { mailboxId, content: '好的' }, { lang: 'zh-CN' });
    expect(smtp.mails.at(-1)!.subject).toBe('回复：Parking?');
  });

  it('cannot reply without the sender\'s e-mail, and says why a mail did not go out', async () => {
    const { mailboxId } = await send({ email: undefined, phone: '13800138000' });
    const r = await call('POST', '/cms/mailbox/reply', { mailboxId, content: 'x' }, { lang: 'zh-TW' });
    expect(r.msg).toBe('留言人未留電子郵件，無法郵件回覆');
    const theirs = (await send({}, otherSite)).mailboxId;
    const before = smtp.mails.length;
    expect((await call('POST', '/cms/mailbox/reply', { mailboxId: theirs, content: 'x' })).msg).toBe('No such message');
    expect(smtp.mails.length).toBe(before);
  });

  it('deletes the current site\'s messages only', async () => {
    const mine = (await send()).mailboxId;
    const theirs = (await send({}, otherSite)).mailboxId;
    expect((await call('DELETE', '/cms/mailbox', [theirs])).code).not.toBe(200);
    await ok('DELETE', '/cms/mailbox', [mine]);
    expect(await stored(mine)).toBeUndefined();
    expect(await stored(theirs)).toBeDefined();
  });

  it('needs the Review key to review and reply, the Delete key to delete', async () => {
    await grantPermission(ts.database.db, 'mailbox_viewer', 'cms:mailbox:view');
    await createUser(ts.database.db, 'mailviewer', { roles: ['mailbox_viewer'] });
    const viewer = await ts.login('mailviewer', 'Secret123');
    const { mailboxId } = await send();
    expect((await call('PUT', '/cms/mailbox/review', { mailboxIds: [mailboxId], reviewStatus: '1' }, { token: viewer })).code).toBe(403);
    expect((await call('POST', '/cms/mailbox/reply', { mailboxId, content: 'x' }, { token: viewer })).code).toBe(403);
    expect((await call('DELETE', '/cms/mailbox', [mailboxId], { token: viewer })).code).toBe(403);
  });

  it('ships its menu with the Review and Delete buttons', async () => {
    const rows = await ts.database.db.select({ id: sysMenu.menuId, perms: sysMenu.perms }).from(sysMenu).where(inArray(sysMenu.menuId, [3220, 3221, 3222])).orderBy(asc(sysMenu.menuId));
    expect(rows.map((r) => [r.id, r.perms])).toEqual([[3220, 'cms:mailbox:view'], [3221, 'cms:mailbox:audit'], [3222, 'cms:mailbox:remove']]);
  });
});

describe('the public routes on the sites\' origin', () => {
  const onSites = (method: 'GET' | 'POST', url: string, payload?: object, lang = 'en') =>
    ts.server.sites.inject({ method, url, payload, remoteAddress: '198.51.100.44', headers: { 'accept-language': lang } });

  it('give a captcha, then take the message for the site named by ?sid=', async () => {
    const c = await onSites('GET', `/api/mailbox/captcha?sid=${siteId}`);
    expect(c.statusCode, c.body).toBe(200);
    const { uuid, img } = c.json().data;
    expect(img).toBeTruthy();
    const [row] = await ts.database.db.select().from(sysCaptcha).where(eq(sysCaptcha.uuid, uuid));
    const r = await onSites('POST', `/api/mailbox/submit?sid=${siteId}`, { title: 'Via HTTP', name: 'Cy', email: 'cy@example.com', content: '<b>hi</b>', uuid, code: row!.code });
    expect(r.statusCode, r.body).toBe(200);
    expect(await stored(r.json().data.mailboxId)).toMatchObject({ siteId, title: 'Via HTTP', content: '<b>hi</b>', ip: '198.51.100.44' });
  });

  it('refuse a wrong captcha and a bad field in the reader\'s language, naming the field', async () => {
    const bad = await onSites('POST', `/api/mailbox/submit?sid=${siteId}`, { title: 'x', name: 'Cy', email: 'cy@example.com', content: 'x', uuid: 'nope', code: '1234' }, 'zh-CN');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('验证码错误或已过期，请重新获取');
    const field = await onSites('POST', `/api/mailbox/submit?sid=${siteId}`, { title: '', name: 'Cy', content: 'x' }, 'zh-TW');
    expect(field.json()).toMatchObject({ data: { field: 'title' } });
    expect(field.json().msg).toContain('主旨');
    expect((await onSites('POST', '/api/mailbox/submit?sid=999999', { title: 'x' })).statusCode).toBe(404);
  });
});

describe('who may handle a site\'s messages', () => {
  // Scoped users: the role's keys say what they may do, the site grants where. Every role below is
  // granted View and Edit on the mail site but the last, which holds every key on the other site only.
  const tokens: Record<string, string> = {};
  const grantSite = (roleId: number, site: number) =>
    ok('POST', '/cms/perms/site', { ownerType: 'Role', owner: roleId, perms: [{ siteId: site, perms: { View: { granted: true }, Edit: { granted: true } } }] });
  beforeAll(async () => {
    const db = ts.database.db;
    const roles: [string, string[], number][] = [
      ['none', ['cms:site:view'], siteId],
      ['reader', ['cms:site:view', 'cms:mailbox:view'], siteId],
      ['desk', ['cms:site:view', 'cms:mailbox:view', 'cms:mailbox:audit', 'cms:mailbox:remove'], siteId],
      ['elsewhere', ['cms:site:view', 'cms:mailbox:view', 'cms:mailbox:audit', 'cms:mailbox:remove'], otherSite],
    ];
    for (const [name, keys, site] of roles) {
      const roleId = await ensureRole(db, `mail_${name}`);
      for (const key of keys) await grantPermission(db, `mail_${name}`, key);
      await grantSite(roleId, site);
      await createUser(db, `mail${name}`, { roles: [`mail_${name}`] });
      tokens[name] = await ts.loginReady(`mail${name}`, 'Secret123');
    }
  });

  it('refuses a user granted the site without the keys; the View key reads, the Review key reviews', async () => {
    const { mailboxId } = await send({ title: 'Scoped' });
    const as = (who: string) => ({ token: tokens[who] });
    expect((await call('GET', '/cms/mailbox/list', undefined, as('none'))).code).toBe(403);
    expect((await call('GET', `/cms/mailbox/${mailboxId}`, undefined, as('none'))).code).toBe(403);
    expect((await call('PUT', '/cms/mailbox/review', { mailboxIds: [mailboxId], reviewStatus: '1' }, as('none'))).code).toBe(403);
    const listed = await call('GET', '/cms/mailbox/list', undefined, as('reader'));
    expect(listed.code).toBe(200);
    expect(listed.data.rows.map((r: { mailboxId: number }) => r.mailboxId)).toContain(mailboxId);
    expect((await call('PUT', '/cms/mailbox/review', { mailboxIds: [mailboxId], reviewStatus: '1' }, as('reader'))).code).toBe(403);
    expect((await call('DELETE', '/cms/mailbox', [mailboxId], as('reader'))).code).toBe(403);
    expect((await stored(mailboxId)).reviewStatus).toBe('0');
    expect((await call('PUT', '/cms/mailbox/review', { mailboxIds: [mailboxId], reviewStatus: '1' }, as('desk'))).code).toBe(200);
    expect(await stored(mailboxId)).toMatchObject({ reviewStatus: '1', reviewBy: 'maildesk' });
  });

  it('never lets a user of another site reach the site\'s messages, whatever the ids or the site named', async () => {
    const { mailboxId } = await send({ title: 'Not yours' });
    const o = { token: tokens.elsewhere };
    // Naming the mail site: not theirs.
    expect((await call('GET', '/cms/mailbox/list', undefined, { ...o, site: siteId })).code).toBe(403);
    expect((await call('PUT', '/cms/mailbox/review', { mailboxIds: [mailboxId], reviewStatus: '1' }, { ...o, site: siteId })).code).toBe(403);
    // On their own site, the mail site's ids (and a site id slipped into the body) reach nothing.
    const mine = { ...o, site: otherSite };
    const listed = await call('GET', '/cms/mailbox/list', undefined, mine);
    expect(listed.code).toBe(200);
    expect(JSON.stringify(listed.data)).not.toContain('Not yours');
    expect((await call('GET', `/cms/mailbox/${mailboxId}`, undefined, mine)).code).not.toBe(200);
    expect((await call('PUT', '/cms/mailbox/review', { mailboxIds: [mailboxId], reviewStatus: '1', siteId }, mine)).msg).toBe('No such message');
    expect((await call('POST', '/cms/mailbox/reply', { mailboxId, content: 'x', siteId }, mine)).msg).toBe('No such message');
    expect((await call('DELETE', '/cms/mailbox', [mailboxId], mine)).code).not.toBe(200);
    expect(await stored(mailboxId)).toMatchObject({ siteId, reviewStatus: '0', replyContent: null });
  });
});

describe('the public submission', () => {
  const submit = async (payload: Record<string, unknown>, bearer?: string) => {
    const c = await solved();
    return ts.server.sites.inject({
      method: 'POST', url: `/api/mailbox/submit?sid=${siteId}`, payload: { ...payload, ...c }, remoteAddress: '198.51.100.45',
      headers: { 'accept-language': 'en', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    });
  };

  it('records the member who sent it; a console token is no member: the message is anonymous', async () => {
    const [m] = await ts.database.db.insert(cmsMember).values({ userName: 'mailmember', nickName: 'Mail member', password: 'x' }).returning();
    const member = await issueMemberToken(ts.database.db, m!.memberId, { ip: '198.51.100.45' });
    const signed = await submit({ title: 'From a member', name: 'M', email: 'm@example.com', content: 'Hi' }, member);
    expect(signed.statusCode, signed.body).toBe(200);
    expect((await stored(signed.json().data.mailboxId)).memberId).toBe(m!.memberId);
    const consoleToken = await submit({ title: 'From a console user', name: 'A', email: 'a@example.com', content: 'Hi' }, ts.admin);
    expect(consoleToken.statusCode, consoleToken.body).toBe(200);
    expect((await stored(consoleToken.json().data.mailboxId)).memberId).toBeNull();
  });

  it('keeps markup in every text field as the characters typed; a script is no phone or address', async () => {
    const script = (n: number) => `<script>alert(${n})</script><img src=x onerror=alert(${n})>`;
    const r = await submit({ title: script(1), name: script(2).slice(0, 50), email: 'x@example.com', content: script(3) });
    expect(r.statusCode, r.body).toBe(200);
    expect(await stored(r.json().data.mailboxId)).toMatchObject({ title: script(1), name: script(2).slice(0, 50), content: script(3) });
    for (const field of ['phone', 'email']) {
      const bad = await submit({ title: 'T', name: 'N', content: 'C', phone: '13800138000', email: 'x@example.com', [field]: script(4) });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().data).toEqual({ field });
    }
  });
});
