import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, it } from 'vitest';
import { TABLE_ROWS, useHarness } from '../browser/harness.ts';

// Issue 29's screens (extension models, custom forms and their entries, page widgets, ads) and the
// content editor's Extend part, in zh-CN, zh-TW and en at 1440 and 800 px, saved as
// <SHOTS_DIR>/<screen>-<language>-<width>.png for a person to look at. A submitted script is among
// the entries: its picture shows it as text. Checks nothing (the browser tests do).

const DIR = process.env.SHOTS_DIR || 'shots';
const WIDTHS = [1440, 800] as const;
const h = useHarness({ admin: 'blocksadmin' });

let token = '';
let siteId = 0;
let catalogId = 0;
let contentId = 0;
let formId = 0;
let space = 0;
let modelId = 0;
async function api(method: string, path: string, body?: unknown) {
  const r = await h.server.api(method, path, { token, body, headers: { CurrentSite: String(siteId), repeatSubmit: 'false' } });
  if (r.code !== 200) throw new Error(`${method} ${path}: ${r.msg}`);
  return r.data as any;
}
const at = (ms: number) => new Date(Date.now() + ms).toISOString().slice(0, 19).replace('T', ' ');
const hour = 3_600_000;

beforeAll(async () => {
  token = decodeURIComponent((await h.context.cookies()).find((c) => c.name === 'Admin-Token')!.value);
  siteId = (await api('POST', '/cms/site', { name: 'Harbour', path: 'harbour' })).siteId;
  catalogId = (await api('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'News' }))[0].catalogId;
  modelId = (await api('POST', '/cms/exmodel', { name: 'Story facts', code: 'story', bindTo: 'content', contentType: 'article' })).modelId;
  await api('POST', '/xmodel/field', { modelId, label: 'Writer', code: 'writer', fieldType: 'text', required: 'Y', maxLength: 40, sortFlag: 1, searchable: 'Y' });
  await api('POST', '/xmodel/field', { modelId, label: 'Pages', code: 'pages', fieldType: 'number', minValue: 1, maxValue: 999, sortFlag: 2 });
  await api('POST', '/xmodel/field', { modelId, label: 'Released', code: 'released', fieldType: 'date', sortFlag: 3 });
  await api('POST', '/xmodel/field', { modelId, label: 'Signed', code: 'signed', fieldType: 'select', dictType: 'YesOrNo', sortFlag: 4 });
  await api('POST', '/xmodel/field', { modelId, label: 'Featured', code: 'featured', fieldType: 'switch', sortFlag: 5 });
  await api('POST', '/xmodel/field', { modelId, label: 'Blurb', code: 'blurb', fieldType: 'richtext', sortFlag: 6 });
  contentId = (await api('POST', '/cms/content?contentType=article', { catalogId, title: 'Ferry times', contentHtml: '<p>Every hour</p>' })).contentId;
  await api('PUT', `/cms/exmodel/data/content/${contentId}`, { writer: 'Ann Lee', pages: 12, released: '2026-05-01', signed: 'Y', featured: 'Y', blurb: '<p><b>Short</b> and clear</p>' });
  const formModel = (await api('POST', '/cms/exmodel', { name: 'Contact', code: 'contact', bindTo: 'form' })).modelId;
  await api('POST', '/xmodel/field', { modelId: formModel, label: 'Name', code: 'name', fieldType: 'text', required: 'Y' });
  await api('POST', '/xmodel/field', { modelId: formModel, label: 'Message', code: 'message', fieldType: 'richtext' });
  formId = (await api('POST', '/cms/customform', { name: 'Contact us', code: 'contact', modelId: formModel })).formId;
  await api('POST', '/cms/customform/publish', [formId]);
  for (const data of [{ name: '<script>alert(1)</script>', message: '<p>hi<img src=x onerror="alert(2)"></p>' }, { name: 'Ann', message: '<p>Hello</p>' }]) {
    await h.server.api('POST', '/api/customform/submit', { body: { siteId, formId, data } });
  }
  await api('POST', '/cms/pagewidget', { type: 'manual', name: 'Harbour picks', code: 'picks', content: [{ items: [{ title: 'Timetable', url: 'https://example.com/t', summary: 'All ferries' }] }] });
  space = (await api('POST', '/cms/adspace', { name: 'Top ads', code: 'top_ads', strategy: 'weighted' })).pageWidgetId;
  await api('POST', '/cms/advertisement', { adSpaceId: space, type: 'text', name: 'Harbour tours', weight: 3, redirectUrl: 'https://example.com/tours' });
  await api('POST', '/cms/advertisement', { adSpaceId: space, type: 'text', name: 'Old offer', weight: 1, redirectUrl: 'https://example.com/old', onlineDate: at(-2 * hour), offlineDate: at(-hour) });
  await api('POST', '/cms/advertisement', { adSpaceId: space, type: 'text', name: 'Next offer', weight: 1, redirectUrl: 'https://example.com/next', onlineDate: at(hour) });
  await h.page.goto(h.url('/admin/favicon.svg'));
  await h.page.evaluate((id) => localStorage.setItem('CurrentSite', id), String(siteId));
});

async function save(name: string, tag: string, fullPage = true) {
  await h.page.waitForLoadState('networkidle').catch(() => undefined);
  await h.page.waitForTimeout(300);
  await h.page.screenshot({ path: join(DIR, `${name}-${tag}.png`), fullPage });
}
const settled = () => h.page.waitForFunction(() => !document.querySelector('.p-dialog-enter-active, .p-dialog-enter'));
const wait = (selector: string) => h.page.locator(selector).first().waitFor({ timeout: 15_000 }).catch(() => console.warn(`${selector} did not show`));

it('saves the site building blocks\' screens', async () => {
  mkdirSync(DIR, { recursive: true });
  await h.inEveryLook(async ({ tag }) => {
    const screens: [string, string][] = [
      ['xmodel-list', '/admin/configs/exmodel'],
      ['xmodel-fields', `/admin/configs/exmodel/fields?modelId=${modelId}`],
      ['customform-list', '/admin/operations/customform'],
      ['customform-entries', `/admin/operations/customform/data?formId=${formId}`],
      ['adspace-list', '/admin/operations/advertisement'],
      ['ad-list', `/admin/operations/advertisement/list?adSpaceId=${space}`],
    ];
    for (const [name, path] of screens) {
      await h.openScreen(path);
      await wait(TABLE_ROWS);
      await save(name, tag);
    }
    // An entry's detail: the submitted script as text, the rich text in a frame that runs nothing.
    await h.openScreen(`/admin/operations/customform/data?formId=${formId}`);
    await wait(TABLE_ROWS);
    await h.page.locator('[data-testid^=entry-detail-]').first().click();
    await h.page.getByTestId('entry-detail').waitFor();
    await settled();
    await save('customform-entry-detail', tag, false);
    await h.page.keyboard.press('Escape');
    // The form's dialog: the model by name, a template per pipe.
    await h.openScreen('/admin/operations/customform');
    await wait(TABLE_ROWS);
    await h.rowOf('Contact us').getByRole('button').first().click();
    await h.dialog().waitFor();
    await settled();
    await save('customform-edit', tag, false);
    await h.page.keyboard.press('Escape');
    // The Content screen's Page Widget tab, and a block's rows editor.
    await h.openScreen('/admin/configs/content', '[data-testid="content-screen"]');
    await h.page.getByRole('tab').nth(1).click();
    await wait(TABLE_ROWS);
    await save('pagewidget-tab', tag);
    await h.rowOf('Harbour picks').getByRole('button').first().click();
    await h.dialog().waitFor();
    await settled();
    await save('pagewidget-block-edit', tag, false);
    await h.page.keyboard.press('Escape');
    // The content list (export and the extension search on its toolbar) and the editor's Extend part.
    await h.openScreen('/admin/configs/content', '[data-testid=content-table] .content-title-link');
    await save('content-list-extend', tag);
    await h.openScreen(`/admin/cms/content/editor?catalogId=${catalogId}&contentType=article&contentId=${contentId}`, '[data-testid=content-editor]');
    await h.page.getByTestId('ce-extend').scrollIntoViewIfNeeded();
    await save('content-editor-extend', tag);
  }, WIDTHS);
});
