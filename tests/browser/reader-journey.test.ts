import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useHarness } from './harness.ts';
import { readerPage } from './reader-page.ts';
import { byName, cmsApi, type CmsApi } from './cms-api.ts';
import { drainQueue } from '../../server/modules/cms/publish/worker.ts';
import { cmsSite } from '../../server/modules/cms/site/schema.ts';
import { cmsContent } from '../../server/modules/cms/content/schema.ts';
import { cmsComment } from '../../server/modules/cms/comment/schema.ts';
import { cmsMember } from '../../server/modules/cms/member/schema.ts';
import { viewCounterOf } from '../../server/modules/cms/stat/view-counter.ts';
import { startSmtpSink, type SmtpSink } from '../../server/modules/messaging/test-sinks.ts';

// Issue 31's acceptance, the reader's side, in Chromium on a site published with the default theme:
// register with the code mailed through a local SMTP server, sign in, like, favorite, comment
// (markup kept as text), reply once the comment passes review, check in for the day, sign out —
// every step through the readers' script and API on the sites' origin, the page's view counted;
// in the console the editor passes the comment and finds the member's level and experience.
// The vote, the contribution and the mailbox: reader-vote and reader-contribute-mailbox tests.
const h = useHarness({ admin: 'journeyeditor', ownDataDir: true, config: { messagingAllowedHosts: ['127.0.0.1'], viewCounter: { flushMs: 3_600_000 } } });
let smtp: SmtpSink;
let api: CmsApi;
let siteId = 0;
let article = 0;
afterAll(async () => {
  await smtp?.close();
});

const at = (path: string) => `${h.server.siteUrl}journey/${path}`;
const lastCode = (to: string) => /\b(\d{6})\b/.exec(smtp.mails.filter((m) => m.to.includes(to)).at(-1)!.raw.replace(/=\r?\n/g, ''))![1]!;

