import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { openDatabase, type Database } from '../../../db/client.ts';
import { AppError } from '../../../core/errors.ts';
import type { Locale } from '../../../../shared/i18n/locales.ts';
import { cmsSite } from '../schema.ts';
import { cmsVote, cmsVoteLog, cmsVoteSubject, cmsVoteSubjectItem } from './schema.ts';
import { submitVote, type Voter } from './submit.ts';
import { submitBody } from './answers.ts';

// Submitting a vote (issue 31 item 4): answers checked against the subjects, naming the subject;
// text kept as typed; who may vote; and the limits per day and in total, exact under concurrency.
const ts = useTestServer();
let siteId = 0;
let otherSite = 0;

interface Made { voteId: number; radio: number; check: number; text: number; red: number; green: number; blue: number; a: number; b: number }

/** A vote with a single choice (red/green/blue), a multiple choice (a/b) and a text subject. */
async function makeVote(values: Partial<typeof cmsVote.$inferInsert> = {}, site = siteId): Promise<Made> {
  const db = ts.database.db;
  const [vote] = await db.insert(cmsVote).values({ siteId: site, code: `v${Math.random().toString(36).slice(2, 10)}`, title: 'Poll', ...values }).returning();
  const subject = async (type: string, title: string, sortFlag: number) =>
    (await db.insert(cmsVoteSubject).values({ siteId: site, voteId: vote!.voteId, type, title, sortFlag }).returning())[0]!.subjectId;
  const item = async (subjectId: number, content: string, sortFlag: number) =>
    (await db.insert(cmsVoteSubjectItem).values({ siteId: site, voteId: vote!.voteId, subjectId, content, sortFlag }).returning())[0]!.itemId;
  const radio = await subject('radio', 'Colour', 1);
  const check = await subject('checkbox', 'Letters', 2);
  const text = await subject('input', 'Why', 3);
  return {
    voteId: vote!.voteId, radio, check, text,
    red: await item(radio, 'Red', 0), green: await item(radio, 'Green', 1), blue: await item(radio, 'Blue', 2),
    a: await item(check, 'A', 0), b: await item(check, 'B', 1),
  };
}

const answers = (v: Made, extra: { text?: string } = {}) => ({
  voteId: v.voteId,
  subjects: [{ subjectId: v.radio, itemIds: [v.green] }, { subjectId: v.check, itemIds: [v.a, v.b] }, { subjectId: v.text, text: extra.text ?? 'Because' }],
});
const member = (memberId: number) => ({ memberId, userName: `m${memberId}`, nickName: null });
const asMember = (memberId: number, ip = '203.0.113.7'): Voter => ({ siteId, member: member(memberId), ip });
const asGuest = (ip: string): Voter => ({ siteId, member: null, ip });
const logsOf = async (voteId: number) => ts.database.db.select().from(cmsVoteLog).where(eq(cmsVoteLog.voteId, voteId));

/** The refusal's message in a language, as a reader would read it. */
async function refusal(p: Promise<unknown>, locale: Locale = 'en') {
  const e = await p.then(() => null, (x: unknown) => x);
  expect(e, 'refused').toBeInstanceOf(AppError);
  const err = e as AppError;
  return { code: err.code, field: err.field, msg: ts.server.services.i18n.translator(locale)(err.key, err.params) };
}

beforeAll(async () => {
  siteId = (await ts.database.db.select().from(cmsSite).limit(1))[0]!.siteId;
  otherSite = (await ts.database.db.insert(cmsSite).values({ name: 'Elsewhere', path: 'elsewhere' }).returning())[0]!.siteId;
});

