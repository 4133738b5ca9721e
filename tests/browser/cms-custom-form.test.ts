import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness.ts';
import { seriousViolations, untilStill } from './axe.ts';
import { settle } from './console-pages.ts';
import { eq } from 'drizzle-orm';
import { DEFAULT_FORM_TEMPLATE } from '../../shared/cms/custom-form.ts';
import { cmsCustomForm } from '../../server/modules/cms/customform/schema.ts';
import { sysCaptcha } from '../../server/modules/auth/schema.ts';
import commonZhCN from '../../shared/i18n/locales/zh-CN/common.ts';

// Issue 29 part 4 in the browser: a form published from its row, a reader's submissions (one with
// a script) listed on the form's entries screen as text — the script shown, never run.

process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'castanea-browser-forms-'));
const h = useHarness({ admin: 'formsadmin' });
afterAll(() => {
  delete process.env.DATA_DIR;
});

let token = '';
let siteId = 0;
let formId = 0;
async function api(method: string, path: string, body?: unknown) {
  const r = await h.server.api(method, path, { token, body, headers: { CurrentSite: String(siteId), repeatSubmit: 'false' } });
  expect(r.code, `${method} ${path}: ${r.msg}`).toBe(200);
  return r.data as any;
}

beforeAll(async () => {
  token = decodeURIComponent((await h.context.cookies()).find((c) => c.name === 'Admin-Token')!.value);
  siteId = (await api('POST', '/cms/site', { name: 'Forms', path: 'forms' })).siteId;
  const modelId = (await api('POST', '/cms/exmodel', { name: 'Contact', code: 'contact', bindTo: 'form' })).modelId;
  await api('POST', '/xmodel/field', { modelId, label: '姓名', code: 'name', fieldType: 'text', required: 'Y' });
  await api('POST', '/xmodel/field', { modelId, label: '留言', code: 'message', fieldType: 'richtext' });
  await api('POST', '/xmodel/field', { modelId, label: '照片', code: 'photo', fieldType: 'image' });
  formId = (await api('POST', '/cms/customform', { name: '联系我们', code: 'contact', modelId })).formId;
  await h.page.goto(h.url('/admin/favicon.svg'));
  await h.page.evaluate((id) => localStorage.setItem('CurrentSite', id), String(siteId));
});

