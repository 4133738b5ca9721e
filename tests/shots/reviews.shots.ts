import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { it } from 'vitest';
import { useHarness } from '../browser/harness.ts';
import { reviewWorldWith, signInOnSite } from '../browser/review-world.ts';
import { H } from '../../server/modules/workflow/test-review.ts';

// Issue 32 item 4's console part for a person to look at (docs/screenshots.md): My Reviews' To do
// (with the navbar's count) and Done, the reject dialog, and the content editor's review history,
// a catalog's and a site's review workflow binding, in zh-CN, zh-TW and en at 1440 and 800 px.

const DIR = process.env.SHOTS_DIR || 'shots';
const h = useHarness({ admin: 'reviewshots' });

async function save(name: string, tag: string) {
  await h.page.waitForLoadState('networkidle').catch(() => undefined);
  await h.page.waitForTimeout(300);
  await h.page.screenshot({ path: join(DIR, `${name}-${tag}.png`), fullPage: true });
}

it('saves My Reviews and the editor\'s review history', async () => {
  mkdirSync(DIR, { recursive: true });
  const { w, ids } = await reviewWorldWith(h, ['Harbour lights at dawn', 'Night ferry timetable', 'A long title of a feature about the river crossings and the ferries that serve them']);
  // One decided, with a comment, for Done and the history.
  const task = (await h.server.api('GET', '/workflow/review/todo', { token: w.tokens.first, headers: { ...H, CurrentSite: String(w.siteId) } })).data.rows[0];
  await h.server.api('POST', `/workflow/review/${task.taskId}/reject`, { token: w.tokens.first, body: { comment: 'The source of the second paragraph is missing; please add it.' }, headers: { ...H, CurrentSite: String(w.siteId) } });

  await signInOnSite(h, 'first', w.siteId);
  await h.inEveryLook(async ({ tag }) => {
    await h.openScreen('/admin/workflow/review', '[data-testid=review-todo] tbody tr [data-testid=review-title]');
    await save('reviews-todo', tag);
    await h.page.getByTestId('review-reject').first().click();
    await h.page.getByTestId('review-confirm').click();
    await save('reviews-reject', tag);
    await h.page.keyboard.press('Escape');
    await h.page.locator('[role=tab]').nth(1).click();
    await h.page.locator('[data-testid=review-done] tbody tr [data-testid=review-title]').first().waitFor();
    await save('reviews-done', tag);
  }, [1440, 800]);

  await signInOnSite(h, 'editor', w.siteId);
  await h.inEveryLook(async ({ tag }) => {
    await h.openScreen(`/admin/cms/content/editor?contentId=${task.contentId}`, '[data-testid=ce-review-history]');
    await save('reviews-history', tag);
    await h.openScreen(`/admin/cms/content/editor?contentId=${ids[1]}`, '[data-testid=ce-in-review]');
    await save('reviews-in-review', tag);
  }, [1440, 800]);

  await h.signInAsNewAdmin('reviewbinder');
  await h.page.evaluate((id) => localStorage.setItem('CurrentSite', id), String(w.siteId));
  await h.inEveryLook(async ({ tag }) => {
    await h.openScreen('/admin/configs/catalog', '[data-testid=catalog-tree]');
    await h.page.locator('[data-testid=catalog-tree] .catalog-tree-node', { hasText: 'Reviewed' }).first().click();
    await h.page.getByTestId('catalog-basic').waitFor();
    await h.page.locator('[role=tab]').nth(1).click();
    await h.page.getByTestId('review-binding').scrollIntoViewIfNeeded();
    await save('reviews-binding-catalog', tag);
    await h.openScreen(`/admin/cms/site/tabs?siteId=${w.siteId}`, '[data-testid=site-tabs] [role=tab]');
    await h.page.locator('[data-testid=site-tabs] [role=tab]').nth(1).click();
    await h.page.getByTestId('review-binding').waitFor();
    await save('reviews-binding-site', tag);
  }, [1440, 800]);
});
