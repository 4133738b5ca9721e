import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness.ts';
import { png, HTML_AS_PNG } from '../../server/modules/cms/resource/test-files.ts';
import cmsZhCN from '../../shared/i18n/locales/zh-CN/cms.ts';
import fieldsZhCN from '../../shared/i18n/locales/zh-CN/fields.ts';
import resourceZhCN from '../../shared/i18n/locales/zh-CN/resource.ts';
import serverZhCN from '../../server/core/messages/zh-CN.ts';
import { cmsSite } from '../../server/modules/cms/schema.ts';
import commonZhCN from '../../shared/i18n/locales/zh-CN/common.ts';

// Issue 9 §4–5 in the browser: the CMS settings tabs, the Resources screen with its upload dialog
// and preview, and the picker of a library image.
// Laid out right at 800 px in zh-CN, zh-TW and en (looks.ts); pictures: `npm run shots`.

// Uploads land in a folder of this run, not the work tree's ./data.
process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'castanea-browser-res-'));
const h = useHarness({ admin: 'libadmin' });
afterAll(() => {
  delete process.env.DATA_DIR;
});
const C = cmsZhCN;

const rows = () => h.page.locator('.resource-table tbody tr');

async function uploadThroughDialog(name: string, content: Buffer) {
  await h.page.getByTestId('resource-upload').click();
  const dialog = h.page.getByTestId('resource-upload-dialog');
  await dialog.waitFor();
  await h.page.getByTestId('resource-upload-input').setInputFiles({ name, mimeType: 'image/png', buffer: content });
  await dialog.getByRole('button', { name: C.resource.upload, exact: true }).click();
  return dialog;
}

