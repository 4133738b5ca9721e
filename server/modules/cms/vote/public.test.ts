import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { createServer, type CastaneaServer } from '../../../app.ts';
import { openDatabase, type Database } from '../../../db/client.ts';
import { cmsSite } from '../schema.ts';
import { cmsMember } from '../member/schema.ts';
import { issueMemberToken } from '../member/session.ts';
import { cmsVote, cmsVoteLog, cmsVoteSubject, cmsVoteSubjectItem } from './schema.ts';

// The readers' vote API through the sites' origin (issue 31 item 4): the form's data, submitting
// (JSON from a script, or a plain form without one), results per view type, members-only votes,
// the throttle, and the vote's limits exact under 50 simultaneous requests — also split between
// two servers on one PostgreSQL.
const ts = useTestServer({ config: { rateLimits: true } });
let siteId = 0;
let otherSite = 0;
let token = '';
let memberId = 0;
let ipSerial = 0;
/** A fresh address per test, so the per-address throttle of one test does not spill into the next. */
const nextIp = () => `10.9.${Math.floor(++ipSerial / 250)}.${ipSerial % 250}`;

interface Made { voteId: number; radio: number; text: number; yes: number; no: number }
async function makeVote(values: Partial<typeof cmsVote.$inferInsert> = {}, site = siteId): Promise<Made> {
  const db = ts.database.db;
  const [vote] = await db.insert(cmsVote).values({ siteId: site, code: `p${++ipSerial}`, title: 'Lunch poll', totalLimit: 0, dayLimit: 0, ...values }).returning();
  const [radio] = await db.insert(cmsVoteSubject).values({ siteId: site, voteId: vote!.voteId, type: 'radio', title: 'Pizza?', sortFlag: 1 }).returning();
  const [text] = await db.insert(cmsVoteSubject).values({ siteId: site, voteId: vote!.voteId, type: 'input', title: 'Toppings', sortFlag: 2 }).returning();
  const [yes, no] = await db.insert(cmsVoteSubjectItem).values([
    { siteId: site, voteId: vote!.voteId, subjectId: radio!.subjectId, content: 'Yes', sortFlag: 0 },
    { siteId: site, voteId: vote!.voteId, subjectId: radio!.subjectId, content: 'No', sortFlag: 1 },
  ]).returning();
  return { voteId: vote!.voteId, radio: radio!.subjectId, text: text!.subjectId, yes: yes!.itemId, no: no!.itemId };
}

