import { beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, inArray } from 'drizzle-orm';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { MENUS } from '../../shipped.ts';
import { sysOperLog } from '../../monitor/schema.ts';
import { cmsComment } from './schema.ts';
import { readerFixtures } from './test-fixtures.ts';
import { createUser, grantPermission } from '../../auth/test-fixtures.ts';
import { permBit } from '../../../../shared/cms/perms.ts';
import { cmsGrant } from '../schema.ts';
import { CONSOLE_HEADERS } from '../../../../tests/helpers/site-calls.ts';

// Issue 31 item 3, the console's side (menu 2065 "Comment"): the current site's comments listed
// with filters by content, member, audit status, deletion and time; audited, deleted and recovered
// in batches checked against the stored rows' site; a comment's replies and likes.
const ts = useTestServer();
const fx = readerFixtures(ts);
const OPEN = { CommentEnabled: 'Y', CommentNeedAudit: 'Y' };

let site: { siteId: number; catalogId: number };
let other: { siteId: number; catalogId: number };
let story = 0;
let alice: { memberId: number; token: string };
let bob: { memberId: number; token: string };
const ids: Record<string, number> = {};

const submit = async (token: string, sourceId: number, content: string, parentId?: number) => {
  const r = await fx.reader('POST', '/api/comment/submit', { token, body: { sourceId, content, parentId } });
  expect(r.code, r.msg).toBe(200);
  return r.data.commentId as number;
};
const rowsOf = async (query: string, siteId = site.siteId) => (await fx.ok('GET', `/comment/list${query}`, undefined, siteId)).rows as Record<string, unknown>[];

beforeAll(async () => {
  site = await fx.site('Moderated', OPEN);
  other = await fx.site('Theirs', OPEN);
  alice = await fx.member('Alice');
  bob = await fx.member('Bob');
  story = await fx.content(site, 'Moderated story');
  ids.a1 = await submit(alice.token, story, 'alice one');
  ids.b1 = await submit(bob.token, story, 'bob one');
  ids.zeta = await submit(alice.token, await fx.content(other, 'Their story'), 'zeta theirs');
});

