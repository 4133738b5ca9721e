import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useHarness } from './harness.ts';
import { seriousViolations } from './axe.ts';
import { byName, cmsApi, type CmsApi } from './cms-api.ts';
import { drainQueue } from '../../server/modules/cms/publish/worker.ts';
import { sysCaptcha } from '../../server/modules/auth/index.ts';
import { cmsSite } from '../../server/modules/cms/site/schema.ts';
import { cmsComment } from '../../server/modules/cms/comment/schema.ts';
import { cmsMember } from '../../server/modules/cms/member/schema.ts';
import { issueMemberToken } from '../../server/modules/cms/member/session.ts';
import { png } from '../../server/modules/cms/resource/test-files.ts';

// Issue 31 on a site whose comments need no sign-in, in Chromium with the default theme: an
// anonymous reader comments through the captcha (a wrong answer refused, naming its field); a
// member comments without one, uploads an avatar in the centre and sees it beside the comment;
// a nickname carrying markup stays text on the site and in the console's Comment and Member screens.
const h = useHarness({ admin: 'anoncommentadmin', ownDataDir: true });
let api: CmsApi;
let siteId = 0;
let article = 0;
const EVIL_NICK = '<img src=x onerror=__hit=1>';
const at = (path: string) => `${h.server.siteUrl}opencomments/${path}`;
const hit = (page: Page) => page.evaluate(() => (window as unknown as { __hit?: number }).__hit);

