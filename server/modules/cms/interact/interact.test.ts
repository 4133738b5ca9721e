import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { cmsMember } from '../member/schema.ts';
import { readerFixtures } from '../comment/test-fixtures.ts';
import { cmsMemberFavorite, cmsMemberLike } from './schema.ts';

// Issue 31 item 5: likes and favorites of contents and follows of members through the public API
// (ChestnutCMS's paths): once per member, the contents' counts exact under concurrency, and the
// members' public lists.
const ts = useTestServer();
const fx = readerFixtures(ts);

let site: { siteId: number; catalogId: number };
let other: { siteId: number; catalogId: number };
let alice: { memberId: number; token: string };
let bob: { memberId: number; token: string };

beforeAll(async () => {
  site = await fx.site('Liked');
  other = await fx.site('Unliked');
  alice = await fx.member('Alice');
  bob = await fx.member('Bob');
});

describe('likes and favorites', () => {
  it('stores one like and counts 1 when one member sends 20 at once', async () => {
    const c = await fx.content(site);
    const all = await Promise.all(Array.from({ length: 20 }, () => fx.reader('POST', '/api/member/like', { token: alice.token, body: { dataType: 'content', dataId: c } })));
    expect(all.map((r) => r.code)).toEqual(Array(20).fill(200));
    const rows = await ts.database.db.select().from(cmsMemberLike).where(eq(cmsMemberLike.contentId, c));
    expect(rows).toHaveLength(1);
    expect((await fx.counts(c)).likeCount).toBe(1);
  });

  it('likes, checks and cancels, each member once, the count exact; cancelling twice changes nothing', async () => {
    const c = await fx.content(site);
    const check = async (token: string) => (await fx.reader('GET', `/api/member/like/check?dataType=content&dataId=${c}`, { token })).data;
    expect(await check(alice.token)).toBe(false);
    expect((await fx.reader('POST', '/api/member/like', { token: alice.token, body: { dataId: c } })).data).toEqual({ liked: true, count: 1 });
    expect((await fx.reader('POST', '/api/member/like', { token: bob.token, body: { dataId: c } })).data).toEqual({ liked: true, count: 2 });
    expect(await check(alice.token)).toBe(true);
    const cancels = await Promise.all(Array.from({ length: 10 }, () => fx.reader('POST', '/api/member/like/cancel', { token: alice.token, body: { dataId: c } })));
    expect(cancels.every((r) => r.code === 200)).toBe(true);
    expect((await fx.counts(c)).likeCount).toBe(1);
    // ChestnutCMS's deprecated cancel (DELETE) too.
    expect((await fx.reader('DELETE', '/api/member/like', { token: bob.token, body: { dataId: c } })).data).toEqual({ liked: false, count: 0 });
    expect(await check(alice.token)).toBe(false);
  });

  it('favorites the same way, and refuses a reader without a member token, a draft and another site\'s content', async () => {
    const c = await fx.content(site);
    const favs = await Promise.all(Array.from({ length: 20 }, () => fx.reader('POST', '/api/member/favorites', { token: bob.token, body: { dataId: c } })));
    expect(favs.every((r) => r.code === 200)).toBe(true);
    expect((await fx.counts(c)).favoriteCount).toBe(1);
    expect((await fx.reader('GET', `/api/member/favorites/check?dataId=${c}`, { token: bob.token })).data).toBe(true);
    expect((await fx.reader('POST', '/api/member/favorites/cancel', { token: bob.token, body: { dataId: c } })).data).toEqual({ favorited: false, count: 0 });
    const [left] = await ts.database.db.select().from(cmsMemberFavorite).where(and(eq(cmsMemberFavorite.contentId, c), eq(cmsMemberFavorite.memberId, bob.memberId)));
    expect(left).toBeUndefined();

    expect((await fx.reader('POST', '/api/member/favorites', { body: { dataId: c } })).status).toBe(401);
    const draft = await fx.content(site, 'Draft', '0');
    expect((await fx.reader('POST', '/api/member/like', { token: bob.token, body: { dataId: draft } })).msg).toBe('No such content, or it is not published');
    const theirs = await fx.content(other);
    const r = await fx.reader('POST', `/api/member/like?sid=${site.siteId}`, { token: bob.token, body: { dataId: theirs }, lang: 'zh-TW' });
    expect(r.msg).toBe('內容不存在或未發布');
    expect((await fx.counts(theirs)).likeCount).toBe(0);
    const invalid = await fx.reader('POST', '/api/member/like', { token: bob.token, body: { dataType: 'vote', dataId: c } });
    expect(invalid.data).toEqual({ field: 'dataType' });
  });

  it('lists a member\'s liked and favorite contents that readers may see, newest first, on the site named', async () => {
    const carol = await fx.member('Carol');
    const one = await fx.content(site, 'First liked');
    const two = await fx.content(site, 'Second liked');
    const theirs = await fx.content(other, 'Liked elsewhere');
    for (const c of [one, two, theirs]) await fx.reader('POST', '/api/member/like', { token: carol.token, body: { dataId: c } });
    await fx.reader('POST', '/api/member/favorites', { token: carol.token, body: { dataId: two } });
    const likes = await fx.reader('GET', `/api/cms/member/${carol.memberId}/likes?sid=${site.siteId}&limit=5`);
    expect(likes.data.total).toBe(2);
    expect(likes.data.rows.map((r: { title: string }) => r.title).sort()).toEqual(['First liked', 'Second liked']);
    expect((await fx.reader('GET', `/api/cms/member/${carol.memberId}/likes`)).data.total).toBe(3);
    const favorites = await fx.reader('GET', `/api/cms/member/${carol.memberId}/favorites?sid=${site.siteId}`);
    expect(favorites.data.rows.map((r: { contentId: number }) => r.contentId)).toEqual([two]);
  });
});

