import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { it } from 'vitest';
import { TABLE_ROWS, useHarness } from '../browser/harness.ts';

// The console's screens in zh-CN, zh-TW and en at 1440 and 800 px, saved as
// <SHOTS_DIR>/<screen>-<language>-<width>.png for a person to look at (docs/screenshots.md). What
// a picture would show wrong is checked by the browser tests (tests/browser/looks.ts); this walk
// checks nothing. The demo site of the seed supplies the CMS screens' content.

const DIR = process.env.SHOTS_DIR || 'shots';
/** SHOTS_ONLY=<regex>: only the screens whose picture name it matches (looking again at what one changed). */
const ONLY = process.env.SHOTS_ONLY ? new RegExp(process.env.SHOTS_ONLY) : null;
const WIDTHS = [1440, 800] as const;
const h = useHarness({ admin: 'shotsadmin' });

/** [picture name, console path, what shows once the screen has loaded] */
const SCREENS: [string, string, string][] = [
  ['home', '/admin/index', '[data-testid=home-dashboard]'],
  ['system-user', '/admin/system/user', TABLE_ROWS],
  ['system-role', '/admin/system/role', TABLE_ROWS],
  ['system-menu', '/admin/system/menu', TABLE_ROWS],
  ['system-dept', '/admin/system/dept', TABLE_ROWS],
  ['system-post', '/admin/system/post', TABLE_ROWS],
  ['system-dict', '/admin/system/dict', TABLE_ROWS],
  ['system-config', '/admin/system/config', TABLE_ROWS],
  ['monitor-job', '/admin/monitor/job', TABLE_ROWS],
  ['monitor-online', '/admin/monitor/online', TABLE_ROWS],
  ['monitor-server', '/admin/monitor/server', '.app-main'],
  ['cms-site', '/admin/configs/site', TABLE_ROWS],
  ['workflow-category', '/admin/workflow/category', '.p-datatable'],
  ['workflow-model', '/admin/workflow/model', '.p-datatable'],
  ['cms-catalog', '/admin/configs/catalog', '[data-testid=catalog-tree] .catalog-tree-node'],
  ['cms-content', '/admin/configs/content', '[data-testid=content-table]'],
  ['cms-resource', '/admin/configs/resource', '.app-main'],
  ['cms-settings', '/admin/configs/settings', '[data-testid=settings-storage]'],
  ['cms-template', '/admin/configs/template', '.app-main'],
  ['cms-file', '/admin/configs/file', '.app-main'],
  ['cms-publishpipe', '/admin/configs/publishpipe', TABLE_ROWS],
  ['cms-dynamic', '/admin/configs/dynamic', '.app-main'],
  ['cms-staticize', '/admin/configs/staticize', '.app-main'],
  ['cms-word', '/admin/configs/word', '[data-testid=groups-tagWordGroup]'],
];

async function save(name: string, tag: string, fullPage = true) {
  // Settled: the screen's calls answered and its last paint done.
  await h.page.waitForLoadState('networkidle').catch(() => undefined);
  await h.page.waitForTimeout(300);
  await h.page.screenshot({ path: join(DIR, `${name}-${tag}.png`), fullPage });
}

it('saves every screen', async () => {
  mkdirSync(DIR, { recursive: true });
  await h.inEveryLook(async ({ tag }) => {
    for (const [name, path, ready] of SCREENS.filter(([name]) => !ONLY || ONLY.test(name))) {
      await h.openScreen(path);
      // A screen that never shows what it is waited for is still pictured: the picture tells why.
      await h.page.locator(ready).first().waitFor({ timeout: 15_000 }).catch(() => console.warn(`${name} ${tag}: ${ready} did not show`));
      await save(name, tag);
    }
  }, WIDTHS);
});

it('saves the add dialog and its "discard changes?" question', async () => {
  await h.inEveryLook(async ({ tag }) => {
    await h.openScreen('/admin/system/post', TABLE_ROWS);
    await h.toolbar().locator('button').first().click();
    await h.dialog().waitFor();
    await h.page.waitForFunction(() => !document.querySelector('.p-dialog-enter-active, .p-dialog-enter'));
    await save('dialog-post-add', tag, false);
    await h.page.fill('#field-postName', 'x');
    await h.page.keyboard.press('Escape');
    await h.confirmBox().waitFor();
    await save('dialog-post-discard', tag, false);
    await h.confirmBox().locator('.p-confirm-dialog-accept').click();
  }, WIDTHS);
});

it('saves the user list with its add dialog showing a field error', async () => {
  await h.inEveryLook(async ({ tag }) => {
    await h.openScreen('/admin/system/user', TABLE_ROWS);
    await h.toolbar().locator('button').first().click();
    await h.dialog().waitFor();
    await h.page.waitForFunction(() => !document.querySelector('.p-dialog-enter-active, .p-dialog-enter'));
    // OK on the empty form: the required fields show their errors.
    await h.dialog().locator('button[type=submit]').click();
    await h.dialog().locator('.resource-form-error').first().waitFor();
    await save('dialog-user-invalid', tag, false);
    await h.page.keyboard.press('Escape');
  }, WIDTHS);
});
