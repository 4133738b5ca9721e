import { beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray } from 'drizzle-orm';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { MENUS } from '../../shipped.ts';
import { seed } from '../../system/seed/index.ts';
import { shippedBy } from '../../../core/shipped.ts';
import { modules } from '../../index.ts';
import { sysMenu, sysSeedState } from '../../system/schema.ts';
import { cmsSite } from '../schema.ts';
import { cmsVoteSubjectItem } from './schema.ts';
import { submitVote } from './submit.ts';
import { cmsVote } from './schema.ts';

// Votes in the console (issue 31 item 4): per site, built from their definitions; subjects with
// their options one per line; the results with counts, shares and the text answers.
const ts = useTestServer();
const H = { repeatSubmit: 'false' };

async function call(method: string, path: string, siteId: number, body?: unknown, lang = 'en') {
  return ts.api(method, path, { token: ts.admin, body, headers: { ...H, 'accept-language': lang, CurrentSite: String(siteId) } });
}
async function ok(method: string, path: string, siteId: number, body?: unknown) {
  const r = await call(method, path, siteId, body);
  expect(r.code, `${method} ${path}: ${r.msg}`).toBe(200);
  return r.data;
}
const itemsOf = (subjectId: number) => ts.database.db.select().from(cmsVoteSubjectItem).where(eq(cmsVoteSubjectItem.subjectId, subjectId)).orderBy(asc(cmsVoteSubjectItem.sortFlag));

