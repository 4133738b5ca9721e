import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness.ts';
import filesZhCN from '../../shared/i18n/locales/zh-CN/files.ts';
import commonZhCN from '../../shared/i18n/locales/zh-CN/common.ts';

// Issue 11 §2 in the browser: the file manager (browse, make a folder, upload, rename, delete),
// a stylesheet edited in Monaco (type, compare with the saved text, Ctrl+S, reload), the unsaved
// changes guard, and a theme exported from one site and imported into another.
// Laid out right at 800 px in zh-CN, zh-TW and en (looks.ts); pictures: `npm run shots`.

const dataDir = (process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'castanea-browser-files-')));
const h = useHarness({ admin: 'fileadmin' });
afterAll(() => {
  delete process.env.DATA_DIR;
});
// The demo site got the default theme when the server started; this test starts from an empty template folder.
beforeAll(() => rmSync(join(dataDir, 'sites', 'demo', 'template'), { recursive: true, force: true }));
const F = filesZhCN;
const CSS = 'body { margin: 0; }\n';

const row = (name: string) => h.page.locator('[data-testid=file-table] tbody tr', { hasText: name });
/** The text the Monaco editor shows (its rendered lines, top to bottom). */
const editorText = (which = '[data-testid=file-editor-code-edit]') =>
  h.page.locator(`${which} .view-lines`).first().evaluate((el) => [...el.querySelectorAll('.view-line')]
    .sort((a, b) => parseFloat((a as HTMLElement).style.top) - parseFloat((b as HTMLElement).style.top))
    .map((l) => (l.textContent ?? '').replace(/\u00a0/g, ' ')).join('\n'));

