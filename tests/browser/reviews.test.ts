import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness.ts';
import { reviewWorldWith, signInOnSite } from './review-world.ts';
import R from '../../shared/i18n/locales/zh-CN/review.ts';
import catalogZhCN from '../../shared/i18n/locales/zh-CN/catalog.ts';
import { H, TWO_STEPS } from '../../server/modules/workflow/test-review.ts';
import { seriousViolations } from './axe.ts';

// Issue 32 item 4's console part: the first reviewer finds two submissions in To do and the
// navbar's count, rejects one (a comment required) and sees the count drop and the decision in
// Done; the editor then reads the rejection in the content editor's review history, and the
// other content, still in review, opens read-only saying why. Pictures: `npm run shots`.

const h = useHarness({ admin: 'reviewadmin' });
let siteId = 0;
let rejected = 0;
let waiting = 0;
let unbound = 0;
let firstToken = '';

beforeAll(async () => {
  const { w, ids } = await reviewWorldWith(h, ['Harbour lights', 'Night ferry']);
  siteId = w.siteId;
  unbound = w.unbound;
  firstToken = w.tokens.first;
  [rejected, waiting] = ids as [number, number];
}, 90_000);

describe('My Reviews and the review history', () => {
  it('rejects with a comment from To do; the badge and both tabs follow', async () => {
    await signInOnSite(h, 'first', siteId);
    await h.openScreen('/admin/workflow/review', '[data-testid=review-todo] tbody tr [data-testid=review-title]');
    const count = h.page.getByTestId('review-badge-count');
    await expect.poll(() => count.textContent()).toBe('2');
    const row = h.page.locator('[data-testid=review-todo] tbody tr', { hasText: 'Harbour lights' });
    expect(await row.textContent()).toContain('Desk check');
    await row.getByTestId('review-reject').click();
    // No comment: said in the dialog, nothing sent.
    await h.page.getByTestId('review-confirm').click();
    await h.page.getByRole('alert').filter({ hasText: R.dialog.commentRequired }).waitFor();
    await h.page.getByTestId('review-comment').fill('The source is missing');
    await h.page.getByTestId('review-confirm').click();
    await h.toasts().getByText(R.rejected.replace('{{title}}', 'Harbour lights')).waitFor();
    await row.waitFor({ state: 'detached' });
    await expect.poll(() => count.textContent()).toBe('1');
    await h.page.getByRole('tab', { name: R.tabs.done }).click();
    const done = h.page.locator('[data-testid=review-done] tbody tr', { hasText: 'Harbour lights' });
    await done.waitFor();
    expect(await done.textContent()).toContain(R.decision.rejected);
    expect(await done.textContent()).toContain('The source is missing');
    await h.page.setViewportSize({ width: 800, height: 900 });
    await h.expectLaidOut('My Reviews (Done)');
  });

  it('shows the editor the history of the rejected content, and the other one as in review', async () => {
    await signInOnSite(h, 'editor', siteId);
    await h.openScreen(`/admin/cms/content/editor?contentId=${rejected}`, '[data-testid=ce-review-history]');
    const history = h.page.getByTestId('ce-review-history');
    expect(await history.locator('li').allTextContents()).toEqual([
      expect.stringContaining(R.history.submit),
      expect.stringMatching(new RegExp(`${R.history.reject}.*Desk check.*wffirst.*The source is missing`)),
    ]);
    expect(await h.page.getByTestId('ce-in-review').count()).toBe(0);
    await h.openScreen(`/admin/cms/content/editor?contentId=${waiting}`, '[data-testid=ce-in-review]');
    expect(await h.page.getByTestId('ce-in-review').textContent()).toContain(R.history.inReview);
    expect(await h.page.getByTestId('content-editor').getAttribute('class')).toContain('is-readonly');
  });

  it('shows a reviewer\'s comment carrying markup as text, in the editor\'s history and the reviewer\'s Done tab, nothing run', async () => {
    const markup = '<img src=x onerror="window.__reviewPwned=1">Check the <b>figures</b>';
    const headers = { ...H, CurrentSite: String(siteId) };
    const todo = await h.server.api('GET', '/workflow/review/todo', { token: firstToken, headers });
    const task = (todo.data.rows as { taskId: number; contentId: number }[]).find((t) => t.contentId === waiting)!;
    const sent = await h.server.api('POST', `/workflow/review/${task.taskId}/reject`, { token: firstToken, body: { comment: markup }, headers });
    expect(sent.code, sent.msg).toBe(200);
    await signInOnSite(h, 'editor', siteId);
    await h.openScreen(`/admin/cms/content/editor?contentId=${waiting}`, '[data-testid=ce-review-history]');
    expect(await h.page.getByTestId('ce-review-history').locator('li').last().textContent()).toContain(markup);
    expect(await h.page.locator('[data-testid=ce-review-history] img, [data-testid=ce-review-history] b').count()).toBe(0);
    await signInOnSite(h, 'first', siteId);
    await h.openScreen('/admin/workflow/review', '[data-testid=review-todo]');
    await h.page.getByRole('tab', { name: R.tabs.done }).click();
    const done = h.page.locator('[data-testid=review-done] tbody tr', { hasText: 'Night ferry' });
    await done.waitFor();
    expect(await done.textContent()).toContain(markup);
    expect(await h.page.locator('[data-testid=review-done] img, [data-testid=review-done] b').count()).toBe(0);
    expect(await h.page.evaluate(() => (window as unknown as { __reviewPwned?: number }).__reviewPwned)).toBeUndefined();
  });

  it('binds a review model to a catalog from its Extend tab, and takes it off again', async () => {
    await h.signInAsNewAdmin('rvbinder');
    await h.chooseSite(siteId);
    const bound = async () => {
      const admin = decodeURIComponent((await h.context.cookies()).find((c) => c.name === 'Admin-Token')!.value);
      return (await h.server.api('GET', `/workflow/binding/catalog/${unbound}`, { token: admin, headers: { ...H, CurrentSite: String(siteId) } })).data as { modelId: number | null };
    };
    const page = h.page;
    await h.openScreen('/admin/configs/catalog', '[data-testid=catalog-tree]');
    await page.locator('[data-testid=catalog-tree] .catalog-tree-node', { hasText: 'Unbound' }).first().click();
    await page.getByTestId('catalog-basic').waitFor();
    await page.getByRole('tab', { name: catalogZhCN.tabs.extend }).click();
    const panel = page.getByTestId('review-binding');
    await panel.getByRole('heading', { name: R.binding.title }).waitFor();
    // Without a model of its own the catalog follows the site's default (none here).
    const select = panel.getByLabel(R.binding.model);
    await expect.poll(() => panel.locator('.p-dropdown-label').textContent()).toBe(R.binding.siteDefaultNone);
    expect(await panel.getByTestId('review-binding-save').isDisabled()).toBe(true);
    // A model's name is an editor's text: listed as text, never as markup.
    const admin = decodeURIComponent((await h.context.cookies()).find((c) => c.name === 'Admin-Token')!.value);
    const markup = '<img src=x onerror="window.__bound=1">';
    const made = await h.server.api('POST', '/workflow/model', { token: admin, body: { modelKey: 'rv_markup', name: markup }, headers: H });
    const markupId = made.data.modelId as number;
    await h.server.api('PUT', `/workflow/model/${markupId}/xml`, { token: admin, body: { xml: TWO_STEPS }, headers: H });
    expect((await h.server.api('POST', `/workflow/model/${markupId}/deploy`, { token: admin, headers: H })).code).toBe(200);
    await page.reload();
    await page.locator('[data-testid=catalog-tree] .catalog-tree-node', { hasText: 'Unbound' }).first().click();
    await page.getByRole('tab', { name: catalogZhCN.tabs.extend }).click();
    await panel.getByRole('heading', { name: R.binding.title }).waitFor();
    await select.focus();
    await page.keyboard.press('Enter');
    await page.locator('.p-dropdown-item', { hasText: markup }).waitFor();
    expect(await page.locator('.p-dropdown-panel img').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __bound?: number }).__bound)).toBeUndefined();
    await page.locator('.p-dropdown-item', { hasText: /^Two steps$/ }).click();
    await panel.getByTestId('review-binding-save').click();
    await h.toasts().getByText(R.binding.saved).waitFor();
    await expect.poll(async () => (await bound()).modelId).not.toBeNull();
    expect(await seriousViolations(page, '[data-testid=review-binding]')).toEqual([]);
    // Back to none: the catalog's contents publish directly again.
    await select.focus();
    await page.keyboard.press('Enter');
    await page.locator('.p-dropdown-item', { hasText: R.binding.siteDefaultNone }).click();
    await panel.getByTestId('review-binding-save').click();
    await expect.poll(async () => (await bound()).modelId).toBeNull();
  });
});