describe('custom forms in the console', () => {
  it('publishes a form from its row', async () => {
    await h.openScreen('/admin/operations/customform', '[data-testid=form-publish-contact]');
    await h.page.getByTestId('form-publish-contact').click();
    await h.page.getByTestId('form-offline-contact').waitFor();
    expect(await h.page.getByTestId('form-status-contact').textContent()).toBe('已发布');
    await untilStill(h.page);
    expect(await seriousViolations(h.page)).toEqual([]);
  });

  it('lists a reader\'s entries as text: a submitted script is shown, never run', async () => {
    for (const data of [{ name: '<script>window.__pwned = 1</script>', message: '<p>hi<img src=x onerror="window.__pwned = 2"></p>' }, { name: 'Ann', message: '<p>Hello</p>' }]) {
      const r = await h.server.api('POST', '/api/customform/submit', { body: { siteId, formId, data } });
      expect(r.code, r.msg).toBe(200);
    }
    await h.page.goto(h.url(`/admin/operations/customform/data?formId=${formId}`));
    await settle(h.page);
    const cell = h.page.getByRole('cell', { name: /window\.__pwned = 1/ });
    await cell.first().waitFor();
    expect(await cell.first().textContent()).toContain('姓名: <script>window.__pwned = 1</script>');
    expect(await h.page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await h.page.locator('main script:not([data-frame]), main img[src="x"]').count()).toBe(0);
    expect(await h.page.getByText('联系我们').count()).toBeGreaterThan(0);
    await untilStill(h.page);
    expect(await seriousViolations(h.page)).toEqual([]);
  });

  it('shows an entry in detail: the submitted script as text, the rich text in a frame that runs nothing', async () => {
    const scripted = (await api('GET', `/cms/customform/data/list?formId=${formId}&query=pwned`)).rows[0];
    await h.page.getByTestId(`entry-detail-${scripted.entryId}`).click();
    const dialog = h.page.getByTestId('entry-detail');
    await dialog.getByTestId('entry-value-name').waitFor();
    expect(await dialog.getByTestId('entry-value-name').textContent()).toBe('<script>window.__pwned = 1</script>');
    const frame = dialog.locator('iframe[data-testid=entry-richtext]');
    expect(await frame.getAttribute('sandbox')).toBe('');
    expect(await h.page.frameLocator('[data-testid=entry-detail] iframe').locator('p').textContent()).toBe('hi');
    expect(await h.page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await dialog.locator('script').count()).toBe(0);
    await untilStill(h.page);
    expect(await seriousViolations(h.page, '.p-dialog')).toEqual([]);
    await h.page.keyboard.press('Escape');
  });

  it('lets a reader without JavaScript submit the published form on the sites\' origin', async () => {
    const reader = await h.context.browser()!.newContext({ javaScriptEnabled: false, locale: 'zh-TW' });
    try {
      const page = await reader.newPage();
      await page.goto(`${h.server.siteUrl}forms/include/customform/contact.shtml`);
      const send = page.locator('button[type=submit]');
      expect(await send.textContent()).toBe('提交');
      await page.getByLabel('姓名').fill('No script');
      await page.locator('textarea').fill('<b>plain</b>');
      await page.getByLabel('照片').setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64') });
      await send.click();
      await page.waitForLoadState();
      expect(new URL(page.url()).origin).toBe(new URL(h.server.siteUrl).origin);
      expect(await page.locator('h1').textContent()).toBe('送出成功');
      await page.getByRole('link').click();
      await page.waitForLoadState();
      // Back on the form, sent empty: the refusal names the field, in the reader's language.
      await page.getByLabel('姓名').evaluate((el) => el.removeAttribute('required'));
      await send.click();
      await page.waitForLoadState();
      expect(await page.locator('main').textContent()).toContain('姓名不能為空');
    } finally {
      await reader.close();
    }
    const rows = (await api('GET', `/cms/customform/data/list?formId=${formId}&query=No script`)).rows;
    expect(rows[0].values).toMatchObject({ name: 'No script', message: '<b>plain</b>', photo: expect.stringMatching(/^\/forms\/resources\/image\/.+\.png$/) });
  });

  it('draws a published form\'s captcha through the readers\' script once the reader starts, and takes the answer', async () => {
    const db = h.server.database.db;
    await db.update(cmsCustomForm).set({ needCaptcha: 'Y' }).where(eq(cmsCustomForm.formId, formId));
    await api('POST', '/cms/customform/offline', [formId]);
    await api('POST', '/cms/customform/publish', [formId]);
    const page = await h.context.newPage();
    try {
      const at = `${h.server.siteUrl}forms/include/customform/contact.shtml`;
      await expect.poll(async () => (await page.goto(at), await page.locator('.cf-captcha[data-captcha]').count())).toBe(1);
      // The fragment as a page of the theme has it: the readers' script, told the API and the site.
      await page.evaluate(({ api, sid }) => {
        const s = document.createElement('script');
        s.src = `${api}api/reader.js`;
        s.dataset.api = api;
        s.dataset.sid = sid;
        document.head.append(s);
      }, { api: h.server.siteUrl, sid: String(siteId) });
      const img = page.locator('.cf-captcha img');
      await page.waitForFunction(() => document.documentElement.classList.contains('cx-ready'));
      expect(await img.getAttribute('src')).toBeNull();
      await page.getByLabel('姓名').fill('With captcha');
      await expect.poll(async () => (await img.getAttribute('src')) ?? '').toMatch(/^data:image\//);
      const uuid = await page.locator('.cf-captcha input[name=uuid]').inputValue();
      const [row] = await db.select().from(sysCaptcha).where(eq(sysCaptcha.uuid, uuid));
      await page.locator('.cf-captcha input[name=code]').fill(row!.code);
      await Promise.all([page.waitForLoadState(), page.locator('button[type=submit]').click()]);
      await expect.poll(async () => (await api('GET', `/cms/customform/data/list?formId=${formId}&query=With captcha`)).rows.length).toBe(1);
    } finally {
      await page.close();
      await db.update(cmsCustomForm).set({ needCaptcha: 'N' }).where(eq(cmsCustomForm.formId, formId));
    }
  });

  it('chooses a form\'s model by name in the form dialog', async () => {
    await h.page.goto(h.url('/admin/operations/customform'));
    await settle(h.page);
    await h.page.locator('.resource-screen .table-toolbar-actions').first().getByRole('button', { name: '新增', exact: true }).click();
    await h.page.locator('.p-dialog').waitFor();
    await h.page.locator('.p-dialog').getByLabel('扩展模型').focus();
    await h.page.keyboard.press('Enter');
    await h.page.getByRole('option', { name: 'Contact (contact)' }).click();
    expect(await h.page.locator('.p-dialog .p-dropdown-label').first().textContent()).toBe('Contact (contact)');
    await h.page.keyboard.press('Escape');
  });

  it('picks a form\'s template per pipe in its dialog: the theme\'s form template is offered and stored', async () => {
    await h.page.goto(h.url('/admin/operations/customform'));
    await settle(h.page);
    await h.page.locator('.resource-screen .table-toolbar-actions').first().getByRole('button', { name: '新增', exact: true }).click();
    await h.dialog().waitFor();
    await h.page.fill('#field-name', '报名');
    await h.page.fill('#field-code', 'signup');
    await h.dialog().getByLabel('扩展模型').focus();
    await h.page.keyboard.press('Enter');
    await h.page.getByRole('option', { name: 'Contact (contact)' }).click();
    await h.page.locator('[data-testid=form-template-pc] .p-dropdown-trigger').click();
    await h.page.getByRole('option', { name: DEFAULT_FORM_TEMPLATE }).click();
    const added = h.page.waitForResponse((r) => r.url().endsWith('/prod-api/cms/customform') && r.request().method() === 'POST');
    await h.dialog().getByRole('button', { name: commonZhCN.actions.ok }).click();
    const reply = await (await added).json();
    expect(reply.code, reply.msg).toBe(200);
    expect((await api('GET', `/cms/customform/${reply.data.formId}`)).templates).toEqual({ pc: DEFAULT_FORM_TEMPLATE });
  });

  it('leaves axe nothing serious in the add dialogs of the model, field and form screens', async () => {
    const modelId = (await api('GET', '/cms/exmodel/list')).rows[0].modelId;
    for (const path of ['/admin/configs/exmodel', `/admin/configs/exmodel/fields?modelId=${modelId}`, '/admin/operations/customform']) {
      await h.page.goto(h.url(path));
      await settle(h.page);
      await h.page.locator('.resource-screen .table-toolbar-actions').first().getByRole('button', { name: '新增', exact: true }).click();
      await h.page.locator('.p-dialog').waitFor();
      await untilStill(h.page);
      expect(await seriousViolations(h.page, '.p-dialog'), path).toEqual([]);
    }
  });
});
