import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { startSmtpSink, type SmtpSink } from '../../messaging/test-sinks.ts';
import { createUser } from '../../auth/test-fixtures.ts';
import { hashPassword } from '../../system/index.ts';
import { AppError } from '../../../core/errors.ts';
import { cmsSite } from '../schema.ts';
import { PUBLIC_ROUTES } from '../public-api/all-routes.ts';
import type { MemberCaller } from './session.ts';
import { memberOfToken } from './session.ts';
import { cmsMember, cmsMemberEmailCode } from './schema.ts';
import { changeEmail, changePassword, login, logout, register, resetForgotten, sendChangeEmailCode, sendForgotCode, sendRegisterCode, type MemberCall } from './account.ts';
import { levels, ownInfo, saveInfo, signIn, signInMonth, whoAmI } from './profile.ts';
import { MEMBER_PUBLIC_ROUTES } from './public-routes.ts';
import { MAX_TRIES } from './email-codes.ts';

// Members' own account through the public API's operations (issue 31 item 2), called as the
// public routes call them, with mail going through System → Messaging to a local SMTP server.
const ts = useTestServer({ config: { messagingAllowedHosts: ['127.0.0.1'] } });
let smtp: SmtpSink;
let site: MemberCall['site'];

const callAs = (member: MemberCaller | null = null, token: string | null = null, locale: MemberCall['locale'] = 'en'): MemberCall => ({
  // Read when used: the server starts in beforeAll.
  get services() { return ts.server.services; },
  get site() { return site; },
  member, token, ip: '203.0.113.9', userAgent: 'vitest', locale,
});
const anon = callAs();
const asToken = async (token: string) => callAs(await memberOfToken(ts.database.db, token), token);

/** The six-digit code of the last mail to `to`. */
function codeMailedTo(to: string, before: number): { code: string; subject: string } {
  const mail = smtp.mails.slice(before).filter((m) => m.to.includes(to)).at(-1);
  expect(mail, `a mail to ${to}`).toBeDefined();
  const code = /\b(\d{6})\b/.exec(mail!.raw.replace(/=\r?\n/g, ''))?.[1];
  expect(code).toBeDefined();
  return { code: code!, subject: mail!.subject };
}

const refusal = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    if (err instanceof AppError) return ts.server.services.i18n.translator('en')(err.key, err.params);
    throw err;
  }
  throw new Error('not refused');
};

beforeAll(async () => {
  smtp = await startSmtpSink();
  const r = await ts.api('POST', '/system/messaging/config', {
    token: ts.admin, headers: { repeatsubmit: 'false' },
    body: { name: 'mail', platform: 'SMTP', isDefault: 'Y', config: { host: '127.0.0.1', port: smtp.port, security: 'NONE', username: 'mailer', password: 'S3cret!', fromAddress: 'cms@example.com', fromName: 'Castanea' } },
  });
  expect(r.code, r.msg).toBe(200);
  const [demo] = await ts.database.db.select().from(cmsSite).where(eq(cmsSite.path, 'demo'));
  site = { siteId: demo!.siteId, path: demo!.path, name: 'Demo', configProps: {} };
});
afterAll(async () => {
  await smtp?.close();
});