type Inject = CastaneaServer['sites']['inject'];
function via(inject: Inject) {
  return (method: 'GET' | 'POST', url: string, o: { body?: unknown; form?: string; token?: string; ip?: string; lang?: string; referer?: string } = {}) => inject({
    method, url, remoteAddress: o.ip ?? '10.8.0.1',
    payload: o.form ?? (o.body as object | undefined),
    headers: {
      'accept-language': o.lang ?? 'en',
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      ...(o.form !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      ...(o.referer ? { referer: o.referer } : {}),
    },
  });
}
const call = (...a: Parameters<ReturnType<typeof via>>) => via(ts.server.sites.inject.bind(ts.server.sites))(...a);
const answer = (v: Made, item = v.yes) => ({ voteId: v.voteId, subjects: [{ subjectId: v.radio, itemIds: [item] }, { subjectId: v.text, text: 'olives' }] });
const logs = (voteId: number) => ts.database.db.select().from(cmsVoteLog).where(eq(cmsVoteLog.voteId, voteId));

beforeAll(async () => {
  const db = ts.database.db;
  [{ siteId }] = await db.insert(cmsSite).values({ name: 'Voting site', path: 'voting' }).returning({ siteId: cmsSite.siteId });
  [{ siteId: otherSite }] = await db.insert(cmsSite).values({ name: 'Other', path: 'othervoting' }).returning({ siteId: cmsSite.siteId });
  [{ memberId }] = await db.insert(cmsMember).values({ userName: 'voter1', password: 'x' }).returning({ memberId: cmsMember.memberId });
  token = await issueMemberToken(db, memberId, { ip: '10.8.0.1' });
});

describe('the form and a submission', () => {
  it('answers the form\'s data for the request\'s site only, and no stopped vote', async () => {
    const v = await makeVote({ viewType: '1' });
    const r = await call('GET', `/api/vote/${v.voteId}?sid=${siteId}`);
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toMatchObject({ voteId: v.voteId, title: 'Lunch poll', state: 'open', voted: 0, resultVisible: false, subjects: [{ title: 'Pizza?', type: 'radio', items: [{ itemId: v.yes, content: 'Yes' }, { itemId: v.no, content: 'No' }] }, { title: 'Toppings', type: 'input', items: [] }] });
    expect((await call('GET', `/api/vote/${v.voteId}?sid=${otherSite}`)).json()).toMatchObject({ code: 500, msg: 'No such vote' });
    const stopped = await makeVote({ status: '1' });
    expect((await call('GET', `/api/vote/${stopped.voteId}?sid=${siteId}`, { lang: 'zh-CN' })).json().msg).toBe('投票不存在');
  });

  it('stores a script\'s submission, then shows the voter the results it was waiting for', async () => {
    const v = await makeVote({ viewType: '1' });
    const ip = nextIp();
    expect((await call('GET', `/api/vote/result/${v.voteId}?sid=${siteId}`, { ip })).json()).toMatchObject({ code: 500, msg: 'The results are shown once you have voted' });
    const r = await call('POST', '/api/vote', { body: { sid: siteId, ...answer(v) }, ip });
    expect(r.json()).toMatchObject({ code: 200, data: { voteId: v.voteId } });
    const res = (await call('GET', `/api/vote/result/${v.voteId}?sid=${siteId}`, { ip })).json().data;
    expect(res.subjects[0].items).toEqual([{ itemId: v.yes, content: 'Yes', total: 1, percent: 100 }, { itemId: v.no, content: 'No', total: 0, percent: 0 }]);
    // Readers never get the text answers.
    expect(JSON.stringify(res)).not.toContain('olives');
    expect((await call('GET', `/api/vote/${v.voteId}?sid=${siteId}`, { ip })).json().data).toMatchObject({ voted: 1, votedToday: 1, resultVisible: true, total: 1 });
    // Another site's request cannot submit to it.
    expect((await call('POST', '/api/vote', { body: { sid: otherSite, ...answer(v) }, ip: nextIp() })).json().msg).toBe('No such vote');
  });

  it('names the unanswered subject in the reader\'s language', async () => {
    const v = await makeVote();
    const body = { sid: siteId, voteId: v.voteId, subjects: [{ subjectId: v.text, text: 'x' }] };
    const r = await call('POST', '/api/vote', { body, lang: 'zh-TW', ip: nextIp() });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ msg: '請回答「Pizza?」', data: { field: `s${v.radio}` } });
  });

  it('keeps results hidden when the vote says never, and shows them always when it says so', async () => {
    const never = await makeVote({ viewType: '0' });
    await call('POST', '/api/vote', { body: { sid: siteId, ...answer(never) }, ip: nextIp() });
    expect((await call('GET', `/api/vote/result/${never.voteId}?sid=${siteId}`)).json().msg).toBe('The results of this vote are not shown');
    // Not even how many took part, to the voter either.
    const ip = nextIp();
    await call('POST', '/api/vote', { body: { sid: siteId, ...answer(never) }, ip });
    expect((await call('GET', `/api/vote/${never.voteId}?sid=${siteId}`, { ip })).json().data).toMatchObject({ voted: 1, resultVisible: false, total: null });
    const always = await makeVote({ viewType: '2' });
    expect((await call('GET', `/api/vote/result/${always.voteId}?sid=${siteId}`)).json()).toMatchObject({ code: 200, data: { total: 0 } });
  });

  it('takes a plain form without script and answers an HTML page: thanks and the results, the way back on this origin only', async () => {
    const v = await makeVote({ viewType: '2', totalLimit: 1 });
    const ip = nextIp();
    const form = `sid=${siteId}&voteId=${v.voteId}&s${v.radio}=${v.no}&s${v.text}=${encodeURIComponent('<b>ham</b>')}`;
    const r = await call('POST', '/api/vote', { form, ip, referer: 'http://localhost/voting/news/1.shtml' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/html/);
    expect(r.body).toContain('<h1>Thank you for voting</h1>');
    expect(r.body).toContain('No</span> <progress max="100" value="100">');
    expect(r.body).toContain('<a href="/voting/news/1.shtml">Back</a>');
    expect((await logs(v.voteId))[0]!.result[1]).toEqual({ subjectId: v.text, text: '<b>ham</b>' });
    const again = await call('POST', '/api/vote', { form, ip, referer: 'https://evil.example/x', lang: 'zh-CN' });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('<h1>未能投票</h1><p>已投票 1 次，已达总次数上限</p><p><a href="/">返回</a>');
    const page = await call('GET', `/api/vote/result/${v.voteId}?sid=${siteId}&format=html`);
    expect(page.body).toContain('<title>Lunch poll · Results</title>');
  });
});