describe('votes in the console', () => {
  let news = 0;
  let demo = 0;
  let voteId = 0;
  let colour = 0;
  let why = 0;

  beforeAll(async () => {
    news = (await ts.api('POST', '/cms/site', { token: ts.admin, headers: H, body: { name: 'Polls', path: 'polls' } })).data.siteId;
    demo = (await ts.database.db.select().from(cmsSite).where(eq(cmsSite.path, 'demo')))[0]!.siteId;
  });

  it('adds a vote to the current site only, whatever siteId the body names, and lists it', async () => {
    voteId = (await ok('POST', '/vote', news, { title: 'Favourite colour', code: 'colour_2026', userType: 'member', dayLimit: 1, totalLimit: 3, viewType: '1', siteId: demo })).voteId;
    const rows = (await ok('GET', '/vote/list', news)).rows;
    expect(rows).toEqual([expect.objectContaining({ voteId, title: 'Favourite colour', code: 'colour_2026', status: '0', userType: 'member', dayLimit: 1, totalLimit: 3, viewType: '1', total: 0 })]);
    expect((await ok('GET', '/vote/list', demo)).rows).toEqual([]);
    expect((await ok('GET', '/vote/list?title=colour', news)).rows).toHaveLength(1);
  });

  it('takes a code of letters, digits and underscore, unique per site, and an end after the start, naming the field', async () => {
    expect((await call('POST', '/vote', news, { title: 'X', code: 'bad code' })).msg).toBe('Code may contain only letters, digits and underscores');
    expect((await call('POST', '/vote', news, { title: 'X', code: 'bad-code' }, 'zh-CN')).msg).toMatch(/^编码/);
    expect((await call('POST', '/vote', news, { title: 'X', code: 'colour_2026' })).msg).toBe('Code "colour_2026" already exists');
    expect((await call('POST', '/vote', news, { title: 'X', code: 'colour_2026' }, 'zh-TW')).msg).toBe('代碼「colour_2026」已存在');
    expect((await call('POST', '/vote', news, { title: 'X', code: 'later', startTime: '2026-05-02 00:00:00', endTime: '2026-05-01 00:00:00' })).msg).toBe('End must be later than Start');
    expect((await call('POST', '/vote', news, { title: '', code: 'x' }, 'zh-TW')).msg).toMatch(/^標題/);
    // Another site may use the same code.
    await ok('POST', '/vote/add', demo, { title: 'Demo colour', code: 'colour_2026' });
  });

  it('edits subjects with their options one per line, keeping an unchanged option and its count', async () => {
    colour = (await ok('POST', '/vote/subject', news, { voteId, title: 'Which colour?', type: 'radio', itemLines: 'Red\n Green \n\nBlue\nRed', sortFlag: 1 })).subjectId;
    expect((await itemsOf(colour)).map((i) => i.content)).toEqual(['Red', 'Green', 'Blue']);
    why = (await ok('POST', '/vote/subject/add', news, { voteId, title: 'Why?', type: 'input', itemLines: 'ignored', sortFlag: 2 })).subjectId;
    expect(await itemsOf(why)).toEqual([]);
    const green = (await itemsOf(colour))[1]!;
    await ts.database.db.update(cmsVoteSubjectItem).set({ total: 4 }).where(eq(cmsVoteSubjectItem.itemId, green.itemId));
    await ok('PUT', '/vote/subject', news, { subjectId: colour, itemLines: 'Green\nYellow' });
    const after = await itemsOf(colour);
    expect(after.map((i) => [i.content, i.total])).toEqual([['Green', 4], ['Yellow', 0]]);
    expect(after[0]!.itemId).toBe(green.itemId);
    // A sort change alone keeps the options; the list shows them.
    await ok('POST', '/vote/subject/update', news, { subjectId: colour, sortFlag: 0 });
    const listed = (await ok('GET', `/vote/subject/list?voteId=${voteId}`, news)).rows;
    expect(listed.map((s: { title: string; itemLines: string }) => [s.title, s.itemLines])).toEqual([['Which colour?', 'Green\nYellow'], ['Why?', '']]);
    // A choice subject needs options; the message names the field.
    expect((await call('POST', '/vote/subject', news, { voteId, title: 'Empty', type: 'checkbox', itemLines: ' \n ' })).msg).toBe('Options cannot be empty');
    // A text subject made a choice without options is refused: nobody could answer it.
    expect((await call('PUT', '/vote/subject', news, { subjectId: why, type: 'radio' })).msg).toBe('Options cannot be empty');
    await ok('PUT', '/vote/subject', news, { subjectId: colour, itemLines: 'Red\nGreen\nBlue' });
    await ts.database.db.update(cmsVoteSubjectItem).set({ total: 0 }).where(eq(cmsVoteSubjectItem.subjectId, colour));
  });

  it('never reads, changes or deletes another site\'s vote or subject, nor adds a subject to it', async () => {
    expect((await call('GET', `/vote/${voteId}`, demo)).code).toBe(500);
    expect((await call('PUT', '/vote', demo, { voteId, title: 'Taken' })).code).toBe(500);
    expect((await call('DELETE', '/vote', demo, [voteId])).code).toBe(500);
    expect((await call('POST', '/vote/subject', demo, { voteId, title: 'Sneaky', type: 'radio', itemLines: 'a' })).code).toBe(500);
    expect((await call('PUT', '/vote/subject', demo, { subjectId: colour, title: 'Taken' })).code).toBe(500);
    expect((await call('GET', `/vote/result/${voteId}`, demo)).code).toBe(500);
    // Moving a subject to another vote is not a thing: its vote stays.
    const other = (await ok('POST', '/vote', news, { title: 'Other', code: 'other' })).voteId;
    await ok('PUT', '/vote/subject', news, { subjectId: colour, voteId: other });
    expect((await ok('GET', `/vote/subject/${colour}`, news)).voteId).toBe(voteId);
    expect((await ok('GET', `/vote/${voteId}`, news)).title).toBe('Favourite colour');
  });

  it('shows the results: counts and shares per option, text answers listed as typed', async () => {
    const items = await itemsOf(colour);
    const at = (n: number) => new Date(Date.now() - n * 86_400_000);
    const member = (memberId: number) => ({ memberId, userName: `m${memberId}`, nickName: null });
    const text = '<script>alert(1)</script> & more';
    await submitVote(ts.database.db, { siteId: news, member: member(1), ip: '10.0.0.1' }, { voteId, subjects: [{ subjectId: colour, itemIds: [items[0]!.itemId] }, { subjectId: why, text }] }, at(0));
    await submitVote(ts.database.db, { siteId: news, member: member(2), ip: '10.0.0.1' }, { voteId, subjects: [{ subjectId: colour, itemIds: [items[0]!.itemId] }] }, at(0));
    await submitVote(ts.database.db, { siteId: news, member: member(3), ip: '10.0.0.2' }, { voteId, subjects: [{ subjectId: colour, itemIds: [items[2]!.itemId] }, { subjectId: why, text: 'Calm' }] }, at(0));
    const r = await ok('GET', `/vote/result/${voteId}`, news);
    expect(r.total).toBe(3);
    expect(r.subjects[0].items.map((i: { content: string; total: number; percent: number }) => [i.content, i.total, i.percent])).toEqual([['Red', 2, 66.7], ['Green', 0, 0], ['Blue', 1, 33.3]]);
    expect(r.subjects[1].answers.map((a: { text: string }) => a.text)).toEqual(['Calm', text]);
    expect((await ok('GET', `/vote/${voteId}`, news)).total).toBe(3);
  });

  it('keeps a code unique per site on an edit too, naming the field', async () => {
    const spare = (await ok('POST', '/vote', news, { title: 'Spare', code: 'spare' })).voteId;
    expect((await call('PUT', '/vote', news, { voteId: spare, title: 'Spare', code: 'colour_2026' })).msg).toBe('Code "colour_2026" already exists');
    await ok('PUT', '/vote', news, { voteId: spare, title: 'Spare', code: 'spare_2' });
    await ok('DELETE', '/vote', news, [spare]);
  });

  it('never lets a body set the submissions count or move a vote to another site', async () => {
    await ok('PUT', '/vote', news, { voteId, title: 'Favourite colour', total: 999, siteId: demo });
    const [row] = await ts.database.db.select().from(cmsVote).where(eq(cmsVote.voteId, voteId));
    expect([row!.total, row!.siteId]).toEqual([3, news]);
  });

  it('deletes a vote with its subjects, options and submissions, on ChestnutCMS\'s path too', async () => {
    await ok('POST', '/vote/delete', news, [voteId]);
    expect(await itemsOf(colour)).toEqual([]);
    expect((await call('GET', `/vote/result/${voteId}`, news)).code).toBe(500);
  });

  it('ships the Vote menu under Interactive with its buttons (the seeded keys), and adds it to a database seeded without it', async () => {
    const rows = MENUS.filter((m) => m.menuId === 2066 || m.parentId === 2066);
    expect(rows.map((m) => [m.menuId, m.parentId, m.path, m.component, m.perms])).toEqual([
      [2066, 2035, 'vote', 'vote/index', 'vote:vote:view'],
      [2071, 2066, '', null, 'vote:vote:add'],
      [2072, 2066, '', null, 'vote:vote:edit'],
      [2073, 2066, '', null, 'vote:vote:remove'],
    ]);
    const ids = rows.map((m) => m.menuId);
    await ts.database.db.delete(sysMenu).where(inArray(sysMenu.menuId, ids));
    await ts.database.db.delete(sysSeedState).where(eq(sysSeedState.step, 'menu-2066'));
    await seed(ts.database.db, shippedBy(modules));
    const stored = await ts.database.db.select().from(sysMenu).where(inArray(sysMenu.menuId, [...ids, 2067]));
    expect(stored.map((m) => m.menuId).sort()).toEqual([...ids, 2067].sort());
    expect(stored.find((m) => m.menuId === 2066)).toMatchObject({ menuName: '调查投票', path: 'vote', perms: 'vote:vote:view' });
  });
});