describe('the Comment screen', () => {
  it('lists the current site\'s comments with the content\'s title and the member, filtered by content, member, status and time', async () => {
    const all = await rowsOf('');
    expect(all.map((r) => r.content)).toEqual(['bob one', 'alice one']);
    expect(all[0]).toMatchObject({ sourceTitle: 'Moderated story', nickName: 'Bob', auditStatus: '0', delFlag: 'N' });
    expect((await rowsOf(`?uid=${alice.memberId}`)).map((r) => r.content)).toEqual(['alice one']);
    expect((await rowsOf(`?sourceId=${story}&auditStatus=0`))).toHaveLength(2);
    expect(await rowsOf('?auditStatus=1')).toHaveLength(0);
    expect(await rowsOf('?beginTime=2000-01-01 00:00:00&endTime=2000-01-02 00:00:00')).toHaveLength(0);
    // Another site's comment is never listed, whatever the query names.
    expect((await rowsOf(`?siteId=${other.siteId}&uid=${alice.memberId}`)).map((r) => r.content)).toEqual(['alice one']);
  });

  it('audits in a batch, and refuses a batch naming another site\'s comment without changing anything', async () => {
    const mixed = await fx.consoleCall('POST', '/comment/audit', { commentIds: [ids.a1, ids.zeta], auditStatus: '1' }, site.siteId, 'zh-CN');
    expect(mixed.code).toBe(500);
    const untouched = await ts.database.db.select({ s: cmsComment.auditStatus }).from(cmsComment).where(inArray(cmsComment.commentId, [ids.a1!, ids.zeta!]));
    expect(untouched.map((r) => r.s)).toEqual(['0', '0']);
    expect((await fx.consoleCall('POST', '/comment/audit', { commentIds: [ids.a1], auditStatus: '3' }, site.siteId)).code).toBe(500);
    await fx.ok('POST', '/comment/audit', { commentIds: [ids.a1, ids.b1], auditStatus: '1' }, site.siteId);
    expect((await fx.counts(story)).commentCount).toBe(2);
    expect(await rowsOf('?auditStatus=1')).toHaveLength(2);
    const [log] = await ts.database.db.select().from(sysOperLog).orderBy(desc(sysOperLog.operId)).limit(1);
    expect(log).toMatchObject({ businessType: 'UPDATE', operUrl: '/prod-api/comment/audit' });
    const titleIn = async (lang: string) => (await fx.consoleCall('GET', `/monitor/operlog/${log!.operId}`, undefined, site.siteId, lang)).data.title;
    expect([await titleIn('zh-CN'), await titleIn('zh-TW'), await titleIn('en')]).toEqual(['评论管理', '評論管理', 'Comment']);
  });

  it('deletes and recovers (ChestnutCMS\'s paths and DELETE), the count following; another site\'s ids are out of reach', async () => {
    await fx.ok('POST', '/comment/delete', [ids.b1], site.siteId);
    expect((await fx.counts(story)).commentCount).toBe(1);
    expect((await rowsOf('?delFlag=Y')).map((r) => r.content)).toEqual(['bob one']);
    await fx.ok('POST', '/comment/recover', [ids.b1], site.siteId);
    expect((await fx.counts(story)).commentCount).toBe(2);
    await fx.ok('DELETE', '/comment', [ids.b1], site.siteId);
    expect((await fx.counts(story)).commentCount).toBe(1);
    for (const [method, url, body] of [['POST', '/comment/delete', [ids.zeta]], ['POST', '/comment/recover', [ids.zeta]], ['DELETE', '/comment', [ids.a1, ids.zeta]]] as const) {
      expect((await fx.consoleCall(method, url, body, site.siteId)).code, url).toBe(500);
    }
    const [theirs] = await ts.database.db.select().from(cmsComment).where(eq(cmsComment.commentId, ids.zeta!));
    expect(theirs!.delFlag).toBe('N');
    expect((await fx.consoleCall('GET', `/comment/${ids.zeta}`, undefined, site.siteId)).code).toBe(500);
    expect((await fx.consoleCall('GET', `/comment/reply/${ids.zeta}`, undefined, site.siteId)).code).toBe(500);
    expect((await fx.consoleCall('GET', `/comment/like/${ids.zeta}`, undefined, site.siteId)).code).toBe(500);
  });

  it('shows a comment\'s replies (naming whom each answers) and its likes', async () => {
    const reply = await submit(bob.token, story, 'bob answers', ids.a1);
    await fx.ok('POST', '/comment/audit', { commentIds: [reply], auditStatus: '1' }, site.siteId);
    await fx.reader('POST', `/api/comment/like/${ids.a1}`, { token: bob.token });
    const replies = await fx.ok('GET', `/comment/reply/${ids.a1}`, undefined, site.siteId);
    expect(replies.rows.map((r: Record<string, unknown>) => [r.content, r.nickName, r.replyNickName])).toEqual([['bob answers', 'Bob', 'Alice']]);
    const likes = await fx.ok('GET', `/comment/like/${ids.a1}`, undefined, site.siteId);
    expect(likes).toMatchObject({ total: 1, rows: [{ uid: bob.memberId, nickName: 'Bob' }] });
  });

  it('ships the Comment menu under Interactive with its audit and delete buttons', () => {
    const rows = MENUS.filter((m) => m.menuId === 2065 || m.parentId === 2065).map((m) => [m.menuId, m.parentId, m.path, m.perms]);
    expect(rows.sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([
      [2065, 2035, 'comment', 'comment:comment:view'],
      [2069, 2065, '', 'comment:comment:audit'],
      [2070, 2065, '', 'comment:comment:remove'],
    ]);
  });
});

describe('who may moderate', () => {
  /** A console user holding these keys, with these rights on the moderated site. */
  async function user(name: string, keys: string[], rights: ('View' | 'Edit')[]) {
    for (const key of keys) await grantPermission(ts.database.db, `${name}_role`, key);
    const u = await createUser(ts.database.db, name, { roles: keys.length ? [`${name}_role`] : [] });
    const bits = rights.reduce((b, r) => b | permBit('Site', r), 0);
    if (bits) await ts.database.db.insert(cmsGrant).values({ ownerType: 'User', ownerId: u.userId, objectType: 'Site', objectId: site.siteId, bits });
    return ts.login(name, 'Secret123');
  }
  const as = (token: string, method: string, url: string, body: unknown, siteId = site.siteId) =>
    ts.api(method, url, { token, body, headers: { ...CONSOLE_HEADERS, 'accept-language': 'en', CurrentSite: String(siteId) } });
  const statusOf = async (commentId: number) => (await ts.database.db.select({ s: cmsComment.auditStatus, d: cmsComment.delFlag }).from(cmsComment).where(eq(cmsComment.commentId, commentId)))[0]!;

  it('refuses a user without the keys, a viewer its writes, and a moderator on a site they hold no rights on', async () => {
    const waiting = await submit(bob.token, story, 'bob waits');
    const nobody = await user('cmtnobody', [], ['View', 'Edit']);
    for (const [method, url, body] of [['GET', '/comment/list', undefined], ['POST', '/comment/audit', { commentIds: [waiting], auditStatus: '1' }], ['POST', '/comment/delete', [waiting]]] as const) {
      expect((await as(nobody, method, url, body)).code, `${method} ${url}`).toBe(403);
    }
    const viewer = await user('cmtviewer', ['comment:comment:view'], ['View']);
    expect((await as(viewer, 'GET', '/comment/list', undefined)).code).toBe(200);
    expect((await as(viewer, 'POST', '/comment/audit', { commentIds: [waiting], auditStatus: '1' })).code).toBe(403);
    // The audit key without Edit on the site: refused too.
    const keyOnly = await user('cmtkeyonly', ['comment:comment:view', 'comment:comment:audit'], ['View']);
    expect((await as(keyOnly, 'POST', '/comment/audit', { commentIds: [waiting], auditStatus: '1' })).code).toBe(403);
    // A moderator of this site, on the other site (no rights there): refused, its comment untouched.
    const moderator = await user('cmtmoderator', ['comment:comment:view', 'comment:comment:audit', 'comment:comment:remove'], ['View', 'Edit']);
    expect((await as(moderator, 'POST', '/comment/audit', { commentIds: [ids.zeta], auditStatus: '1' }, other.siteId)).code).toBe(403);
    expect((await as(moderator, 'GET', '/comment/list', undefined, other.siteId)).code).toBe(403);
    expect(await statusOf(waiting)).toEqual({ s: '0', d: 'N' });
    expect(await statusOf(ids.zeta!)).toEqual({ s: '0', d: 'N' });
  });

  it('lets a moderator with the keys and Edit on the site audit and delete; a forged id in the body changes nothing', async () => {
    const waiting = await submit(alice.token, story, 'alice waits');
    const moderator = await ts.login('cmtmoderator', 'Secret123');
    expect((await as(moderator, 'POST', '/comment/audit', { commentIds: [waiting], auditStatus: '1' })).code).toBe(200);
    expect(await statusOf(waiting)).toEqual({ s: '1', d: 'N' });
    // Another site's comment named in the body of a call on this site: refused, whatever siteId the body claims.
    for (const [url, body] of [['/comment/audit', { commentIds: [ids.zeta], auditStatus: '2', siteId: other.siteId }], ['/comment/delete', [ids.zeta]], ['/comment/recover', [ids.zeta]]] as const) {
      expect((await as(moderator, 'POST', url, body)).code, url).not.toBe(200);
    }
    expect(await statusOf(ids.zeta!)).toEqual({ s: '0', d: 'N' });
    expect((await as(moderator, 'POST', '/comment/delete', [waiting])).code).toBe(200);
    expect(await statusOf(waiting)).toEqual({ s: '1', d: 'Y' });
  });
});