describe('CMS settings and the resource library', () => {
  it('saves the storage tab: thumbnails for uploaded images', async () => {
    await h.openScreen('/admin/configs/settings', '[data-testid=settings-storage]');
    await h.page.fill('#setting-ThumbnailWidth', '160');
    await h.page.fill('#setting-ThumbnailHeight', '120');
    await h.page.getByTestId('settings-save-storage').click();
    await h.toasts().getByText(C.settings.saved).waitFor();
    // a bad value is named under its field before anything is sent
    await h.page.fill('#setting-ImageUploadMaxMB', '5000');
    await h.page.getByTestId('settings-save-storage').click();
    expect(await h.page.getByTestId('error-ImageUploadMaxMB').textContent()).toBe(`${fieldsZhCN.siteConfig.ImageUploadMaxMB}必须介于 1 和 1024 之间`);
  });

  // Issue 26 item 4: the chips of the file-type fields spilled over the size field below.
  it('keeps the file-type chips inside their fields, each above the next field, in every language, before and after the multi-select loads', async () => {
    /** Chips outside their field, and fields reaching into the next row's control. */
    const overflow = () =>
      h.page.evaluate(() => {
        const controls = [...document.querySelectorAll('[data-testid=settings-storage] .resource-form-control')];
        return controls.flatMap((control, i) => {
          const field = control.querySelector('.p-multiselect');
          if (!field) return [];
          const box = field.getBoundingClientRect();
          const out = [...field.querySelectorAll('.p-multiselect-token')].filter((t) => {
            const r = t.getBoundingClientRect();
            return r.top < box.top || r.bottom > box.bottom || r.left < box.left || r.right > box.right;
          });
          const next = controls[i + 1]?.getBoundingClientRect();
          const tokens = field.querySelectorAll('.p-multiselect-token').length;
          return [...(tokens ? [] : [`${control.id || i}: no chips`]), ...out.map((t) => `${t.textContent} outside its field`), ...(next && box.bottom > next.top ? [`field ${i} covers the next`] : [])];
        });
      });
    for (const lng of ['zh-CN', 'zh-TW', 'en']) {
      await h.page.evaluate((l) => localStorage.setItem('language', l), lng);
      await h.page.setViewportSize({ width: 800, height: 900 });
      // The stand-ins first: the multi-select's code held back.
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      await h.page.route('**/_assets/multiselect.*.js', async (route) => {
        await held;
        await route.continue();
      });
      await h.openScreen('/admin/configs/settings', '[data-testid=settings-storage] .p-multiselect[aria-busy]');
      expect(await overflow(), `${lng}, stand-ins`).toEqual([]);
      release();
      await h.page.unrouteAll({ behavior: 'wait' });
      await h.page.locator('[data-testid=settings-storage] .p-multiselect:not([aria-busy])').first().waitFor();
      expect(await h.page.locator('[data-testid=settings-storage] .p-multiselect[aria-busy]').count()).toBe(0);
      expect(await overflow(), lng).toEqual([]);
    }
    await h.page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
    await h.page.setViewportSize({ width: 1280, height: 800 });
  });

  it('uploads an image with the dialog; the list shows its thumbnail and the preview the image', async () => {
    await h.openScreen('/admin/configs/resource', '.resource-table');
    const dialog = await uploadThroughDialog('harbour.png', await png(640, 480, '#2277aa'));
    await dialog.waitFor({ state: 'detached' });
    await h.page.locator('.resource-table tbody tr', { hasText: 'harbour' }).waitFor();
    const thumb = rows().first().locator('.library-cell-thumb img');
    await h.page.waitForFunction(() => (document.querySelector('.library-cell-thumb img') as HTMLImageElement | null)?.naturalWidth === 160);
    expect(await thumb.getAttribute('src')).toMatch(/^\/prod-api\/demo\/resources\/image\/.+_160x120\.png$/);
    await rows().first().locator('.library-cell-thumb').click();
    const preview = h.page.getByTestId('resource-preview');
    await h.page.waitForFunction(() => (document.querySelector('[data-testid=resource-preview] img') as HTMLImageElement | null)?.naturalWidth === 640);
    expect(await preview.textContent()).toContain('640 × 480');
    await h.page.keyboard.press('Escape');
    await preview.waitFor({ state: 'detached' });
  });

  it('shows the server\'s refusal in the dialog and adds nothing', async () => {
    const dialog = await uploadThroughDialog('fake.png', HTML_AS_PNG);
    await dialog.locator('[role=alert]').waitFor();
    expect(await dialog.locator('[role=alert]').textContent()).toBe(serverZhCN.upload.badContent.replace('{{ext}}', 'png'));
    // The chosen file would be lost: closing asks first.
    await dialog.getByRole('button', { name: commonZhCN.actions.cancel }).click();
    await h.confirmBox().filter({ hasText: resourceZhCN.discardChanges }).locator('.p-confirm-dialog-accept').click();
    await dialog.waitFor({ state: 'detached' });
    expect(await rows().count()).toBe(1);
  });

  it('picks the watermark from the library in the watermark tab', async () => {
    await h.openScreen('/admin/configs/settings', '[data-testid=settings-storage]');
    await h.page.getByRole('tab', { name: C.settings.tabs.watermark }).click();
    await h.page.getByTestId('settings-watermark').waitFor();
    await h.page.getByRole('button', { name: C.settings.chooseImage }).click();
    const picker = h.page.getByTestId('resource-picker');
    await picker.locator('.library-tile', { hasText: 'harbour' }).dblclick();
    await picker.waitFor({ state: 'detached' });
    await h.page.waitForFunction(() => (document.querySelector('.library-field-face img') as HTMLImageElement | null)?.naturalWidth === 160);
    await h.page.locator('#setting-ImageWatermark').click();
    await h.page.getByTestId('settings-save-watermark').click();
    await h.toasts().getByText(C.settings.saved).waitFor();
    const [site] = await h.server.database.db.select().from(cmsSite);
    expect(site!.configProps).toMatchObject({ ImageWatermark: 'Y', WatermarkImage: expect.stringMatching(/^\d+$/) });
  });

  // A walk in three languages: more than the default minute on a busy machine.
  it('is laid out right in every language at 800 px', async () => {
    await h.inEveryLook(async ({ tag }) => {
      await h.openScreen('/admin/configs/resource', '.library-cell-thumb');
      await h.expectLaidOut(`resource-list-${tag}`);
      await h.page.getByTestId('resource-upload').click();
      await h.page.getByTestId('resource-upload-dialog').waitFor();
      await h.page.getByTestId('resource-upload-input').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: HTML_AS_PNG });
      await h.page.getByTestId('resource-upload-dialog').locator('button[type=submit]').click();
      await h.page.getByTestId('resource-upload-dialog').locator('[role=alert]').waitFor();
      await h.expectLaidOut(`resource-upload-${tag}`);
      await h.page.keyboard.press('Escape');
      await h.openScreen('/admin/configs/settings', '[data-testid=settings-storage]');
      const tabs = h.page.locator('.p-tabview-nav li[role=presentation] a, .p-tabview-nav [role=tab]');
      for (const [i, group] of ['storage', 'watermark', 'words', 'statistics', 'comment', 'seo'].entries()) {
        await tabs.nth(i).click();
        await h.page.getByTestId(`settings-${group}`).waitFor();
        await h.expectLaidOut(`settings-${group}-${tag}`);
        if (group === 'storage') {
          // the S3 fields appear under an S3-protocol storage
          await h.page.locator('[data-testid=settings-storage] .p-dropdown').first().click();
          await h.page.getByRole('option', { name: 'MinIO' }).click();
          await h.page.locator('#setting-StorageBucket').waitFor();
          await h.expectLaidOut(`settings-storage-s3-${tag}`);
        }
      }
      await tabs.nth(1).click();
      await h.page.locator('.library-field button').first().click();
      await h.page.getByTestId('resource-picker').locator('.library-tile').first().waitFor();
      await h.expectLaidOut(`resource-picker-${tag}`);
      await h.page.keyboard.press('Escape');
    });
    await h.page.setViewportSize({ width: 1280, height: 800 });
  }, 240_000);
});