/**
 * Users who are not administrators: the permission key decides what they may call, and the grants
 * on the current site where: a key without Edit on the site reads but changes nothing, and a user
 * whose grants are on another site gets nothing of this one.
 */
describe('votes for users who are not administrators', () => {
  let news = 0;
  let other = 0;
  let voteId = 0;
  let subjectId = 0;
  const keysOf = (...perms: string[]) => MENUS.filter((m) => m.perms && perms.includes(m.perms)).map((m) => m.menuId);
  const as = (token: string, siteId: number) => (method: string, path: string, body?: unknown) => ts.api(method, path, { token, body, headers: { ...H, 'accept-language': 'en', CurrentSite: String(siteId) } });

  async function userWith(name: string, perms: string[], grants: { siteId: number; rights: string[] }[]) {
    const adminOk = async (method: string, path: string, body: unknown) => {
      const r = await ts.api(method, path, { token: ts.admin, body, headers: H });
      expect(r.code, `${path}: ${r.msg}`).toBe(200);
      return r.data;
    };
    const roleId = (await adminOk('POST', '/system/role', { roleName: `Role ${name}`, roleKey: `role_${name}`, dataScope: '1', menuIds: keysOf(...perms) })).roleId;
    const userId = (await adminOk('POST', '/system/user', { userName: name, nickName: name, deptId: 100, password: 'Voting2026x', roleIds: [roleId] })).userId;
    for (const g of grants) {
      await adminOk('POST', '/cms/perms/site', { ownerType: 'User', owner: userId, perms: [{ siteId: g.siteId, perms: Object.fromEntries(g.rights.map((r) => [r, { granted: true }])) }] });
    }
    return ts.loginReady(name, 'Voting2026x');
  }

  beforeAll(async () => {
    news = (await ts.api('POST', '/cms/site', { token: ts.admin, headers: H, body: { name: 'Scoped polls', path: 'scopedpolls' } })).data.siteId;
    other = (await ts.api('POST', '/cms/site', { token: ts.admin, headers: H, body: { name: 'Their polls', path: 'theirpolls' } })).data.siteId;
    voteId = (await ok('POST', '/vote', news, { title: 'Lunch', code: 'lunch' })).voteId;
    subjectId = (await ok('POST', '/vote/subject', news, { voteId, title: 'Pizza?', type: 'radio', itemLines: 'Yes\nNo' })).subjectId;
  });

  it('without the vote keys: refused everything, reading included', async () => {
    const call = as(await userWith('novotes', [], [{ siteId: news, rights: ['View', 'Edit'] }]), news);
    for (const [method, path, body] of [['GET', '/vote/list'], ['GET', `/vote/result/${voteId}`], ['POST', '/vote', { title: 'X', code: 'x1' }], ['PUT', '/vote/subject', { subjectId, title: 'Taken' }], ['DELETE', '/vote', [voteId]]] as const) {
      expect((await call(method, path, body)).code, `${method} ${path}`).toBe(403);
    }
  });

  it('with View only: lists and reads the results, adds, edits and deletes nothing', async () => {
    const call = as(await userWith('votereader', ['vote:vote:view'], [{ siteId: news, rights: ['View', 'Edit'] }]), news);
    expect((await call('GET', '/vote/list')).data.rows.map((r: { code: string }) => r.code)).toEqual(['lunch']);
    expect((await call('GET', `/vote/result/${voteId}`)).code).toBe(200);
    expect((await call('POST', '/vote', { title: 'X', code: 'x2' })).code).toBe(403);
    expect((await call('POST', '/vote/subject', { voteId, title: 'Sneaky', type: 'radio', itemLines: 'a' })).code).toBe(403);
    expect((await call('PUT', '/vote/subject', { subjectId, title: 'Taken' })).code).toBe(403);
    expect((await call('DELETE', '/vote', [voteId])).code).toBe(403);
    expect((await ok('GET', `/vote/subject/${subjectId}`, news)).title).toBe('Pizza?');
  });

  it('with every vote key and Edit on the site: adds, edits and deletes there; Edit missing: refused', async () => {
    const keys = ['vote:vote:view', 'vote:vote:add', 'vote:vote:edit', 'vote:vote:remove'];
    const call = as(await userWith('voteeditor', keys, [{ siteId: news, rights: ['View', 'Edit'] }]), news);
    const made = (await call('POST', '/vote', { title: 'Dinner', code: 'dinner' })).data.voteId;
    expect((await call('POST', '/vote/subject', { voteId: made, title: 'Soup?', type: 'radio', itemLines: 'Yes\nNo' })).code).toBe(200);
    expect((await call('PUT', '/vote/subject', { subjectId, title: 'Pizza, really?' })).code).toBe(200);
    expect((await call('DELETE', '/vote', [made])).code).toBe(200);
    const viewer = as(await userWith('voteviewer', keys, [{ siteId: news, rights: ['View'] }]), news);
    expect((await viewer('GET', '/vote/list')).code).toBe(200);
    expect((await viewer('POST', '/vote', { title: 'X', code: 'x3' })).code).toBe(403);
    expect((await viewer('PUT', '/vote', { voteId, title: 'Taken' })).code).toBe(403);
    expect((await ok('GET', `/vote/${voteId}`, news)).title).toBe('Lunch');
  });

  it('a user of another site: nothing of this one, whether it is named as the current site or by id from their own', async () => {
    const keys = ['vote:vote:view', 'vote:vote:add', 'vote:vote:edit', 'vote:vote:remove'];
    const token = await userWith('theirvoter', keys, [{ siteId: other, rights: ['View', 'Edit'] }]);
    const here = as(token, news);
    expect((await here('GET', '/vote/list')).code).toBe(403);
    expect((await here('GET', `/vote/result/${voteId}`)).code).toBe(403);
    expect((await here('PUT', '/vote', { voteId, title: 'Taken' })).code).toBe(403);
    const own = as(token, other);
    expect((await own('GET', '/vote/list')).data.rows).toEqual([]);
    expect((await own('GET', `/vote/result/${voteId}`)).code).toBe(500);
    expect((await own('PUT', '/vote', { voteId, title: 'Taken' })).code).toBe(500);
    expect((await own('PUT', '/vote/subject', { subjectId, title: 'Taken', itemLines: 'x' })).code).toBe(500);
    expect((await own('POST', '/vote/subject', { voteId, title: 'Sneaky', type: 'radio', itemLines: 'a' })).code).toBe(500);
    expect((await own('DELETE', '/vote', [voteId])).code).toBe(500);
    expect((await ok('GET', `/vote/${voteId}`, news)).title).toBe('Lunch');
    expect((await ok('GET', `/vote/subject/${subjectId}`, news)).itemLines).toBe('Yes\nNo');
  });
});