describe('a submission', () => {
  it('is stored with its answers, the chosen options and the vote counted', async () => {
    const v = await makeVote({ totalLimit: 0, dayLimit: 0 });
    await submitVote(ts.database.db, asGuest('198.51.100.1'), submitBody.parse(answers(v)));
    const [log] = await logsOf(v.voteId);
    expect(log).toMatchObject({ voterKey: 'ip:198.51.100.1', memberId: null, result: [{ subjectId: v.radio, itemIds: [v.green] }, { subjectId: v.check, itemIds: [v.a, v.b] }, { subjectId: v.text, text: 'Because' }] });
    const items = await ts.database.db.select().from(cmsVoteSubjectItem).where(eq(cmsVoteSubjectItem.voteId, v.voteId));
    expect(Object.fromEntries(items.map((i) => [i.content, i.total]))).toEqual({ Red: 0, Green: 1, Blue: 0, A: 1, B: 1 });
    expect((await ts.database.db.select().from(cmsVote).where(eq(cmsVote.voteId, v.voteId)))[0]!.total).toBe(1);
  });

  it('is refused naming the subject: unanswered, two choices for one, an option of another subject, a text too long', async () => {
    const v = await makeVote({ totalLimit: 0, dayLimit: 0 });
    const send = (subjects: unknown[]) => submitVote(ts.database.db, asGuest('198.51.100.2'), submitBody.parse({ voteId: v.voteId, subjects }));
    const colour = { subjectId: v.radio, itemIds: [v.red] };
    const letters = { subjectId: v.check, itemIds: [v.a] };
    expect(await refusal(send([letters]))).toEqual({ code: 500, field: `s${v.radio}`, msg: 'Please answer "Colour"' });
    expect((await refusal(send([letters]), 'zh-CN')).msg).toBe('请回答“Colour”');
    expect((await refusal(send([letters]), 'zh-TW')).msg).toBe('請回答「Colour」');
    expect((await refusal(send([{ subjectId: v.radio, itemIds: [v.red, v.blue] }, letters]))).msg).toBe('"Colour" takes one choice only');
    expect((await refusal(send([colour, { subjectId: v.check, itemIds: [v.red] }]))).msg).toBe('"Letters": that choice is not one of its options');
    expect((await refusal(send([colour, letters, { subjectId: v.text, text: 'x'.repeat(501) }]))).msg).toBe('"Why": the answer cannot exceed 500 characters');
    expect(await logsOf(v.voteId)).toEqual([]);
    // The text subject may be left empty.
    await send([colour, letters]);
    expect(await logsOf(v.voteId)).toHaveLength(1);
  });

  it('keeps a text answer as plain text: markup stays characters, control characters go', async () => {
    const v = await makeVote({ totalLimit: 0, dayLimit: 0 });
    const typed = '<img src=x onerror=alert(1)>\u0007 & "quotes"';
    await submitVote(ts.database.db, asGuest('198.51.100.3'), submitBody.parse(answers(v, { text: typed })));
    expect((await logsOf(v.voteId))[0]!.result[2]).toEqual({ subjectId: v.text, text: '<img src=x onerror=alert(1)> & "quotes"' });
  });

  it('takes a plain HTML form\'s fields (s<subject> = option ids or text) as the same answers', async () => {
    const v = await makeVote();
    const body = submitBody.parse({ voteId: String(v.voteId), [`s${v.radio}`]: String(v.blue), [`s${v.check}`]: [String(v.a), String(v.b)], [`s${v.text}`]: '42' });
    await submitVote(ts.database.db, asGuest('198.51.100.4'), body);
    expect((await logsOf(v.voteId))[0]!.result).toEqual([{ subjectId: v.radio, itemIds: [v.blue] }, { subjectId: v.check, itemIds: [v.a, v.b] }, { subjectId: v.text, text: '42' }]);
  });

  it('is refused on a vote of another site, a stopped, closed, future or ended vote, and for a guest on a members-only vote', async () => {
    const elsewhere = await makeVote({}, otherSite);
    expect((await refusal(submitVote(ts.database.db, asGuest('198.51.100.5'), answers(elsewhere)))).msg).toBe('No such vote');
    const day = 86_400_000;
    const cases: [Partial<typeof cmsVote.$inferInsert>, string][] = [
      [{ status: '1' }, 'No such vote'],
      [{ status: '2' }, 'This vote is closed'],
      [{ startTime: new Date(Date.now() + day) }, 'This vote has not started yet'],
      [{ endTime: new Date(Date.now() - day) }, 'This vote has ended'],
    ];
    for (const [values, msg] of cases) {
      const v = await makeVote(values);
      expect((await refusal(submitVote(ts.database.db, asGuest('198.51.100.5'), answers(v)))).msg).toBe(msg);
    }
    const members = await makeVote({ userType: 'member' });
    expect(await refusal(submitVote(ts.database.db, asGuest('198.51.100.5'), answers(members)))).toMatchObject({ code: 401, msg: 'Only members may take part in this vote: please sign in' });
    await submitVote(ts.database.db, asMember(5), answers(members));
    expect((await logsOf(members.voteId))[0]).toMatchObject({ voterKey: 'm:5', memberId: 5 });
  });
});