describe('members-only votes', () => {
  it('need a member token: a guest and a console token are refused with 401, a member is counted per member', async () => {
    const v = await makeVote({ userType: 'member', totalLimit: 1 });
    const guest = await call('POST', '/api/vote', { body: { sid: siteId, ...answer(v) }, ip: nextIp() });
    expect(guest.statusCode).toBe(401);
    expect(guest.json().msg).toBe('Only members may take part in this vote: please sign in');
    expect((await call('POST', '/api/vote', { body: { sid: siteId, ...answer(v) }, token: ts.admin, ip: nextIp() })).statusCode).toBe(401);
    expect((await call('POST', '/api/vote', { body: { sid: siteId, ...answer(v) }, token, ip: nextIp() })).json().code).toBe(200);
    expect((await call('POST', '/api/vote', { body: { sid: siteId, ...answer(v) }, token, ip: nextIp() })).json().msg).toBe('You have voted 1 time(s), the most this vote allows');
    expect(await logs(v.voteId)).toEqual([expect.objectContaining({ voterKey: `m:${memberId}`, memberId })]);
  });

  it('take a console token for no member: counted as a guest (never as a member) and refused, the form and results alike', async () => {
    const v = await makeVote({ userType: 'member', viewType: '1' });
    const form = (await call('GET', `/api/vote/${v.voteId}?sid=${siteId}`, { token: ts.admin })).json().data;
    expect(form).toMatchObject({ voted: 0, resultVisible: false });
    const results = await call('GET', `/api/vote/result/${v.voteId}?sid=${siteId}`, { token: ts.admin });
    expect(results.statusCode).toBe(401);
    expect((await call('GET', `/api/vote/result/${v.voteId}?sid=${siteId}`)).statusCode).toBe(401);
    expect(await logs(v.voteId)).toEqual([]);
  });

  it('a vote open to anyone takes a console token as a guest: counted by address, no member recorded', async () => {
    const v = await makeVote({ totalLimit: 1 });
    const ip = nextIp();
    expect((await call('POST', '/api/vote', { body: { sid: siteId, ...answer(v) }, token: ts.admin, ip })).json().code).toBe(200);
    expect(await logs(v.voteId)).toEqual([expect.objectContaining({ voterKey: `ip:${ip}`, memberId: null })]);
    // The same address without the token is the same voter: the limit holds.
    expect((await call('POST', '/api/vote', { body: { sid: siteId, ...answer(v) }, ip })).json().msg).toBe('You have voted 1 time(s), the most this vote allows');
  });

  it('store exactly one of 50 simultaneous submissions of one member (limit 1), each from its own address', async () => {
    const v = await makeVote({ userType: 'member', totalLimit: 1, dayLimit: 1 });
    const replies = await Promise.all(Array.from({ length: 50 }, () => call('POST', '/api/vote', { body: { sid: siteId, ...answer(v) }, token, ip: nextIp() })));
    expect(replies.map((r) => r.json().code).filter((c) => c === 200)).toHaveLength(1);
    expect(await logs(v.voteId)).toHaveLength(1);
  });
});