describe('register, sign in, profile, password, sign out', () => {
  let tokenA = '';

  it('mails a registration code, registers with it once, and refuses a wrong one', async () => {
    const before = smtp.mails.length;
    await sendRegisterCode(anon, 'reader@example.com');
    const { code, subject } = codeMailedTo('reader@example.com', before);
    expect(subject).toBe('Demo registration code');
    const body = { userName: 'reader', email: 'reader@example.com', password: 'Bookworm2026', authCode: code };
    expect(await refusal(register(anon, { ...body, authCode: code === '000000' ? '111111' : '000000' }))).toBe('The code is wrong or no longer valid; ask for a new one');
    const { memberId } = await register(anon, body);
    const [row] = await ts.database.db.select().from(cmsMember).where(eq(cmsMember.memberId, memberId));
    expect(row).toMatchObject({ userName: 'reader', source: 'Register', sourceSite: site!.siteId });
    expect(row!.password).toMatch(/^scrypt\$/);
    // The code is spent, and only its hash was ever stored.
    expect(await refusal(register(anon, { ...body, userName: 'reader2' }))).toMatch(/already|code/);
    expect(JSON.stringify(await ts.database.db.select().from(cmsMemberEmailCode))).not.toContain(`"${code}"`);
    // An address that has a member gets no code.
    expect(await refusal(sendRegisterCode(anon, 'READER@example.com'))).toBe('The email "READER@example.com" is already in use');
  });

  it('gives up a code after a few wrong tries, even for the right one', async () => {
    const before = smtp.mails.length;
    await sendRegisterCode(anon, 'guesser@example.com');
    const { code } = codeMailedTo('guesser@example.com', before);
    const wrong = code === '999999' ? '999998' : '999999';
    for (let i = 0; i < MAX_TRIES; i++) await refusal(register(anon, { userName: 'guesser', email: 'guesser@example.com', password: 'Guess2026x', authCode: wrong }));
    expect(await refusal(register(anon, { userName: 'guesser', email: 'guesser@example.com', password: 'Guess2026x', authCode: code }))).toBe('The code is wrong or no longer valid; ask for a new one');
  });

  it('signs in by user name or address with an m_ token; is_login and info show the member, never its hash', async () => {
    tokenA = await login(anon, { username: 'Reader', password: 'Bookworm2026' });
    expect(tokenA).toMatch(/^m_/);
    expect(await login(anon, { username: 'reader@EXAMPLE.com', password: 'Bookworm2026' })).toMatch(/^m_/);
    const me = await asToken(tokenA);
    expect(await whoAmI(me)).toMatchObject({ userName: 'reader', level: 0 });
    expect(await whoAmI(anon)).toBeNull();
    await saveInfo(me, { nickName: '<b>Reader</b>', signature: 'hello' });
    const info = await ownInfo(me);
    expect(info).toMatchObject({ userName: 'reader', nickName: '<b>Reader</b>', email: 'reader@example.com', signature: 'hello' });
    expect(JSON.stringify(info)).not.toMatch(/password|scrypt/);
  });

  it('keeps member and console sessions apart', async () => {
    // A member token opens no console route…
    expect((await ts.api('GET', '/getInfo', { token: tokenA })).code).toBe(401);
    expect((await ts.api('GET', '/member/list', { token: tokenA })).code).toBe(401);
    // …and a console token is no member.
    expect(await memberOfToken(ts.database.db, ts.admin)).toBeNull();
    expect(await memberOfToken(ts.database.db, `m_${ts.admin}`)).toBeNull();
  });

  it('changes the password knowing the old one, ending every other session', async () => {
    const tokenB = await login(anon, { username: 'reader', password: 'Bookworm2026' });
    const me = await asToken(tokenA);
    expect(await refusal(changePassword(me, { oldPassword: 'wrong-old', password: 'Bookworm2027' }))).toBe('The old password is wrong; 4 attempts left');
    expect(await refusal(changePassword(me, { oldPassword: 'Bookworm2026', password: 'short' }))).toMatch(/^The password must be between/);
    await changePassword(me, { oldPassword: 'Bookworm2026', password: 'Bookworm2027' });
    expect(await memberOfToken(ts.database.db, tokenB)).toBeNull();
    expect(await memberOfToken(ts.database.db, tokenA)).not.toBeNull();
    expect(await refusal(login(anon, { username: 'reader', password: 'Bookworm2026' }))).toMatch(/^Wrong user name or password/);
  });

  it('signs out', async () => {
    await logout(await asToken(tokenA));
    expect(await memberOfToken(ts.database.db, tokenA)).toBeNull();
    await logout(anon);
  });
});

describe('sign-in lock', () => {
  it('locks a member\'s name after the retry limit of wrong passwords, not a console user\'s of the same name', async () => {
    await ts.database.db.insert(cmsMember).values({ userName: 'twin', password: await hashPassword('Twin2026x') });
    await createUser(ts.database.db, 'twin', { password: 'Twin2026x' });
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) answers.push(await refusal(login(anon, { username: 'twin', password: 'nope' })));
    expect(answers.slice(0, 4)).toEqual([4, 3, 2, 1].map((n) => `Wrong user name or password; ${n} attempts left`));
    expect(answers[4]).toMatch(/locked|10 minutes/i);
    // The right password is refused while the lock runs.
    expect(await refusal(login(anon, { username: 'twin', password: 'Twin2026x' }))).toMatch(/locked/i);
    // The console user of the same name is not locked.
    expect((await ts.api('POST', '/login', { body: { username: 'twin', password: 'Twin2026x' } })).code).toBe(200);
    // An unknown name is answered alike.
    expect(await refusal(login(anon, { username: 'nobody_here', password: 'nope' }))).toBe('Wrong user name or password; 4 attempts left');
  });
});

