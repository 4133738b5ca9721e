import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness.ts';
import { cmsDynamicPage, cmsSite } from '../../server/modules/cms/schema.ts';
import commonZhCN from '../../shared/i18n/locales/zh-CN/common.ts';
import resourceZhCN from '../../shared/i18n/locales/zh-CN/resource.ts';
import validationZhCN from '../../shared/i18n/locales/zh-CN/validation.ts';
import fieldsZhCN from '../../shared/i18n/locales/zh-CN/fields.ts';

// Custom dynamic pages in the console (/admin/configs/dynamic): a page added through the form —
// a bad path shown under its field first — is listed, stored for the current site and served at
// /<site path>/<path> with the query as Request.
// Laid out right at 800 px in zh-CN, zh-TW and en (looks.ts); pictures: `npm run shots`.

process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'castanea-browser-dynamic-'));
const h = useHarness({ admin: 'dynadmin' });
afterAll(() => {
  delete process.env.DATA_DIR;
});
const db = () => h.server.database.db;
const SCREEN = '[data-testid=dynamic-pages] .resource-screen';

async function openScreen() {
  await h.openScreen('/admin/configs/dynamic', SCREEN);
  await h.page.locator('[data-testid=dynamic-table] tbody tr').first().waitFor();
}

describe('custom dynamic pages in the console', () => {
  it('adds a page through the form, and the site serves it', async () => {
    await openScreen();
    const [demo] = await db().select().from(cmsSite).where(eq(cmsSite.path, 'demo'));
    const token = decodeURIComponent((await h.context.cookies()).find((c) => c.name === 'Admin-Token')!.value);
    const made = await h.server.api('POST', '/cms/template', {
      token, headers: { CurrentSite: String(demo!.siteId), repeatSubmit: 'false' },
      body: { publishPipeCode: 'pc', path: 'dynamic/hello.template.html', content: '<h1 id="hello">Hello {{ Request.name }}</h1>' },
    });
    expect(made.code, made.msg).toBe(200);
    await h.toolbar().getByRole('button', { name: resourceZhCN.add, exact: true }).click();
    await h.dialog().waitFor();
    await h.page.fill('#field-name', 'Hello');
    await h.page.fill('#field-code', 'hello');
    await h.page.fill('#field-path', '../hello');
    // The pipe's templates are offered (a name can be typed too).
    await h.page.locator('[data-testid=dynamic-template-pc] .p-dropdown-trigger').click();
    await h.page.getByRole('option', { name: 'dynamic/hello.template.html' }).click();
    await h.dialog().getByRole('button', { name: commonZhCN.actions.ok }).click();
    expect(await h.page.getByTestId('error-path').textContent()).toBe(validationZhCN.dynamicPath.replace('{{field}}', fieldsZhCN.dynamicPage.path));
    await h.page.fill('#field-path', 'hello/world');
    await h.dialog().getByRole('button', { name: commonZhCN.actions.ok }).click();
    await h.dialog().waitFor({ state: 'detached' });
    await h.rowOf('hello/world').waitFor();
    expect(await h.rowOf('hello/world').textContent()).toContain('/demo/hello/world');

    const rows = await db().select().from(cmsDynamicPage);
    expect(rows.map((r) => [r.siteId, r.code, r.path, r.templates])).toEqual([[demo!.siteId, 'hello', 'hello/world', { pc: 'dynamic/hello.template.html' }]]);

    // Served by the sites port, never the console's.
    expect((await h.page.request.get(h.url('/demo/hello/world?name=Ann'))).status()).toBe(404);
    const served = await h.page.request.get(`${h.server.siteUrl}demo/hello/world?name=Ann`);
    expect(served.status()).toBe(200);
    expect(await served.text()).toBe('<h1 id="hello">Hello Ann</h1>');
  });

  it('is laid out right in every language at 800 px', async () => {
    await h.inEveryLook(async ({ lng, width }) => {
      await openScreen();
      await h.rowOf('hello/world').waitFor();
      await h.expectLaidOut(`dynamic-pages-${lng}-${width}`);
      await h.rowOf('hello/world').locator('button').first().click();
      await h.dialog().waitFor();
      await h.page.waitForTimeout(300);
      await h.expectLaidOut(`dynamic-form-${lng}-${width}`);
      await h.page.keyboard.press('Escape');
      await h.dialog().waitFor({ state: 'detached' });
    });
  });
});
