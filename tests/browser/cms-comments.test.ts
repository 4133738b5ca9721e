import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useHarness } from './harness.ts';
import { cmsApi, demoSiteId } from './cms-api.ts';
import { commentResource } from '../../shared/resources/cms/comment.ts';
import { cmsCatalog } from '../../server/modules/cms/catalog/schema.ts';
import { cmsContent } from '../../server/modules/cms/content/schema.ts';
import { cmsSite } from '../../server/modules/cms/site/schema.ts';
import { cmsMember } from '../../server/modules/cms/member/schema.ts';
import { issueMemberToken } from '../../server/modules/cms/member/session.ts';
import { cmsComment } from '../../server/modules/cms/comment/schema.ts';

// The Comment screen (menu 2065): a reader's comments on the current site, audited from the
// toolbar, their replies in a dialog; a comment carrying a script is shown as its text and never
// runs; laid out at 800 px in zh-CN, zh-TW and en (looks.ts).
const h = useHarness({ admin: 'commentadmin' });
const T = commentResource.texts!;

describe('the Comment screen', () => {
  it('audits a reader\'s comment and shows its replies, the script in it inert', async () => {
    const db = h.server.database.db;
    const site = await demoSiteId(h);
    await db.update(cmsSite).set({ configProps: sql`${cmsSite.configProps} || '{"CommentEnabled":"Y","CommentNeedAudit":"Y"}'::jsonb` }).where(eq(cmsSite.siteId, site));
    const api = await cmsApi(h, 'commentadmin', 'Secret123');
    const [made] = await api.ok('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'Harbour' });
    const [cat] = await db.select().from(cmsCatalog).where(eq(cmsCatalog.catalogId, made.catalogId));
    const [story] = await db.insert(cmsContent).values({ siteId: site, catalogId: cat!.catalogId, catalogAncestors: cat!.ancestors, contentType: 'article', title: 'Harbour story', status: '30', publishDate: new Date() }).returning();
    const [m] = await db.insert(cmsMember).values({ userName: 'harbourreader', nickName: 'Harbour reader', password: 'x' }).returning();
    const token = await issueMemberToken(db, m!.memberId, { ip: '198.51.100.9' });
    const post = async (content: string, parentId?: number) => {
      const r = await h.server.server.sites.inject({ method: 'POST', url: `/api/comment/submit?sid=${site}`, headers: { authorization: `Bearer ${token}` }, payload: { sourceId: story!.contentId, content, parentId } });
      expect(r.json().code, r.body).toBe(200);
      return r.json().data.commentId as number;
    };
    const evil = 'Nice <img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
    const top = await post(evil);

    await h.openScreen('/admin/operations/comment', '.resource-table tbody tr:has-text("Harbour story")');
    expect(await h.page.title()).toContain(T.title['zh-CN']);
    const row = h.rowOf('Harbour story');
    expect(await row.textContent()).toContain('Harbour reader');
    expect(await h.page.locator('.resource-table tbody', { hasText: '<script>window.__pwned=2</script>' }).count()).toBe(1);
    expect(await h.page.locator('.resource-table img[src=x]').count()).toBe(0);

    await row.locator('.p-checkbox').click();
    await h.page.getByTestId('comment-audit-pass').click();
    await expect.poll(async () => (await db.select({ s: cmsComment.auditStatus }).from(cmsComment).where(eq(cmsComment.commentId, top)))[0]!.s).toBe('1');
    await expect.poll(async () => (await db.select({ n: cmsContent.commentCount }).from(cmsContent).where(eq(cmsContent.contentId, story!.contentId)))[0]!.n).toBe(1);
    await expect.poll(() => h.rowOf('Harbour story').textContent()).toContain('通过');

    // A reply, audited too, shows in the top comment's replies, naming whom it answers.
    const reply = await post('Thank you', top);
    await db.update(cmsComment).set({ auditStatus: '1' }).where(eq(cmsComment.commentId, reply));
    await h.openScreen('/admin/operations/comment', '.resource-table tbody tr:has-text("Thank you")');
    await h.page.getByTestId(`comment-replies-${top}`).click();
    const dialog = h.page.getByTestId('comment-replies-dialog');
    await dialog.waitFor();
    await expect.poll(() => dialog.textContent()).toContain('Thank you');
    expect(await dialog.textContent()).toContain(T.more!.replyTo!['zh-CN'].replace('{{name}}', 'Harbour reader'));
    await h.page.keyboard.press('Escape');
    expect(await h.page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

    await h.inEveryLook(async ({ tag }) => {
      await h.openScreen('/admin/operations/comment', '.resource-table tbody tr:has-text("Harbour story")');
      await h.expectLaidOut(`comments ${tag}`);
    });
  }, 150_000);
});