beforeAll(async () => {
  smtp = await startSmtpSink();
  api = await cmsApi(h, 'journeyeditor', 'Secret123');
  await api.ok('POST', '/system/messaging/config', { name: 'mail', platform: 'SMTP', isDefault: 'Y', config: { host: '127.0.0.1', port: smtp.port, security: 'NONE', username: 'mailer', password: 'S3cret!', fromAddress: 'cms@example.com', fromName: 'Journey' } });
  // Levels and what a check-in and a passed comment earn (Level Config, Exp Config).
  await api.ok('POST', '/member/levelConfig', { level: 0, name: 'New', nextNeedExp: 8 });
  await api.ok('POST', '/member/levelConfig', { level: 1, name: 'Known', nextNeedExp: 100 });
  await api.ok('POST', '/member/expConfig', { opType: 'signIn', exp: 5, dayLimit: 1 });
  await api.ok('POST', '/member/expConfig', { opType: 'comment', exp: 3, dayLimit: 10 });
  siteId = (await api.ok('POST', '/cms/site', { name: 'Journey', path: 'journey' })).siteId;
  await h.server.database.db.update(cmsSite).set({ configProps: { CommentEnabled: 'Y', CommentNeedAudit: 'Y', CommentNeedLogin: 'Y' } }).where(eq(cmsSite.siteId, siteId));
  const cat = byName(await api.ok('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'Stories' }, siteId));
  article = (await api.ok('POST', '/cms/content?contentType=article', { catalogId: cat.Stories, title: 'Harbour reopens', contentHtml: '<p>The harbour reopened today.</p>' }, siteId)).contentId;
  await api.ok('POST', '/cms/content/publish', { contentIds: [article] }, siteId);
  await api.ok('POST', '/cms/site/publish', { siteId, contentStatus: '30' }, siteId);
  await drainQueue(h.server.server.services);
});


describe('a reader on a published site', () => {
  it('registers, signs in, likes, favorites, comments and replies, checks in and signs out', async () => {
    const page = await readerPage(h.context);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    // Register: the code arrives by e-mail.
    await page.goto(at('account/register'));
    await page.getByLabel('User name').fill('harbourfan');
    await page.getByLabel('E-mail', { exact: true }).fill('fan@example.com');
    await page.getByRole('button', { name: 'Send a code' }).click();
    await page.getByRole('status').filter({ hasText: 'A code is on its way' }).waitFor();
    await page.getByLabel('Code from the e-mail').fill(lastCode('fan@example.com'));
    await page.getByLabel('Password', { exact: true }).fill('Harbour2026x');
    await page.getByLabel('Password again').fill('Harbour2026x');
    await Promise.all([page.waitForURL(/account\/login/), page.getByRole('button', { name: 'Register' }).click()]);

    // Sign in: the header names the member.
    await page.getByLabel('User name').fill('fan@example.com');
    await page.getByLabel('Password', { exact: true }).fill('Harbour2026x');
    await Promise.all([page.waitForURL(at('')), page.getByRole('button', { name: 'Sign in' }).click()]);
    await expect.poll(() => page.locator('.account-nav [data-cx-if=member]').textContent()).toBe('harbourfan');

    // The article: like and favorite, counts moving; a comment with markup waits for review.
    await page.goto(at(`stories/${article}.shtml`));
    const like = page.getByRole('button', { name: /^Like/ }).first();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('false');
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => like.textContent()).toContain('1');
    const favorite = page.getByRole('button', { name: /^Favorite/ });
    await favorite.click();
    await expect.poll(() => favorite.getAttribute('aria-pressed')).toBe('true');
    await page.getByLabel('Your comment').fill('<img src=x onerror="window.__hit=1"> Lovely news');
    await page.getByRole('button', { name: 'Post a comment' }).click();
    await page.locator('.comments [role=status]').filter({ hasText: 'Your comment is sent' }).waitFor();
    const [c] = await h.server.database.db.select().from(cmsComment).where(eq(cmsComment.sourceId, article));
    expect(c!.content).toBe('<img src=x onerror="window.__hit=1"> Lovely news');
    // In the console, the editor passes it on the Comment screen; the reader's markup is text there too.
    await h.page.goto(h.url('/admin/favicon.svg'));
    await h.page.evaluate((id) => localStorage.setItem('CurrentSite', id), String(siteId));
    await h.openScreen('/admin/operations/comment', '.resource-table tbody tr:has-text("Harbour reopens")');
    expect(await h.page.locator('.resource-table img[src=x]').count()).toBe(0);
    await h.rowOf('Harbour reopens').locator('.p-checkbox').click();
    await h.page.getByTestId('comment-audit-pass').click();
    await expect.poll(async () => (await h.server.database.db.select({ s: cmsComment.auditStatus }).from(cmsComment).where(eq(cmsComment.commentId, c!.commentId)))[0]!.s).toBe('1');
    expect(await h.page.evaluate(() => (window as unknown as { __hit?: number }).__hit)).toBeUndefined();

    // Passed, it is listed as text; a reply goes under it.
    await page.reload();
    const first = page.locator('.comment-list > .comment').first();
    await expect.poll(() => first.locator('.comment-text').first().textContent()).toBe('<img src=x onerror="window.__hit=1"> Lovely news');
    expect(await page.locator('.comments img').count()).toBe(0);
    await first.getByRole('button', { name: 'Reply' }).click();
    await page.getByLabel('Your comment').fill('And the ferries too');
    await page.getByRole('button', { name: 'Post a comment' }).click();
    await page.locator('.comments [role=status]').filter({ hasText: 'Your comment is sent' }).waitFor();
    const reply = (await h.server.database.db.select().from(cmsComment).where(eq(cmsComment.sourceId, article))).find((r) => r.content === 'And the ferries too');
    expect(reply!.parentId).toBe(c!.commentId);
    expect(await page.evaluate(() => (window as unknown as { __hit?: number }).__hit)).toBeUndefined();
    await viewCounterOf(h.server.server.services).flush();
    const [counts] = await h.server.database.db.select().from(cmsContent).where(eq(cmsContent.contentId, article));
    expect(counts).toMatchObject({ likeCount: 1, favoriteCount: 1, commentCount: 1 });
    expect(counts!.viewCount).toBeGreaterThanOrEqual(1);

    // The centre: the daily check-in, once.
    const [member] = await h.server.database.db.select().from(cmsMember).where(eq(cmsMember.userName, 'harbourfan'));
    await page.goto(at(`account/${member!.memberId}`));
    await page.getByRole('button', { name: 'Daily check-in' }).click();
    await page.getByRole('status').filter({ hasText: 'Checked in for today' }).waitFor();

    // Sign out: the header offers the sign-in again.
    await Promise.all([page.waitForURL(at('')), page.getByRole('button', { name: 'Sign out' }).click()]);
    await expect.poll(() => page.locator('.account-nav [data-cx-if=guest]').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();

    // In the console, the member's level and experience: what the comment and the check-in earned.
    const [earned] = await h.server.database.db.select().from(cmsMember).where(eq(cmsMember.memberId, member!.memberId));
    expect(earned).toMatchObject({ exp: 8, level: 1 });
    await h.openScreen('/admin/member/list', '.resource-table tbody tr:has-text("harbourfan")');
    const cells = await h.rowOf('harbourfan').locator('td').allTextContents();
    expect(cells).toContain(String(earned!.level));
    expect(cells).toContain(String(earned!.exp));
  });
});