describe('the limits', () => {
  it('count per member on a members-only vote (whatever the address) and per address on one open to anyone', async () => {
    const members = await makeVote({ userType: 'member', totalLimit: 1, dayLimit: 1 });
    await submitVote(ts.database.db, asMember(7, '192.0.2.1'), answers(members));
    expect((await refusal(submitVote(ts.database.db, asMember(7, '192.0.2.2'), answers(members)))).msg).toBe('You have voted 1 time(s), the most this vote allows');
    await submitVote(ts.database.db, asMember(8, '192.0.2.1'), answers(members));
    const anyone = await makeVote({ totalLimit: 1, dayLimit: 1 });
    await submitVote(ts.database.db, asMember(7, '192.0.2.1'), answers(anyone));
    expect((await refusal(submitVote(ts.database.db, asMember(8, '192.0.2.1'), answers(anyone)))).msg).toBe('You have voted 1 time(s), the most this vote allows');
    expect((await refusal(submitVote(ts.database.db, asGuest('192.0.2.1'), answers(anyone)), 'zh-CN')).msg).toBe('已投票 1 次，已达总次数上限');
    await submitVote(ts.database.db, asGuest('192.0.2.3'), answers(anyone));
  });

  it('allow so many per day and so many in all: yesterday\'s do not count today, all of them count in total', async () => {
    const v = await makeVote({ totalLimit: 3, dayLimit: 2 });
    const yesterday = new Date(Date.now() - 86_400_000);
    await submitVote(ts.database.db, asGuest('192.0.2.9'), answers(v), yesterday);
    await submitVote(ts.database.db, asGuest('192.0.2.9'), answers(v));
    await submitVote(ts.database.db, asGuest('192.0.2.9'), answers(v)).catch(() => {});
    // Two today would be allowed, but three in all is the cap.
    expect(await logsOf(v.voteId)).toHaveLength(3);
    expect((await refusal(submitVote(ts.database.db, asGuest('192.0.2.9'), answers(v)))).msg).toMatch(/the most this vote allows$/);
    const daily = await makeVote({ totalLimit: 0, dayLimit: 2 });
    for (let i = 0; i < 2; i++) await submitVote(ts.database.db, asGuest('192.0.2.10'), answers(daily));
    expect((await refusal(submitVote(ts.database.db, asGuest('192.0.2.10'), answers(daily)), 'zh-TW')).msg).toBe('今日已投票 2 次，已達每日上限');
    await submitVote(ts.database.db, asGuest('192.0.2.10'), answers(daily), new Date(Date.now() + 86_400_000));
  });

  it('hold exactly under concurrency: 50 simultaneous submissions of one member with a limit of 1 store one; with a limit of 3, three', async () => {
    for (const limit of [1, 3]) {
      const v = await makeVote({ userType: 'member', totalLimit: limit, dayLimit: 0 });
      const results = await Promise.allSettled(Array.from({ length: 50 }, () => submitVote(ts.database.db, asMember(42), answers(v))));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(limit);
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(refused.every((r) => r.reason instanceof AppError && r.reason.key === 'vote.totalLimit')).toBe(true);
      expect(await logsOf(v.voteId)).toHaveLength(limit);
      expect((await ts.database.db.select().from(cmsVote).where(eq(cmsVote.voteId, v.voteId)))[0]!.total).toBe(limit);
      const [green] = await ts.database.db.select().from(cmsVoteSubjectItem).where(and(eq(cmsVoteSubjectItem.itemId, v.green)));
      expect(green!.total).toBe(limit);
    }
  });

  it('do not make other voters wait for nothing: 20 members at once are all stored', async () => {
    const v = await makeVote({ userType: 'member', totalLimit: 1, dayLimit: 1 });
    await Promise.all(Array.from({ length: 20 }, (_, i) => submitVote(ts.database.db, asMember(1000 + i), answers(v))));
    expect(await logsOf(v.voteId)).toHaveLength(20);
  });
});

// Two server processes on one PostgreSQL each have their own connections: the advisory lock is
// the database's, so they share the limits. Two pools on the test's database stand for them.
describe.runIf(process.env.DATABASE_URL)('the limits across two servers on one PostgreSQL', () => {
  let second: Database;
  beforeAll(async () => {
    const [row] = ((await ts.database.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }).rows;
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${row!.name}`;
    second = await openDatabase({ databaseUrl: url.toString() });
  });
  afterAll(async () => second?.close());

  it('50 submissions of one member split between both store exactly one', async () => {
    const v = await makeVote({ userType: 'member', totalLimit: 1, dayLimit: 1 });
    const results = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => submitVote((i % 2 ? second : ts.database).db, asMember(77), answers(v))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await logsOf(v.voteId)).toHaveLength(1);
  });
});
