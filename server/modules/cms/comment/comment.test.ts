import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { sysCaptcha } from '../../auth/index.ts';
import { cmsComment, cmsCommentLike } from './schema.ts';
import { cmsContent } from '../content/schema.ts';
import { readerFixtures } from './test-fixtures.ts';

// Issue 31 item 3: readers' comments through the public API on the sites' origin — the site's
// settings honoured (off, members only or anonymous with a captcha, audit first, length, sensitive
// words), replies two levels deep as ChestnutCMS shows them, likes once per member, one's own
// deleted, lists newest and hottest, the text kept as text, the content's commentCount exact.
const ts = useTestServer();
const fx = readerFixtures(ts);
const OPEN = { CommentEnabled: 'Y', CommentNeedAudit: 'N', CommentNeedLogin: 'Y' };

let site: { siteId: number; catalogId: number };
let other: { siteId: number; catalogId: number };
let alice: { memberId: number; token: string };
let bob: { memberId: number; token: string };

beforeAll(async () => {
  site = await fx.site('Commented', OPEN);
  other = await fx.site('Elsewhere', OPEN);
  alice = await fx.member('Alice');
  bob = await fx.member('Bob');
});

const submit = (body: Record<string, unknown>, o: { token?: string; sid?: number; lang?: string; ip?: string } = {}) =>
  fx.reader('POST', `/api/comment/submit${o.sid ? `?sid=${o.sid}` : ''}`, { token: o.token, body, lang: o.lang, ip: o.ip });
const list = (contentId: number, q = '') => fx.reader('GET', `/api/comment/cms_content/${contentId}${q}`);