beforeAll(async () => {
  api = await cmsApi(h, 'anoncommentadmin', 'Secret123');
  siteId = (await api.ok('POST', '/cms/site', { name: 'Open comments', path: 'opencomments' })).siteId;
  await h.server.database.db.update(cmsSite).set({ configProps: { CommentEnabled: 'Y', CommentNeedAudit: 'N', CommentNeedLogin: 'N' } }).where(eq(cmsSite.siteId, siteId));
  const cat = byName(await api.ok('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'Stories' }, siteId));
  article = (await api.ok('POST', '/cms/content?contentType=article', { catalogId: cat.Stories, title: 'Ferry timetable', contentHtml: '<p>The ferries run hourly.</p>' }, siteId)).contentId;
  await api.ok('POST', '/cms/content/publish', { contentIds: [article] }, siteId);
  await api.ok('POST', '/cms/site/publish', { siteId, contentStatus: '30' }, siteId);
  await drainQueue(h.server.server.services);
});

/** The captcha's current uuid once its image is shown, and its answer as stored (what a reader reads off the image). */
async function captchaShown(page: Page, not = '') {
  await expect.poll(async () => (await page.locator('.captcha img').getAttribute('src')) ?? '').toMatch(/^data:image\/svg\+xml;base64,/);
  await expect.poll(() => page.locator('input[name=uuid]').inputValue()).not.toBe(not);
  const uuid = await page.locator('input[name=uuid]').inputValue();
  const [row] = await h.server.database.db.select().from(sysCaptcha).where(eq(sysCaptcha.uuid, uuid));
  return { uuid, answer: row!.code };
}

describe('comments on a site open to anonymous readers', () => {
  it('takes an anonymous reader\'s comment through the captcha, refusing a wrong answer on its field', async () => {
    const page = await h.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(at(`stories/${article}.shtml`));
    await page.locator('html.cx-ready').waitFor();
    expect(await page.getByRole('link', { name: 'Or sign in to comment as a member' }).isVisible()).toBe(true);

    // The image comes when the reader starts writing (not for every page view).
    expect(await page.locator('.captcha img').getAttribute('src')).toBeNull();
    await page.getByLabel('Your comment').fill('When is the last ferry?');
    const first = await captchaShown(page);
    // The box with its captcha has no serious accessibility fault (labels, contrast, names).
    expect(await seriousViolations(page, '.comments')).toEqual([]);
    await page.getByLabel('Characters in the image').fill(`${first.answer}x`);
    await page.getByRole('button', { name: 'Post a comment' }).click();
    await page.locator('.comments [role=alert]').filter({ hasText: 'The captcha is wrong or has expired' }).waitFor();
    expect(await page.getByLabel('Characters in the image').getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('comment-code');
    expect(await h.server.database.db.select().from(cmsComment).where(eq(cmsComment.sourceId, article))).toEqual([]);

    // The image was spent: a new one comes; "Another image" brings yet another.
    const second = await captchaShown(page, first.uuid);
    await page.getByRole('button', { name: 'Another image' }).click();
    const third = await captchaShown(page, second.uuid);
    await page.getByLabel('Characters in the image').fill(third.answer);
    await page.getByRole('button', { name: 'Post a comment' }).click();
    await page.locator('.comments [role=status]').filter({ hasText: 'Your comment is sent' }).waitFor();
    const shown = page.locator('.comment-list > .comment').first();
    await expect.poll(() => shown.locator('.comment-text').textContent()).toBe('When is the last ferry?');
    expect(await shown.locator('.comment-head strong').textContent()).toBe('Anonymous reader');
    expect(await shown.locator('.comment-head .avatar').textContent()).toBe('A');
    const [row] = await h.server.database.db.select().from(cmsComment).where(eq(cmsComment.sourceId, article));
    expect(row).toMatchObject({ uid: null, content: 'When is the last ferry?', auditStatus: '1' });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('lets a member comment without a captcha, with the avatar uploaded in the centre, the nickname as text everywhere', async () => {
    const db = h.server.database.db;
    const [m] = await db.insert(cmsMember).values({ userName: 'ferryfan', nickName: EVIL_NICK, password: 'x' }).returning();
    const token = await issueMemberToken(db, m!.memberId, { ip: '198.51.100.7' });
    const page = await h.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(at(''));
    await page.evaluate((t) => localStorage.setItem('cx-member-token', t), token);

    // The centre: the initial until a picture is uploaded, then the picture.
    await page.goto(at(`account/${m!.memberId}`));
    const mine = page.locator('.account-centre .avatar');
    await expect.poll(() => mine.textContent()).toBe('<');
    expect(await page.locator('.member-name strong').textContent()).toBe(EVIL_NICK);
    await page.getByLabel('Avatar').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await png(96, 96) });
    await page.getByRole('button', { name: 'Upload an avatar' }).click();
    await page.locator('.avatar-form [role=status]').filter({ hasText: 'Saved' }).waitFor();
    await expect.poll(() => mine.locator('img').evaluate((i: HTMLImageElement) => i.naturalWidth).catch(() => 0)).toBe(96);
    expect(await seriousViolations(page, '.account-centre')).toEqual([]);

    // The article: the member's form has no captcha; the comment shows with the picture beside the name.
    await page.goto(at(`stories/${article}.shtml`));
    await page.locator('html.cx-ready').waitFor();
    expect(await page.locator('.captcha').isHidden()).toBe(true);
    await page.getByLabel('Your comment').fill('Thanks for the timetable');
    await page.getByRole('button', { name: 'Post a comment' }).click();
    await page.locator('.comments [role=status]').filter({ hasText: 'Your comment is sent' }).waitFor();
    const shown = page.locator('.comment-list > .comment').first();
    await expect.poll(() => shown.locator('.comment-text').textContent()).toBe('Thanks for the timetable');
    expect(await shown.locator('.comment-head strong').textContent()).toBe(EVIL_NICK);
    const pic = shown.locator('.comment-head .avatar img');
    await expect.poll(() => pic.evaluate((i: HTMLImageElement) => i.naturalWidth).catch(() => 0)).toBe(96);
    expect(await pic.getAttribute('src')).toMatch(new RegExp(`/api/member/avatar/${m!.memberId}\\?v=[0-9a-f]{12}$`));
    expect(await page.locator('img[src=x]').count()).toBe(0);
    expect(await hit(page)).toBeUndefined();
    expect(errors).toEqual([]);
    await page.close();

    // The console's Comment and Member screens show the nickname as text, and run nothing.
    await h.page.evaluate((id) => localStorage.setItem('CurrentSite', id), String(siteId));
    await h.openScreen('/admin/operations/comment', '.resource-table tbody tr:has-text("Thanks for the timetable")');
    expect(await h.rowOf('Thanks for the timetable').textContent()).toContain(EVIL_NICK);
    await h.openScreen('/admin/member/list', '.resource-table tbody tr:has-text("ferryfan")');
    expect(await h.rowOf('ferryfan').textContent()).toContain(EVIL_NICK);
    expect(await h.page.locator('img[src=x]').count()).toBe(0);
    expect(await hit(h.page)).toBeUndefined();
  }, 120_000);
});
