import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useHarness } from './harness.ts';
import { seriousViolations } from './axe.ts';
import sharp from 'sharp';
import { mp4, quadrants } from '../../server/modules/cms/resource/test-files.ts';
import { cmsResource } from '../../server/modules/cms/schema.ts';
import cmsZhCN from '../../shared/i18n/locales/zh-CN/cms.ts';

// Issue 29 §5 in the browser: the image tools dialog of the Resources screen — cropperjs loads
// with it, the crop typed in its fields is previewed by the server and stored only on Save.
process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'castanea-browser-imgtools-'));
const h = useHarness({ admin: 'tooladmin' });
afterAll(() => {
  delete process.env.DATA_DIR;
});
const C = cmsZhCN;

describe('the image tools dialog', () => {
  it('crops an image: previewed first, stored on Save with its new size', async () => {
    await h.openScreen('/admin/configs/resource', '.resource-table');
    // cropperjs is not part of the list page
    expect(await h.page.evaluate(() => performance.getEntriesByType('resource').some((e) => /cropper/i.test(e.name)))).toBe(false);
    await h.page.getByTestId('resource-upload').click();
    const upload = h.page.getByTestId('resource-upload-dialog');
    await h.page.getByTestId('resource-upload-input').setInputFiles({ name: 'quarters.png', mimeType: 'image/png', buffer: await quadrants(400, 200) });
    await upload.getByRole('button', { name: C.resource.upload, exact: true }).click();
    await upload.waitFor({ state: 'detached' });
    const row = h.page.locator('.resource-table tbody tr', { hasText: 'quarters' });
    await row.getByTestId('resource-edit-image').click();
    const dialog = h.page.getByTestId('image-tools');
    await dialog.locator('.cropper-container').waitFor();
    const width = dialog.getByLabel(C.resource.tools.width, { exact: true });
    await h.page.waitForFunction(() => (document.querySelector('[data-testid=image-tools] input[type=number]') as HTMLInputElement | null)?.value === '0');
    expect(await width.inputValue()).toBe('400');
    expect(await seriousViolations(h.page, '[data-testid=image-tools]')).toEqual([]);
    // the middle of the image: a quarter of each colour
    for (const [label, value] of [[C.resource.tools.x, '150'], [C.resource.tools.y, '50'], [C.resource.tools.width, '100'], [C.resource.tools.height, '100']] as const) {
      await dialog.getByLabel(label, { exact: true }).fill(value);
    }
    await dialog.getByTestId('image-tools-show-preview').click();
    await h.page.waitForFunction(() => (document.querySelector('[data-testid=image-tools-preview]') as HTMLImageElement | null)?.naturalWidth === 100);
    const [before] = await h.server.database.db.select().from(cmsResource).where(eq(cmsResource.name, 'quarters'));
    expect([before!.width, before!.height]).toEqual([400, 200]);
    await dialog.getByRole('button', { name: C.resource.tools.save }).click();
    await h.toasts().getByText(C.resource.tools.saved.replace('{{name}}', 'quarters')).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const [after] = await h.server.database.db.select().from(cmsResource).where(eq(cmsResource.name, 'quarters'));
    expect([after!.width, after!.height]).toEqual([100, 100]);
    // The file changed at the same address: the list asks for it anew, not from the browser's cache.
    await h.page.waitForFunction(() => /\?v=/.test([...document.querySelectorAll('.resource-table tbody tr')].find((r) => r.textContent?.includes('quarters'))?.querySelector('.library-cell-thumb img')?.getAttribute('src') ?? ''));
    // …and it loads (not at once on a busy machine).
    await expect.poll(() => row.locator('.library-cell-thumb img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  });

  it('turns the image a quarter and crops the turned image where the fields say', async () => {
    const row = h.page.locator('.resource-table tbody tr', { hasText: 'quarters' });
    await row.getByTestId('resource-edit-image').click();
    const dialog = h.page.getByTestId('image-tools');
    await dialog.locator('.cropper-container').waitFor();
    await dialog.getByRole('button', { name: C.resource.tools.rotateRight }).click();
    // red green over blue white, turned clockwise: blue red over white green; the bottom-left quarter
    for (const [label, value] of [[C.resource.tools.x, '0'], [C.resource.tools.y, '50'], [C.resource.tools.width, '50'], [C.resource.tools.height, '50']] as const) {
      await dialog.getByLabel(label, { exact: true }).fill(value);
    }
    await dialog.getByRole('button', { name: C.resource.tools.save }).click();
    await dialog.waitFor({ state: 'detached' });
    const [after] = await h.server.database.db.select().from(cmsResource).where(eq(cmsResource.name, 'quarters'));
    expect([after!.width, after!.height]).toEqual([50, 50]);
    const res = await h.server.server.app.inject({ method: 'GET', url: `/prod-api/demo/${after!.path}` });
    const { data } = await sharp(res.rawPayload).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([255, 255, 255]);
  });

  it('takes a video\'s poster frame at the second typed', async () => {
    await h.page.getByTestId('resource-upload').click();
    const upload = h.page.getByTestId('resource-upload-dialog');
    await h.page.getByTestId('resource-upload-input').setInputFiles({ name: 'clip.mp4', mimeType: 'video/mp4', buffer: await mp4() });
    await upload.getByRole('button', { name: C.resource.upload, exact: true }).click();
    await upload.waitFor({ state: 'detached' });
    await h.page.locator('.resource-table tbody tr', { hasText: 'clip' }).getByTestId('resource-poster').click();
    const dialog = h.page.getByTestId('poster-tools');
    await dialog.getByLabel(C.resource.poster.second, { exact: true }).fill('1.5');
    expect(await seriousViolations(h.page, '[data-testid=poster-tools]')).toEqual([]);
    await dialog.getByRole('button', { name: C.resource.poster.submit }).click();
    await h.toasts().getByText(C.resource.poster.taken.replace('{{name}}', 'clip poster')).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const [video] = await h.server.database.db.select().from(cmsResource).where(eq(cmsResource.name, 'clip'));
    const [poster] = await h.server.database.db.select().from(cmsResource).where(eq(cmsResource.name, 'clip poster'));
    expect(video!.posterId).toBe(poster!.resourceId);
    await h.page.locator('.resource-table tbody tr', { hasText: 'clip poster' }).waitFor();
  });
});
