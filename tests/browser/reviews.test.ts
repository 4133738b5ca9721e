import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness.ts';
import { reviewWorldWith, signInOnSite } from './review-world.ts';
import R from '../../shared/i18n/locales/zh-CN/review.ts';

// Issue 32 item 4's console part: the first reviewer finds two submissions in To do and the
// navbar's count, rejects one (a comment required) and sees the count drop and the decision in
// Done; the editor then reads the rejection in the content editor's review history, and the
// other content, still in review, opens read-only saying why. Pictures: `npm run shots`.

const h = useHarness({ admin: 'reviewadmin' });
let siteId = 0;
let rejected = 0;
let waiting = 0;

beforeAll(async () => {
  const { w, ids } = await reviewWorldWith(h, ['Harbour lights', 'Night ferry']);
  siteId = w.siteId;
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
});