describe('submitting a comment', () => {
  it('is refused where the site has comments off, for a draft, and for another site\'s content', async () => {
    const off = await fx.site('Quiet');
    const quiet = await fx.content(off);
    const r = await submit({ sourceId: quiet, content: 'hello' }, { token: alice.token, lang: 'zh-CN' });
    expect(r.status).toBe(400);
    expect(r.msg).toBe('本站未开启评论');
    const draft = await fx.content(site, 'Draft', '0');
    expect((await submit({ sourceId: draft, content: 'hello' }, { token: alice.token })).msg).toBe('No such content, or it is not published');
    // Named by the request, another site's content is as good as none; named by nothing, the content's own site is the comment's.
    const theirs = await fx.content(other);
    expect((await submit({ sourceId: theirs, content: 'hello' }, { token: alice.token, sid: site.siteId })).msg).toBe('No such content, or it is not published');
    const ok = await submit({ sourceId: theirs, content: 'hello' }, { token: alice.token });
    expect(ok.code).toBe(200);
    const [row] = await ts.database.db.select().from(cmsComment).where(eq(cmsComment.commentId, ok.data.commentId));
    expect(row!.siteId).toBe(other.siteId);
  });

  it('needs a member where the site says so (401), and takes an anonymous reader with a captcha where it does not', async () => {
    const c = await fx.content(site);
    const anon = await submit({ sourceId: c, content: 'who am I' });
    expect(anon.status).toBe(401);
    expect(anon.msg).toBe('Sign in as a member to comment');

    const open = await fx.site('Open', { CommentEnabled: 'Y', CommentNeedAudit: 'N', CommentNeedLogin: 'N' });
    const oc = await fx.content(open);
    expect((await submit({ sourceId: oc, content: 'no captcha' })).msg).toBe('The captcha is wrong or has expired');
    // A wrong answer: refused in the reader's language, naming the answer's field for the form to mark; the image is spent.
    const tried = await fx.reader('GET', `/api/comment/captcha?sid=${open.siteId}`);
    const wrong = await submit({ sourceId: oc, content: 'guessing', uuid: tried.data.uuid, code: 'zzzz' }, { lang: 'zh-TW' });
    expect(wrong).toMatchObject({ status: 400, msg: '驗證碼錯誤或已失效', data: { field: 'code' } });
    expect(await ts.database.db.select().from(sysCaptcha).where(eq(sysCaptcha.uuid, tried.data.uuid))).toEqual([]);
    const captcha = await fx.reader('GET', `/api/comment/captcha?sid=${open.siteId}`);
    expect(captcha.data.captchaEnabled).toBe(true);
    const [stored] = await ts.database.db.select().from(sysCaptcha).where(eq(sysCaptcha.uuid, captcha.data.uuid));
    const r = await submit({ sourceId: oc, content: 'anonymous words', uuid: captcha.data.uuid, code: stored!.code });
    expect(r.code, r.msg).toBe(200);
    const shown = await list(oc);
    expect(shown.data.rows[0]).toMatchObject({ uid: null, content: 'anonymous words' });
    // A members-only site hands out no captcha.
    expect((await fx.reader('GET', `/api/comment/captcha?sid=${site.siteId}`)).data).toEqual({ captchaEnabled: false });
  });

  it('waits for the audit where the site audits first, and the count follows audited comments only', async () => {
    const audited = await fx.site('Audited', { CommentEnabled: 'Y', CommentNeedAudit: 'Y' });
    const c = await fx.content(audited);
    const r = await submit({ sourceId: c, content: 'please check me' }, { token: alice.token });
    expect(r.data).toMatchObject({ auditStatus: '0', needAudit: true });
    expect((await list(c)).data.total).toBe(0);
    expect((await fx.counts(c)).commentCount).toBe(0);
    await fx.ok('POST', '/comment/audit', { commentIds: [r.data.commentId], auditStatus: '1' }, audited.siteId);
    expect((await list(c)).data.rows.map((x: { content: string }) => x.content)).toEqual(['please check me']);
    expect((await fx.counts(c)).commentCount).toBe(1);
    await fx.ok('POST', '/comment/audit', { commentIds: [r.data.commentId], auditStatus: '2' }, audited.siteId);
    expect((await list(c)).data.total).toBe(0);
    expect((await fx.counts(c)).commentCount).toBe(0);
  });

  it('keeps the site\'s length and sensitive words, naming the field in the reader\'s language', async () => {
    const strict = await fx.site('Strict', { ...OPEN, CommentMaxLength: '10', SensitiveWordCheck: 'Y', SensitiveWordAction: 'refuse' });
    const c = await fx.content(strict);
    const long = await submit({ sourceId: c, content: '一二三四五六七八九十十一' }, { token: alice.token, lang: 'zh-TW' });
    expect(long.data).toEqual({ field: 'content' });
    expect(long.msg).toMatch(/評論內容.*10/);
    expect((await submit({ sourceId: c, content: '   ' }, { token: alice.token })).data).toEqual({ field: 'content' });
    await fx.ok('POST', '/word/sensitiveword', { word: 'badword', type: 'SENSITIVE' }, strict.siteId);
    const bad = await submit({ sourceId: c, content: 'a badword' }, { token: alice.token });
    expect(bad.msg).toMatch(/badword/);
    expect((await list(c)).data.total).toBe(0);
  });

  it('takes the default theme\'s form as it posts it (source type "content", an empty reply id)', async () => {
    const c = await fx.content(site);
    const r = await submit({ sourceType: 'content', sourceId: String(c), parentId: '', content: 'from the page' }, { token: alice.token, sid: site.siteId });
    expect(r.code, r.msg).toBe(200);
    const shown = await fx.reader('GET', `/api/comment/content/${c}?sid=${site.siteId}&offset=0&limit=20`);
    expect(shown.data.rows.map((x: { content: string }) => x.content)).toEqual(['from the page']);
  });

  it('stores and returns a script as the text typed: nothing is turned into markup', async () => {
    const c = await fx.content(site);
    const text = '<script>alert(1)</script><img src=x onerror=alert(2)> & "quotes"';
    const r = await submit({ sourceId: c, content: text }, { token: alice.token });
    const [row] = await ts.database.db.select({ content: cmsComment.content }).from(cmsComment).where(eq(cmsComment.commentId, r.data.commentId));
    expect(row!.content).toBe(text);
    const shown = await list(c);
    expect(shown.type).toMatch(/^application\/json/);
    expect(shown.data.rows[0].content).toBe(text);
    const consoleRow = await fx.consoleCall('GET', `/comment/${r.data.commentId}`, undefined, site.siteId);
    expect(consoleRow.data.content).toBe(text);
  });
});