describe('follows', () => {
  it('follows once, never oneself; checks, lists both ways and cancels', async () => {
    const dave = await fx.member('Dave');
    const eve = await fx.member('Eve');
    const both = await Promise.all(Array.from({ length: 5 }, () => fx.reader('POST', `/api/member/follow?targetId=${eve.memberId}`, { token: dave.token })));
    expect(both.every((r) => r.code === 200)).toBe(true);
    expect((await fx.reader('POST', '/api/member/follow', { token: alice.token, body: { targetId: eve.memberId } })).code).toBe(200);
    expect((await fx.reader('POST', `/api/member/follow?targetId=${dave.memberId}`, { token: dave.token })).msg).toBe('You cannot follow yourself');
    expect((await fx.reader('POST', '/api/member/follow?targetId=99999999', { token: dave.token })).msg).toBe('No such member');
    expect((await fx.reader('POST', '/api/member/follow', { token: dave.token })).data).toEqual({ field: 'targetId' });
    expect((await fx.reader('GET', `/api/member/check_follow?targetIds=${eve.memberId},${alice.memberId}`, { token: dave.token })).data).toEqual({ [eve.memberId]: true, [alice.memberId]: false });
    const followers = await fx.reader('GET', '/api/member/followers', { token: eve.token });
    expect(followers.data.total).toBe(2);
    expect(followers.data.rows.map((r: { nickName: string }) => r.nickName).sort()).toEqual(['Alice', 'Dave']);
    expect((await fx.reader('GET', '/api/member/follows', { token: dave.token })).data.rows.map((r: { uid: number }) => r.uid)).toEqual([eve.memberId]);
    // A disabled account is listed nowhere.
    await ts.database.db.update(cmsMember).set({ status: '1' }).where(eq(cmsMember.memberId, alice.memberId));
    expect((await fx.reader('GET', '/api/member/followers', { token: eve.token })).data.total).toBe(1);
    await ts.database.db.update(cmsMember).set({ status: '0' }).where(eq(cmsMember.memberId, alice.memberId));
    expect((await fx.reader('POST', `/api/member/cancel_follow?targetId=${eve.memberId}`, { token: dave.token })).code).toBe(200);
    expect((await fx.reader('GET', '/api/member/follows', { token: dave.token })).data.total).toBe(0);
    expect((await fx.reader('GET', '/api/member/follows')).status).toBe(401);
  });
});

describe('who may react', () => {
  it('takes a console token for no member: every member route answers 401, as with no token, and nothing is stored', async () => {
    const c = await fx.content(site);
    const routes = [
      ['POST', '/api/member/like', { dataId: c }], ['POST', '/api/member/like/cancel', { dataId: c }], ['GET', `/api/member/like/check?dataId=${c}`],
      ['POST', '/api/member/favorites', { dataId: c }], ['POST', '/api/member/favorites/cancel', { dataId: c }], ['GET', `/api/member/favorites/check?dataId=${c}`],
      ['POST', `/api/member/follow?targetId=${alice.memberId}`], ['POST', `/api/member/cancel_follow?targetId=${alice.memberId}`],
      ['GET', `/api/member/check_follow?targetIds=${alice.memberId}`], ['GET', '/api/member/followers'], ['GET', '/api/member/follows'],
    ] as const;
    for (const [method, url, body] of routes) {
      expect((await fx.reader(method, url, { token: ts.admin, body })).status, `${method} ${url} with a console token`).toBe(401);
      expect((await fx.reader(method, url, { body })).status, `${method} ${url} with no token`).toBe(401);
    }
    expect(await fx.counts(c)).toMatchObject({ likeCount: 0, favoriteCount: 0 });
    expect(await ts.database.db.select().from(cmsMemberLike).where(eq(cmsMemberLike.contentId, c))).toEqual([]);
  });

  it('keeps a like on the stored content\'s site whatever site the body names', async () => {
    const theirs = await fx.content(other);
    // `sid` in the body names no other site for the row: it is the content's own.
    expect((await fx.reader('POST', '/api/member/like', { token: alice.token, body: { dataId: theirs, sid: site.siteId } })).msg).toBe('No such content, or it is not published');
    expect((await fx.reader('POST', '/api/member/like', { token: alice.token, body: { dataId: theirs } })).code).toBe(200);
    const [row] = await ts.database.db.select().from(cmsMemberLike).where(eq(cmsMemberLike.contentId, theirs));
    expect(row!.siteId).toBe(other.siteId);
  });
});