/** Calls the API as the signed-in administrator, from the page (its token cookie, the site given). */
async function api(method: string, path: string, body?: unknown, site?: string) {
  return h.page.evaluate(async ({ method, path, body, site }) => {
    const token = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('Admin-Token='))!.split('=')[1]!);
    const headers: Record<string, string> = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', repeatSubmit: 'false' };
    if (site) headers.CurrentSite = site;
    const r = await fetch(`/prod-api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return r.json();
  }, { method, path, body, site });
}

async function openFolder(...names: string[]) {
  for (const name of names) {
    await h.page.getByTestId(`file-open-${name}`).click();
    await h.page.locator('[data-testid=file-crumbs] button:disabled', { hasText: name }).waitFor();
  }
}

async function openEditorOf(name: string) {
  await h.page.getByTestId(`file-open-${name}`).click();
  await h.page.locator('[data-testid=file-editor-code-edit] .monaco-editor').waitFor();
  await h.page.getByTestId('file-editor-clean').waitFor();
}

describe('the file manager and the code editor', () => {
  it('browses the pipe, makes a folder and uploads a stylesheet into it', async () => {
    await h.openScreen('/admin/configs/file', '[data-testid=file-open-css]');
    expect(await h.page.locator('[data-testid=file-tree]').textContent()).toContain(F.pipe.replace('{{name}}', 'PC'));
    for (const name of ['template', 'css', 'images', 'js']) await h.page.getByTestId(`file-open-${name}`).waitFor();
    await openFolder('css');
    await h.page.getByTestId('file-new-folder').click();
    const dialog = h.page.getByTestId('file-name-dialog');
    await h.page.fill('#file-name-input', 'my theme');
    await dialog.locator('button[type=submit]').click();
    expect(await dialog.locator('[role=alert]').textContent()).toBe(F.form.folderRule);
    await h.page.fill('#file-name-input', 'theme');
    await dialog.locator('button[type=submit]').click();
    await dialog.waitFor({ state: 'detached' });
    await openFolder('theme');
    await h.page.getByTestId('file-upload').click();
    const upload = h.page.getByTestId('file-upload-dialog');
    await h.page.getByTestId('file-upload-input').setInputFiles({ name: 'site.css', mimeType: 'text/css', buffer: Buffer.from(CSS) });
    await upload.locator('button[type=submit]').click();
    await upload.waitFor({ state: 'detached' });
    await row('site.css').waitFor();
    expect(await row('site.css').textContent()).toContain('20 B');
  });

  it('edits the stylesheet in Monaco: the diff shows the change before saving, Ctrl+S saves and keeps the cursor, a reload shows it', async () => {
    // Monaco and its workers come from the console's own origin, never from a CDN.
    const origin = new URL(h.url('/')).origin;
    const elsewhere: string[] = [];
    const watch = (r: { url(): string }) => {
      if (!/^(?:blob|data):/.test(r.url()) && new URL(r.url()).origin !== origin) elsewhere.push(r.url());
    };
    h.page.on('request', watch);
    await openEditorOf('site.css');
    // Monaco's own stylesheets came with it: the editor is laid out (line numbers in the margin).
    expect(await h.page.locator('style[data-monaco]').count()).toBeGreaterThan(20);
    expect(await h.page.locator('[data-testid=file-editor-code-edit] .monaco-editor').evaluate((el) => getComputedStyle(el).position)).toBe('relative');
    await h.page.locator('[data-testid=file-editor-code-edit] .line-numbers').first().waitFor();
    expect(await h.page.getByTestId('file-editor-code').getAttribute('data-language')).toBe('css');
    expect(await editorText()).toBe(CSS);
    await h.page.locator('[data-testid=file-editor-code-edit] .view-lines').click();
    await h.page.keyboard.press('Control+End');
    await h.page.keyboard.type('.added { margin: 0; }');
    await h.page.getByTestId('file-editor-dirty').waitFor();

    // Compare with saved: the saved text on the left, the edited one on the right, the new line marked.
    await h.page.getByTestId('file-editor-diff').click();
    const diff = h.page.getByTestId('file-editor-code-diff');
    await diff.locator('.monaco-diff-editor').waitFor();
    await diff.locator('.editor.modified .line-insert, .editor.modified .char-insert').first().waitFor({ state: 'attached' });
    expect(await editorText('[data-testid=file-editor-code-diff] .editor.modified')).toContain('.added { margin: 0; }');
    expect(await editorText('[data-testid=file-editor-code-diff] .editor.original')).not.toContain('.added');
    await h.page.getByTestId('file-editor-diff').click();

    // Ctrl+S in the editor saves; the cursor stays at the end, so typing goes on there.
    await h.page.locator('[data-testid=file-editor-code-edit] .view-lines').click();
    await h.page.keyboard.press('Control+End');
    await h.page.keyboard.press('Control+S');
    await h.page.getByTestId('file-editor-clean').waitFor();
    await h.page.keyboard.type(' ');
    await h.page.getByTestId('file-editor-dirty').waitFor();
    // Monaco draws its lines in the next animation frame, which a busy page may put off.
    await expect.poll(async () => (await editorText()).split('\n').at(-1), { timeout: 5000 }).toBe('.added { margin: 0; } ');
    await h.page.keyboard.press('Backspace');
    await h.page.getByTestId('file-editor-clean').waitFor();

    await h.page.reload();
    await h.page.locator('[data-testid=file-editor-code-edit] .monaco-editor').waitFor();
    await h.page.getByTestId('file-editor-clean').waitFor();
    expect(await editorText()).toBe('body { margin: 0; }\n.added { margin: 0; }');
    h.page.off('request', watch);
    expect(elsewhere).toEqual([]);
  });

  it('asks before leaving an unsaved file, and stays when told to', async () => {
    await h.page.locator('[data-testid=file-editor-code-edit] .view-lines').click();
    await h.page.keyboard.press('Control+End');
    await h.page.keyboard.type('/* draft */');
    await h.page.getByTestId('file-editor-dirty').waitFor();
    await h.page.getByTestId('file-editor-back').click();
    await h.confirmBox().getByText(F.code.leave).waitFor();
    await h.confirmBox().getByRole('button', { name: commonZhCN.actions.cancel }).click();
    expect(new URL(h.page.url()).pathname).toBe('/admin/cms/file/editor');
    expect(await editorText()).toContain('/* draft */');
    // Leaving anyway drops the draft.
    await h.page.getByTestId('file-editor-back').click();
    await h.confirmBox().getByRole('button', { name: commonZhCN.actions.ok }).click();
    await h.page.locator('[data-testid=file-crumbs] button:disabled', { hasText: 'theme' }).waitFor();
    await row('site.css').waitFor();
  });

  it('exports the theme and imports it into another site', async () => {
    const [download] = await Promise.all([h.page.waitForEvent('download'), h.page.getByTestId('theme-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^theme_demo_\d{8}\.zip$/);
    const zip = readFileSync((await download.path())!);
    const shop = await api('POST', '/cms/site', { name: 'Shop', path: 'shop' });
    expect(shop.code).toBe(200);
    await h.page.evaluate((id) => localStorage.setItem('CurrentSite', String(id)), shop.data.siteId);
    await h.openScreen('/admin/configs/file', '[data-testid=file-open-css]');
    await openFolder('css');
    expect(await h.page.getByTestId('file-open-theme').count()).toBe(0);

    await h.page.getByTestId('theme-import-input').setInputFiles({ name: 'theme.zip', mimeType: 'application/zip', buffer: zip });
    await h.confirmBox().getByRole('button', { name: commonZhCN.actions.ok }).click();
    await h.toasts().getByText(F.theme.imported.replace('{{files}}', '1').replace('{{pipes}}', 'pc')).waitFor();
    await h.page.getByTestId('file-open-theme').waitFor();
    expect((await api('POST', '/cms/file/read', { filePath: 'pc/css/theme/site.css' }, String(shop.data.siteId))).data).toBe('body { margin: 0; }\n.added { margin: 0; }');
    // Back to the first site for what follows.
    const demo = (await api('GET', '/cms/site/list')).data.rows.find((s: { path: string }) => s.path === 'demo').siteId;
    await h.page.evaluate((id) => localStorage.setItem('CurrentSite', String(id)), demo);
  });

  it('renames and deletes (after a confirmation)', async () => {
    await h.openScreen('/admin/configs/file?dir=pc%2Fcss%2Ftheme', '[data-testid=file-open-site\\.css]');
    await h.page.getByTestId('file-rename-site.css').click();
    await h.page.fill('#file-name-input', 'main.js');
    await h.page.getByTestId('file-name-dialog').locator('button[type=submit]').click();
    expect(await h.page.getByTestId('file-name-dialog').locator('[role=alert]').textContent()).toBe(F.form.suffixFixed.replace('{{ext}}', 'css'));
    await h.page.fill('#file-name-input', 'main.css');
    await h.page.getByTestId('file-name-dialog').locator('button[type=submit]').click();
    await row('main.css').waitFor();
    expect(await row('site.css').count()).toBe(0);

    await h.page.getByTestId('file-delete-main.css').click();
    await h.confirmBox().getByText(F.confirm.deleteOne.replace('{{name}}', 'main.css')).waitFor();
    await h.confirmBox().getByRole('button', { name: commonZhCN.actions.ok }).click();
    await h.page.getByText(F.empty).waitFor();
  });

  // Issue 26 item 8: Monaco's find widget, command palette and context menu stayed English.
  it("shows Monaco's own widgets in the console's language: the find box in Chinese, in English for English", async () => {
    await api('POST', '/cms/file/add', { dir: 'pc', fileName: 'find.css', isDirectory: false });
    for (const [lng, find] of [['zh-CN', '查找'], ['zh-TW', '尋找'], ['en', 'Find']] as const) {
      await h.page.evaluate((l) => localStorage.setItem('language', l), lng);
      await h.openScreen('/admin/cms/file/editor?path=pc%2Ffind.css', '[data-testid=file-editor-code-edit] .monaco-editor');
      await h.page.locator('[data-testid=file-editor-code-edit] .view-lines').click();
      await h.page.keyboard.press('Control+f');
      const input = h.page.locator('[data-testid=file-editor-code-edit] .find-widget textarea').first();
      await input.waitFor();
      expect(await input.getAttribute('placeholder'), lng).toBe(find);
      expect(await input.getAttribute('aria-label'), lng).toBe(find);
      await h.page.keyboard.press('Escape');
    }
    await h.page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
  });

  it('is laid out right in every language at 800 px', async () => {
    await api('POST', '/cms/file/add', { dir: 'pc/css/theme', fileName: 'site.css', isDirectory: false });
    await api('POST', '/cms/file/edit', { filePath: 'pc/css/theme/site.css', fileContent: `${CSS}.card {\n  padding: 12px;\n  border: 1px solid #ddd;\n}\n` });
    await api('POST', '/cms/file/add', { dir: 'pc/template', fileName: 'index.template.html', isDirectory: false });
    await api('POST', '/cms/file/edit', {
      filePath: 'pc/template/index.template.html',
      fileContent: '<!DOCTYPE html>\n<html>\n<head>\n  <title>{{ Site.name | escape }}</title>\n  <link rel="stylesheet" href="{{ Prefix }}css/theme/site.css">\n</head>\n<body>\n  {% comment %} The news list {% endcomment %}\n  {% cms_content catalogid: 12, size: 10 %}\n    <a href="{{ item.link }}" class="{% if forloop.first %}first{% endif %}">{{ item.title | truncate: 30 }}</a>\n  {% endcms_content %}\n</body>\n</html>\n',
    });
    await h.inEveryLook(async ({ tag }) => {
      await h.openScreen('/admin/configs/file?dir=pc%2Fcss%2Ftheme', '[data-testid=file-open-site\\.css]');
      await h.expectLaidOut(`files-${tag}`);
      await h.openScreen('/admin/cms/file/editor?path=pc%2Ftemplate%2Findex.template.html', '[data-testid=file-editor-code-edit] .monaco-editor');
      await h.page.getByTestId('file-editor-clean').waitFor();
      await h.page.waitForTimeout(300);
      await h.expectLaidOut(`file-editor-template-${tag}`);
      await h.page.locator('[data-testid=file-editor-code-edit] .view-lines').click();
      await h.page.keyboard.press('Control+End');
      await h.page.keyboard.type('<footer>{{ Site.name }}</footer>');
      await h.page.getByTestId('file-editor-diff').click();
      await h.page.locator('[data-testid=file-editor-code-diff] .monaco-diff-editor').waitFor();
      await h.page.waitForTimeout(500);
      await h.expectLaidOut(`file-editor-diff-${tag}`);
      await h.page.getByTestId('file-editor-diff').click();
      await h.page.locator('[data-testid=file-editor-code-edit] .view-lines').click();
      // Undo back to the saved text, so the next page opens without asking.
      for (let i = 0; i < 50 && (await h.page.getByTestId('file-editor-dirty').count()); i++) await h.page.keyboard.press('Control+Z');
      await h.page.getByTestId('file-editor-clean').waitFor();
    });
    await h.page.setViewportSize({ width: 1280, height: 800 });
  }, 240_000);
});