describe('replies, likes, lists and deleting one\'s own', () => {
  it('lists replies flat under their top-level comment, each naming whom it answers', async () => {
    const c = await fx.content(site);
    const top = (await submit({ sourceId: c, content: 'top' }, { token: alice.token })).data.commentId;
    const r1 = (await submit({ sourceId: c, content: 'answer', parentId: top }, { token: bob.token })).data;
    expect(r1.parentId).toBe(top);
    const r2 = (await submit({ sourceId: c, content: 'answer to the answer', parentId: r1.commentId }, { token: alice.token })).data;
    expect(r2.parentId).toBe(top);
    const replies = await fx.reader('GET', `/api/comment/reply/${top}?sort=new`);
    expect(replies.data.rows.map((r: Record<string, unknown>) => [r.content, r.nickName, r.replyNickName])).toEqual([
      ['answer to the answer', 'Alice', 'Bob'],
      ['answer', 'Bob', 'Alice'],
    ]);
    const tops = await list(c);
    expect(tops.data.total).toBe(1);
    expect(tops.data.rows[0]).toMatchObject({ commentId: top, replyCount: 2 });
    // The first replies come with their top-level comment (the default theme's script shows them under it).
    expect(tops.data.rows[0].replies.map((r: { content: string }) => r.content)).toEqual(['answer', 'answer to the answer']);
    expect(new Date(tops.data.rows[0].createTime).getTime()).toBeGreaterThan(0);
    expect(tops.data.rows[0].ip).toBeUndefined();
    expect((await fx.counts(c)).commentCount).toBe(3);
    // A reply to another content's comment is refused.
    const elsewhere = await fx.content(site);
    expect((await submit({ sourceId: elsewhere, content: 'x', parentId: top }, { token: bob.token })).msg).toBe('No such comment');
  });

  it('likes a comment once per member, however many likes arrive at once, and lists the hottest first', async () => {
    const c = await fx.content(site);
    const first = (await submit({ sourceId: c, content: 'first' }, { token: alice.token })).data.commentId;
    const second = (await submit({ sourceId: c, content: 'second' }, { token: alice.token })).data.commentId;
    const likes = await Promise.all(Array.from({ length: 20 }, () => fx.reader('POST', `/api/comment/like/${first}`, { token: bob.token })));
    expect(likes.every((l) => l.code === 200)).toBe(true);
    const rows = await ts.database.db.select().from(cmsCommentLike).where(eq(cmsCommentLike.commentId, first));
    expect(rows).toHaveLength(1);
    expect((await fx.reader('PUT', `/api/comment/like/${first}`, { token: alice.token })).data).toEqual({ liked: true, likeCount: 2 });
    expect((await list(c)).data.rows.map((r: { commentId: number }) => r.commentId)).toEqual([second, first]);
    expect((await list(c, '?sort=hot')).data.rows.map((r: { commentId: number; likeCount: number }) => [r.commentId, r.likeCount])).toEqual([[first, 2], [second, 0]]);
    expect((await fx.reader('GET', `/api/comment/liked?ids=${first},${second}`, { token: bob.token })).data).toEqual([first]);
    expect((await fx.reader('POST', `/api/comment/like/${first}`)).status).toBe(401);
  });

  it('pages the lists by limit and offset, and lists a member\'s visible comments with their content\'s title', async () => {
    const c = await fx.content(site, 'Paged story');
    const carol = await fx.member('Carol');
    for (let i = 1; i <= 5; i++) await submit({ sourceId: c, content: `n${i}` }, { token: carol.token });
    const page = await list(c, '?limit=2&offset=2');
    expect(page.data).toMatchObject({ total: 5, hasMore: true });
    expect(page.data.rows.map((r: { content: string }) => r.content)).toEqual(['n3', 'n2']);
    const bad = await list(c, '?limit=500');
    expect(bad.data).toEqual({ field: 'limit' });
    const mine = await fx.reader('GET', `/api/comment/user/${carol.memberId}?limit=1`);
    expect(mine.data.total).toBe(5);
    expect(mine.data.rows[0]).toMatchObject({ content: 'n5', sourceTitle: 'Paged story' });
    // On another site named by the request, none of them.
    expect((await fx.reader('GET', `/api/comment/user/${carol.memberId}?sid=${other.siteId}`)).data.total).toBe(0);
  });

  it('deletes one\'s own comment only, and the counts follow; the console recovers it', async () => {
    const c = await fx.content(site);
    const top = (await submit({ sourceId: c, content: 'mine' }, { token: alice.token })).data.commentId;
    const reply = (await submit({ sourceId: c, content: 'reply', parentId: top }, { token: bob.token })).data.commentId;
    expect((await fx.counts(c)).commentCount).toBe(2);
    expect((await fx.reader('POST', `/api/comment/delete/${top}`, { token: bob.token })).msg).toBe('No such comment');
    expect((await fx.reader('POST', `/api/comment/delete/${reply}`, { token: bob.token })).code).toBe(200);
    expect((await fx.counts(c)).commentCount).toBe(1);
    expect((await list(c)).data.rows[0].replyCount).toBe(0);
    expect((await fx.reader('POST', `/api/comment/delete/${top}`, { token: alice.token })).code).toBe(200);
    expect((await fx.counts(c)).commentCount).toBe(0);
    expect((await fx.reader('GET', `/api/comment/reply/${top}`)).msg).toBe('No such comment');
    await fx.ok('POST', '/comment/recover', [top, reply], site.siteId);
    expect((await fx.counts(c)).commentCount).toBe(2);
    expect((await list(c)).data.rows[0]).toMatchObject({ commentId: top, replyCount: 1 });
  });
});