describe('markup in every text', () => {
  it('is stored and answered as text: titles, options and answers; a refusal page naming a subject escapes it', async () => {
    const db = ts.database.db;
    const evil = '<script>alert(1)</script>';
    const v = await makeVote({ title: `Poll ${evil}`, viewType: '2', totalLimit: 1 });
    await db.update(cmsVoteSubject).set({ title: `Pizza ${evil}` }).where(eq(cmsVoteSubject.subjectId, v.radio));
    await db.update(cmsVoteSubjectItem).set({ content: `Yes ${evil}` }).where(eq(cmsVoteSubjectItem.itemId, v.yes));
    const form = (await call('GET', `/api/vote/${v.voteId}?sid=${siteId}`)).json().data;
    expect([form.title, form.subjects[0].title, form.subjects[0].items[0].content]).toEqual([`Poll ${evil}`, `Pizza ${evil}`, `Yes ${evil}`]);
    const ip = nextIp();
    const sent = { sid: siteId, voteId: v.voteId, subjects: [{ subjectId: v.radio, itemIds: [v.yes] }, { subjectId: v.text, text: `${evil}<img src=x onerror=alert(2)>` }] };
    expect((await call('POST', '/api/vote', { body: sent, ip })).json().code).toBe(200);
    expect((await logs(v.voteId))[0]!.result[1]).toEqual({ subjectId: v.text, text: `${evil}<img src=x onerror=alert(2)>` });
    // A plain form's refusal names the subject: as text in the page.
    const refused = await call('POST', '/api/vote', { form: `sid=${siteId}&voteId=${v.voteId}&s${v.text}=x`, ip: nextIp() });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Please answer &quot;Pizza &lt;script&gt;alert(1)&lt;/script&gt;&quot;');
    expect(refused.body).not.toContain('<script>');
    const page = await call('GET', `/api/vote/result/${v.voteId}?sid=${siteId}&format=html`);
    expect(page.body).toContain('<title>Poll &lt;script&gt;alert(1)&lt;/script&gt; · Results</title>');
    expect(page.body).not.toContain('<script>');
    expect(page.statusCode).toBe(200);
    // Refused results pages answer the envelope's status: 403 when never shown, 401 for a guest of a members-only vote.
    const hidden = await makeVote({ viewType: '0' });
    expect((await call('GET', `/api/vote/result/${hidden.voteId}?sid=${siteId}&format=html`)).statusCode).toBe(403);
    const membersOnly = await makeVote({ viewType: '1', userType: 'member' });
    expect((await call('GET', `/api/vote/result/${membersOnly.voteId}?sid=${siteId}&format=html`)).statusCode).toBe(401);
    // An item id that is not a number is refused, not stored.
    expect((await call('POST', '/api/vote', { body: { sid: siteId, voteId: v.voteId, subjects: [{ subjectId: v.radio, itemIds: [evil] }] }, ip: nextIp() })).statusCode).toBe(400);
    expect(await logs(v.voteId)).toHaveLength(1);
  });
});

describe('the throttle', () => {
  it('refuses the 21st submission from one address within a minute with 429, whatever the vote allows', async () => {
    const v = await makeVote();
    const ip = nextIp();
    for (let i = 0; i < 20; i++) expect((await call('POST', '/api/vote', { body: { sid: siteId, ...answer(v) }, ip })).json().code).toBe(200);
    const r = await call('POST', '/api/vote', { body: { sid: siteId, ...answer(v) }, ip });
    expect(r.statusCode).toBe(429);
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    expect(await logs(v.voteId)).toHaveLength(20);
  });
});

// Two server processes on one PostgreSQL: a second server on the test's database, each with its
// own connections; the limits are the database's, so they hold across both.
describe.runIf(process.env.DATABASE_URL)('two servers on one PostgreSQL', () => {
  let database: Database;
  let second: CastaneaServer;
  beforeAll(async () => {
    const [row] = ((await ts.database.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }).rows;
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${row!.name}`;
    database = await openDatabase({ databaseUrl: url.toString() });
    second = await createServer({ database, config: { captchaEnabled: false, logRequests: false, rateLimits: true, publishWorker: false, databaseUrl: undefined } });
  });
  afterAll(async () => {
    await second?.close();
    await database?.close();
  });

  it('store exactly one of 50 simultaneous submissions of one member split between them', async () => {
    const v = await makeVote({ userType: 'member', totalLimit: 1, dayLimit: 1 });
    const other = via(second.sites.inject.bind(second.sites));
    const replies = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? other : call)('POST', '/api/vote', { body: { sid: siteId, ...answer(v) }, token, ip: nextIp() })));
    expect(replies.map((r) => r.json().code).filter((c) => c === 200)).toHaveLength(1);
    expect(await logs(v.voteId)).toHaveLength(1);
  });
});
