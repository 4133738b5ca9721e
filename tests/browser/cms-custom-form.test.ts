import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness.ts';
import { seriousViolations, untilStill } from './axe.ts';
import { settle } from './console-pages.ts';

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
    expect(await h.page.locator('main script, main img[src="x"]').count()).toBe(0);
    expect(await h.page.getByText('联系我们').count()).toBeGreaterThan(0);
    await untilStill(h.page);
    expect(await seriousViolations(h.page)).toEqual([]);
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