describe('who may call, and what a reader may reach', () => {
  it('takes a console token for no member: refused where a member is needed, as with no token at all (401)', async () => {
    const c = await fx.content(site);
    const top = (await submit({ sourceId: c, content: 'a member speaks' }, { token: alice.token })).data.commentId;
    const asConsole = await fx.reader('POST', '/api/comment/submit', { token: ts.admin, body: { sourceId: c, content: 'the console speaks' } });
    expect(asConsole).toMatchObject({ status: 401, msg: 'Sign in as a member to comment' });
    for (const [method, url] of [['POST', `/api/comment/like/${top}`], ['PUT', `/api/comment/like/${top}`], ['POST', `/api/comment/delete/${top}`], ['GET', `/api/comment/liked?ids=${top}`]] as const) {
      expect((await fx.reader(method, url, { token: ts.admin })).status, `${method} ${url} with a console token`).toBe(401);
      expect((await fx.reader(method, url)).status, `${method} ${url} with no token`).toBe(401);
    }
    const [row] = await ts.database.db.select().from(cmsComment).where(eq(cmsComment.commentId, top));
    expect(row).toMatchObject({ likeCount: 0, delFlag: 'N' });
  });

  it('keeps a script in the text and in the author\'s nickname as text in every list', async () => {
    const c = await fx.content(site);
    const nasty = await fx.member('<script>alert(1)</script>');
    const text = '<script>alert("text")</script>';
    const top = (await submit({ sourceId: c, content: text }, { token: nasty.token })).data.commentId;
    await submit({ sourceId: c, content: text, parentId: top }, { token: nasty.token });
    const lists = [(await list(c)).data.rows[0], (await fx.reader('GET', `/api/comment/reply/${top}`)).data.rows[0], (await fx.reader('GET', `/api/comment/user/${nasty.memberId}`)).data.rows[0]];
    for (const r of lists) expect(r).toMatchObject({ content: text, nickName: '<script>alert(1)</script>' });
    expect((await list(c)).data.rows[0].replies[0]).toMatchObject({ replyNickName: '<script>alert(1)</script>' });
    const consoleRow = (await fx.ok('GET', `/comment/list?sourceId=${c}`, undefined, site.siteId)).rows[0];
    expect(consoleRow).toMatchObject({ content: text, nickName: '<script>alert(1)</script>' });
  });

  it('reaches no comment of a content taken offline or recycled, nor another site\'s through a site named', async () => {
    const c = await fx.content(site, 'Withdrawn story');
    const top = (await submit({ sourceId: c, content: 'said while it was up' }, { token: alice.token })).data.commentId;
    await submit({ sourceId: c, content: 'a reply while it was up', parentId: top }, { token: bob.token });
    expect((await fx.reader('GET', `/api/comment/reply/${top}`)).data.total).toBe(1);
    // Named by another site, the comment is as good as none.
    expect((await fx.reader('GET', `/api/comment/reply/${top}?sid=${other.siteId}`)).msg).toBe('No such comment');
    expect((await fx.reader('POST', `/api/comment/like/${top}?sid=${other.siteId}`, { token: bob.token })).msg).toBe('No such comment');

    for (const gone of [{ status: '40' }, { status: '30', recycleTime: new Date() }]) {
      await ts.database.db.update(cmsContent).set(gone).where(eq(cmsContent.contentId, c));
      expect((await list(c)).msg).toBe('No such content, or it is not published');
      expect((await fx.reader('GET', `/api/comment/reply/${top}`)).msg).toBe('No such comment');
      expect((await fx.reader('GET', `/api/comment/user/${alice.memberId}?limit=50`)).data.rows.map((r: { sourceTitle: string }) => r.sourceTitle)).not.toContain('Withdrawn story');
      expect((await fx.reader('POST', `/api/comment/like/${top}`, { token: bob.token })).msg).toBe('No such comment');
    }
    await ts.database.db.update(cmsContent).set({ status: '30', recycleTime: null }).where(eq(cmsContent.contentId, c));
    expect((await fx.reader('GET', `/api/comment/reply/${top}`)).data.total).toBe(1);
    const [row] = await ts.database.db.select().from(cmsComment).where(eq(cmsComment.commentId, top));
    expect(row!.likeCount).toBe(0);
  });
});