describe('forgotten password and a new address', () => {
  it('mails a reset code only to a member\'s address, answering the same either way', async () => {
    const before = smtp.mails.length;
    await sendForgotCode(anon, 'stranger@example.com');
    expect(smtp.mails.length).toBe(before);
    const token = await login(anon, { username: 'reader', password: 'Bookworm2027' });
    await sendForgotCode(anon, 'reader@example.com');
    const { code } = codeMailedTo('reader@example.com', before);
    await resetForgotten(anon, { email: 'reader@example.com', authCode: code, password: 'Bookworm2028' });
    expect(await memberOfToken(ts.database.db, token)).toBeNull();
    expect(await login(anon, { username: 'reader', password: 'Bookworm2028' })).toMatch(/^m_/);
  });

  it('changes the address with a code mailed to the new one', async () => {
    const me = await asToken(await login(anon, { username: 'reader', password: 'Bookworm2028' }));
    const before = smtp.mails.length;
    await sendChangeEmailCode(me, 'new.reader@example.com');
    const { code } = codeMailedTo('new.reader@example.com', before);
    // An address another member has gets no code, and the code is bound to the member who asked.
    await ts.database.db.insert(cmsMember).values({ userName: 'other', email: 'other@example.com', password: await hashPassword('Other2026x') });
    expect(await refusal(sendChangeEmailCode(me, 'OTHER@example.com'))).toBe('The email "OTHER@example.com" is already in use');
    const other = await asToken(await login(anon, { username: 'other', password: 'Other2026x' }));
    expect(await refusal(changeEmail(other, { email: 'new.reader@example.com', authCode: code }))).toBe('The code is wrong or no longer valid; ask for a new one');
    await changeEmail(me, { email: 'new.reader@example.com', authCode: code });
    expect((await ownInfo(me)).email).toBe('new.reader@example.com');
  });
});

describe('levels and daily sign-in', () => {
  it('signs in once a day, counting the streak and granting the signIn rule\'s experience', async () => {
    await ts.api('POST', '/member/levelConfig', { token: ts.admin, headers: { repeatsubmit: 'false' }, body: { level: 0, name: 'New', nextNeedExp: 8 } });
    await ts.api('POST', '/member/levelConfig', { token: ts.admin, headers: { repeatsubmit: 'false' }, body: { level: 1, name: 'Known', nextNeedExp: 100 } });
    await ts.api('POST', '/member/expConfig', { token: ts.admin, headers: { repeatsubmit: 'false' }, body: { opType: 'signIn', exp: 5, dayLimit: 1 } });
    const me = await asToken(await login(anon, { username: 'reader', password: 'Bookworm2028' }));
    const day1 = new Date(2026, 2, 30, 10);
    const day2 = new Date(2026, 2, 31, 9);
    const day4 = new Date(2026, 3, 2, 9);
    expect(await signIn(me, day1)).toMatchObject({ day: '2026-03-30', streak: 1, exp: 5, totalExp: 5, level: 0, levelUp: false });
    expect(await refusal(signIn(me, new Date(2026, 2, 30, 23)))).toBe('You have already signed in today');
    expect(await signIn(me, day2)).toMatchObject({ streak: 2, exp: 5, totalExp: 10, level: 1, levelUp: true });
    expect(await signIn(me, day4)).toMatchObject({ streak: 1 });
    const march = await signInMonth(me, { year: 2026, month: 3 }, day2);
    expect(march.days.map((d) => d.day)).toEqual(['2026-03-30', '2026-03-31']);
    expect(march).toMatchObject({ signedToday: true, streak: 2 });
    expect(await levels(me)).toMatchObject({ exp: 15, level: 1, levels: [{ level: 0, name: 'New' }, { level: 1, name: 'Known' }] });
  });
});

describe('public route declarations', () => {
  it('are all in the public API, writes throttled, member routes marked', () => {
    for (const r of MEMBER_PUBLIC_ROUTES) expect(PUBLIC_ROUTES).toContain(r);
    const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
    const writes = MEMBER_PUBLIC_ROUTES.filter((r) => r.method !== 'GET' && r.url !== '/api/member/logout');
    for (const r of writes) expect(r.limits?.length, key(r)).toBeGreaterThan(0);
    const needing = MEMBER_PUBLIC_ROUTES.filter((r) => r.member === 'required').map(key);
    expect(needing).toEqual(expect.arrayContaining(['GET /api/member/info', 'POST /api/member/info', 'POST /api/member/avatar', 'POST /api/member/reset_pwd', 'GET /api/member/signIn', 'POST /api/member/signIn', 'GET /api/member/level', 'POST /api/member/change_email']));
    expect(MEMBER_PUBLIC_ROUTES.map(key)).toEqual(expect.arrayContaining(['GET /api/member/register_sms_code', 'POST /api/member/register', 'POST /api/member/login', 'POST /api/member/logout', 'GET /api/member/is_login']));
  });
});
