import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { useHarness } from './harness.ts';
import { png, wav } from '../../server/modules/cms/resource/test-files.ts';
import { cmsArticleDetail, cmsAudio, cmsContentRela, cmsBook, cmsBookChapter, cmsContent, cmsImage, cmsVideo } from '../../server/modules/cms/schema.ts';
import E from '../../shared/i18n/locales/zh-CN/editor.ts';
import C from '../../shared/i18n/locales/zh-CN/cms.ts';
import F from '../../shared/i18n/locales/zh-CN/fields.ts';
import V from '../../shared/i18n/locales/zh-CN/validation.ts';
import S from '../../server/modules/cms/messages/zh-CN.ts';

// Issue 10 §2 in the browser: the editors of all five types, created and published through the UI,
// with Ctrl+S, the local draft, the unsaved-close question and the version conflict.
//
// Laid out right at 800 px in zh-CN, zh-TW and en (looks.ts); pictures: `npm run shots`.

process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'castanea-browser-editor-'));
const h = useHarness({ admin: 'editoradmin' });
afterAll(() => {
  delete process.env.DATA_DIR;
});

let token = '';
let siteId = 0;
let catalogId = 0;
const db = () => h.server.database.db;
async function api(method: string, path: string, body?: unknown) {
  const r = await h.server.api(method, path, { token, body, headers: { CurrentSite: String(siteId), repeatSubmit: 'false' } });
  expect(r.code, `${method} ${path}: ${r.msg}`).toBe(200);
  return r.data as any;
}
const stored = async (contentId: number) => (await db().select().from(cmsContent).where(eq(cmsContent.contentId, contentId)))[0]!;
const idInUrl = (page: Page) => Number(new URL(page.url()).searchParams.get('contentId'));
const saveState = (page: Page) => page.getByTestId('ce-save-state');

async function openNew(type: string) {
  await h.openScreen(`/admin/cms/content/editor?catalogId=${catalogId}&contentType=${type}`, '[data-testid=content-editor]');
}
/** Saves with the keyboard and waits until the bar says so. */
async function ctrlS(page = h.page) {
  await page.keyboard.press('Control+s');
  await saveState(page).filter({ hasText: /已于 .* 保存/ }).waitFor();
}
async function saveAndPublish() {
  await h.page.getByTestId('ce-publish').click();
  await h.page.locator('.ce-header .ce-status[data-status="30"]').waitFor();
}
/** Picks from the library through the picker, uploading the file there first. */
async function uploadThroughPicker(name: string, buffer: Buffer, mimeType: string) {
  const picker = h.page.getByTestId('resource-picker');
  await picker.waitFor();
  await picker.getByRole('button', { name: C.resource.picker.uploadNew }).click();
  const dialog = h.page.getByTestId('resource-upload-dialog');
  await dialog.waitFor();
  await h.page.getByTestId('resource-upload-input').setInputFiles({ name, mimeType, buffer });
  await dialog.getByRole('button', { name: C.resource.upload, exact: true }).click();
  await picker.waitFor({ state: 'detached' });
}

/** Each language at 800 px: the editor of `name` reloaded and laid out right (see looks.ts). */
async function expectEditorLaidOut(name: string) {
  const page = h.page;
  await h.inEveryLook(async ({ tag }) => {
    await page.reload();
    await page.locator('[data-testid=content-editor]').waitFor();
    await page.waitForTimeout(400);
    await h.hideDemand();
    await h.expectLaidOut(`editor-${name}-${tag}`);
  });
  await page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.reload();
  await page.locator('[data-testid=content-editor]').waitFor();
}

/** A short WebM made by the browser itself (a canvas recorded with MediaRecorder): a real video file without shipping one. */
async function recordWebm(page: Page): Promise<Buffer> {
  const b64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 240;
    const ctx = canvas.getContext('2d')!;
    const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: 'video/webm' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => chunks.push(e.data);
    const done = new Promise((r) => (recorder.onstop = r));
    recorder.start();
    for (let i = 0; i < 20; i++) {
      ctx.fillStyle = `hsl(${i * 18}, 70%, 50%)`;
      ctx.fillRect(0, 0, 320, 240);
      await new Promise((r) => setTimeout(r, 40));
    }
    recorder.stop();
    await done;
    const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
    let s = '';
    for (const b of bytes) s += String.fromCharCode(b);
    return btoa(s);
  });
  return Buffer.from(b64, 'base64');
}

// A Word document on the clipboard: a heading, a bulleted list in Word's own markup, a table.
const WORD_HTML = `<html xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word"><head><style>@list l0:level1 { mso-level-number-format:bullet; }</style></head><body>
<h2>Launch plan</h2>
<p class=MsoListParagraphCxSpFirst style='mso-list:l0 level1 lfo1'><span style='mso-list:Ignore'>·<span>&nbsp;</span></span>First point</p>
<p class=MsoListParagraphCxSpLast style='mso-list:l0 level1 lfo1'><span style='mso-list:Ignore'>·<span>&nbsp;</span></span>Second point</p>
<table class=MsoTableGrid border=1><tr><td>Quarter</td><td>Sales</td></tr><tr><td>Q1</td><td>10</td></tr></table>
<p>The end of the plan.</p></body></html>`;

beforeAll(async () => {
  token = decodeURIComponent((await h.context.cookies()).find((c) => c.name === 'Admin-Token')!.value);
  siteId = (await api('POST', '/cms/site', { name: 'Editors daily', path: 'editorsdaily' })).siteId;
  catalogId = (await api('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'News' }))[0].catalogId;
  // A reload or address change with unsaved changes asks the browser's own question: leave.
  h.page.on('dialog', (d) => void d.accept());
  await h.page.goto(h.url('/admin/favicon.svg'));
  await h.page.evaluate((id) => localStorage.setItem('CurrentSite', id), String(siteId));
});

describe('content editors', () => {
  let article = 0;
  it('creates an article: Word paste keeps headings, lists and tables; Ctrl+S saves and keeps the cursor; it publishes', async () => {
    await openNew('article');
    const page = h.page;
    await page.locator('#ce-title').fill('Spring launch');
    const body = page.locator('[data-testid=ce-article-body] .ql-editor');
    await body.waitFor();
    await body.click();
    await page.evaluate((html) => {
      const el = document.querySelector('[data-testid=ce-article-body] .ql-editor') as HTMLElement;
      const data = new DataTransfer();
      data.setData('text/html', html);
      data.setData('text/plain', 'Launch plan');
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, WORD_HTML);
    await page.waitForFunction(() => document.querySelector('[data-testid=ce-article-body] .ql-editor table') !== null);
    // a picture pasted as a file goes to the site's library, not into the body as base64
    await page.evaluate(async (b64) => {
      const el = document.querySelector('[data-testid=ce-article-body] .ql-editor') as HTMLElement;
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], 'screenshot.png', { type: 'image/png' }));
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, (await png(40, 30, '#33aa55')).toString('base64'));
    await page.waitForFunction(() => /\/resources\/image\//.test(document.querySelector('[data-testid=ce-article-body] .ql-editor img')?.getAttribute('src') ?? ''));
    // the cursor in the title, mid-word: Ctrl+S saves and leaves it there
    await page.locator('#ce-title').click();
    await page.evaluate(() => (document.getElementById('ce-title') as HTMLInputElement).setSelectionRange(3, 3));
    await ctrlS();
    expect(await page.evaluate(() => [document.activeElement?.id, (document.activeElement as HTMLInputElement).selectionStart])).toEqual(['ce-title', 3]);
    article = idInUrl(page);
    expect(article).toBeGreaterThan(0);
    const [detail] = await db().select().from(cmsArticleDetail).where(eq(cmsArticleDetail.contentId, article));
    expect(detail!.contentHtml).toContain('<h2>Launch plan</h2>');
    expect(detail!.contentHtml).toMatch(/<ul><li>First point<\/li><li>Second point<\/li><\/ul>/);
    expect(detail!.contentHtml).toMatch(/<table>.*<td>Quarter<\/td>.*<td>10<\/td>.*<\/table>/s);
    expect(detail!.contentHtml).toContain('The end of the plan.');
    // Stored as an internal link (issue 26 item 3), not at the console's address.
    expect(detail!.contentHtml).toMatch(new RegExp(`<img src="iurl://resources/image/[^"]+\\.png\\?sid=${siteId}&amp;storage=Local"`));
    expect(detail!.contentHtml).not.toContain('/prod-api/');
    await expectEditorLaidOut('article');
    // Loaded from the server again, the editor shows the picture at the console's address…
    await page.reload();
    await page.waitForFunction(() => {
      const img = document.querySelector('[data-testid=ce-article-body] .ql-editor img') as HTMLImageElement | null;
      return !!img && img.complete && img.naturalWidth === 40;
    });
    expect(await page.locator('[data-testid=ce-article-body] .ql-editor img').getAttribute('src')).toMatch(/^\/prod-api\/editorsdaily\/resources\/image\/[^"]+\.png$/);
    // …and saving what it loaded stores the same internal link.
    for (const title of ['Spring launch (2)', 'Spring launch']) {
      await page.locator('#ce-title').fill(title);
      await ctrlS();
    }
    await expect.poll(async () => (await stored(article)).title).toBe('Spring launch');
    expect((await db().select().from(cmsArticleDetail).where(eq(cmsArticleDetail.contentId, article)))[0]!.contentHtml).toBe(detail!.contentHtml);
    await saveAndPublish();
    expect((await stored(article)).status).toBe('30');
  }, 120_000);

  it('keeps unsaved typing as a local draft across a reload and offers it back', async () => {
    const page = h.page;
    await page.locator('#ce-title').fill('Spring launch, revised');
    await saveState(page).filter({ hasText: E.header.unsaved }).waitFor();
    await page.waitForTimeout(800);
    await page.reload();
    await page.getByTestId('ce-draft').waitFor();
    expect(await page.locator('#ce-title').inputValue()).toBe('Spring launch');
    await page.getByTestId('ce-draft-restore').click();
    expect(await page.locator('#ce-title').inputValue()).toBe('Spring launch, revised');
    await ctrlS();
    expect((await stored(article)).title).toBe('Spring launch, revised');
  });

  it('asks before closing the tab of an editor with unsaved changes, or following a link away', async () => {
    const page = h.page;
    await page.locator('#ce-summary').fill('Not saved yet');
    const box = h.confirmBox();
    // a link of the shell (here Home's tab) asks too
    await page.locator('.shell-tag[data-path="/index"]').click();
    await box.waitFor();
    await box.getByRole('button', { name: E.leave.reject }).click();
    await box.waitFor({ state: 'detached' });
    expect(page.url()).toContain('/cms/content/editor');
    const close = page.locator('.shell-tag[data-path="/cms/content/editor"] .shell-tag-close');
    await close.click();
    await box.waitFor();
    expect(await box.textContent()).toContain(E.leave.message);
    await box.getByRole('button', { name: E.leave.reject }).click();
    await box.waitFor({ state: 'detached' });
    expect(page.url()).toContain('/cms/content/editor');
    expect(await page.locator('#ce-summary').inputValue()).toBe('Not saved yet');
    await close.click();
    await box.getByRole('button', { name: E.leave.accept }).click();
    await page.waitForURL((u) => !u.pathname.includes('/cms/content/editor'));
  });

  it('tells the later of two editors that someone saved in between, keeping their text', async () => {
    const page = h.page;
    await h.openScreen(`/admin/cms/content/editor?contentId=${article}`, '[data-testid=content-editor]');
    const other = await h.context.newPage();
    await other.goto(h.url(`/admin/cms/content/editorW?contentId=${article}`));
    await other.locator('#ce-title').fill('Spring launch by the other editor');
    await other.keyboard.press('Control+s');
    await other.getByTestId('ce-save-state').filter({ hasText: /已于 .* 保存/ }).waitFor();
    await other.close();
    await page.locator('#ce-title').fill('Spring launch, my words');
    await page.keyboard.press('Control+s');
    const conflict = page.getByTestId('conflict-dialog');
    await conflict.waitFor();
    expect(await page.getByTestId('conflict-message').textContent()).toMatch(/editoradmin/);
    await page.getByTestId('conflict-keep').click();
    expect(await page.locator('#ce-title').inputValue()).toBe('Spring launch, my words');
    expect((await stored(article)).title).toBe('Spring launch by the other editor');
    await page.keyboard.press('Control+s');
    await conflict.waitFor();
    await page.getByTestId('conflict-overwrite').click();
    await saveState(page).filter({ hasText: /已于 .* 保存/ }).waitFor();
    expect((await stored(article)).title).toBe('Spring launch, my words');
  });

  it('shows the server\'s refusal of a title the site already has under the title field', async () => {
    await api('POST', `/cms/site/extends/${siteId}`, { RepeatTitleCheck: '1' });
    await openNew('article');
    await h.page.locator('#ce-title').fill('Spring launch, my words');
    await h.page.getByTestId('ce-save').click();
    const error = h.page.getByTestId('error-title');
    await error.waitFor();
    expect(await error.textContent()).toBe(S.cms.content.titleTakenSite.replace('{{title}}', 'Spring launch, my words'));
    await api('POST', `/cms/site/extends/${siteId}`, { RepeatTitleCheck: '0' });
    await h.page.locator('#ce-title').fill('');
  });

  it('creates an image album from the library, reorders it and publishes it', async () => {
    await openNew('image');
    const page = h.page;
    await page.locator('#ce-title').fill('Harbour at dawn');
    for (const [name, colour] of [['first.png', '#aa3322'], ['second.png', '#2233aa']] as const) {
      await page.getByRole('button', { name: E.images.add }).click();
      await uploadThroughPicker(name, await png(320, 240, colour), 'image/png');
    }
    const items = page.getByTestId('ce-image-item');
    await expect.poll(() => items.count()).toBe(2);
    await items.nth(0).getByPlaceholder(F.content.title).fill('Red boat');
    await items.nth(1).getByPlaceholder(F.content.title).fill('Blue sea');
    await items.nth(1).getByPlaceholder(E.images.summary).fill('The sea before sunrise');
    await items.nth(1).getByRole('button', { name: E.items.up.replace('{{item}}', 'Blue sea') }).click();
    await items.nth(0).getByRole('button', { name: E.images.makeCover }).click();
    await page.locator('label[for=ce-top]').click();
    await page.locator('#ce-topEndTime').fill('2099-12-31 18:00');
    await page.locator('#ce-title').click();
    await saveAndPublish();
    const id = idInUrl(page);
    const album = await stored(id);
    expect(album.topFlag).toBeGreaterThan(0);
    expect(album.topDate!.getFullYear()).toBe(2099);
    const rows = await db().select().from(cmsImage).where(eq(cmsImage.contentId, id)).orderBy(asc(cmsImage.sortFlag));
    expect(rows.map((r) => [r.title, r.description, r.width])).toEqual([['Blue sea', 'The sea before sunrise', 320], ['Red boat', '', 320]]);
    expect((await stored(id)).logo).toBe(rows[0]!.path);
    expect(rows[0]!.path).toMatch(/^iurl:\/\/resources\/image\//);
    await expectEditorLaidOut('image');
    // Loaded again, the pictures show and the cover is still marked on the first one.
    await expect.poll(() => page.evaluate(() => [...document.querySelectorAll<HTMLImageElement>('[data-testid=ce-image-item] img')].map((i) => i.complete && i.naturalWidth > 0))).toEqual([true, true]);
    await page.getByTestId('ce-image-item').nth(0).getByText(E.images.isCover).waitFor();
  }, 120_000);

  it('creates an audio whose facts are read from the uploaded file, and publishes it', async () => {
    await openNew('audio');
    const page = h.page;
    await page.locator('#ce-title').fill('Morning voice');
    await page.getByRole('button', { name: E.audio.add }).click();
    await uploadThroughPicker('voice.wav', wav(3, 8000, 1), 'audio/wav');
    await page.getByTestId('media-facts').filter({ hasText: E.media.read }).waitFor();
    expect(await page.locator('#ce-audio-samplingRate-0').inputValue()).toBe('8000');
    expect(await page.locator('#ce-audio-channels-0').inputValue()).toBe('1');
    expect(await page.locator('#ce-audio-duration-0').inputValue()).toBe('3');
    await page.locator('#ce-audio-author-0').fill('Ann');
    // published to the PC pipe only, with its own detail template, and related to the article
    await page.locator('#ce-pipe-pc').click();
    await page.getByLabel(E.side.templateOf.replace('{{pipe}}', 'PC')).fill('audio/detail.template.html');
    await page.getByTestId('ce-side-related').getByRole('button', { name: E.related.add }).click();
    const picker = page.getByTestId('related-picker');
    await picker.locator('label', { hasText: 'Spring launch, my words' }).click();
    await picker.getByRole('button', { name: E.related.addChosen.replace('{{count}}', '1') }).click();
    await page.getByTestId('ce-side-related').getByText('Spring launch, my words').waitFor();
    await saveAndPublish();
    const audioId = idInUrl(page);
    expect(await stored(audioId)).toMatchObject({ publishPipe: ['pc'], publishPipeProps: { pc: { template: 'audio/detail.template.html' } } });
    expect((await db().select().from(cmsContentRela).where(eq(cmsContentRela.contentId, audioId))).map((r) => r.relaContentId)).toEqual([article]);
    const [track] = await db().select().from(cmsAudio).where(eq(cmsAudio.contentId, audioId));
    expect(track).toMatchObject({ author: 'Ann', samplingRate: 8000, channels: 1, duration: 3, bitRate: 128000 });
    await expectEditorLaidOut('audio');
  }, 120_000);

  it('creates a video from a third-party player; an iframe to javascript: is refused under its field', async () => {
    await openNew('video');
    const page = h.page;
    await page.locator('#ce-title').fill('Match highlights');
    await page.getByRole('button', { name: E.video.add }).click();
    const item = page.getByTestId('ce-video-item');
    await item.getByText(E.video.fromCode).click();
    await page.locator('#ce-video-code-0').fill('<iframe src="javascript:alert(1)"></iframe>');
    const message = V.videoCode.replace('{{field}}', F.content.code);
    expect(await page.getByTestId('error-video-code-0').textContent()).toBe(message);
    await page.getByTestId('ce-save').click();
    expect(await page.getByTestId('error-videos').textContent()).toBe(message);
    await page.locator('#ce-video-code-0').fill('<iframe src="https://player.example.com/embed/42" width="640" height="360"></iframe>');
    await page.locator('#ce-video-resolution-0').fill('1280x720');
    // a second one from a file: its size is read by the browser's player
    await page.getByRole('button', { name: E.video.add }).click();
    await page.getByTestId('ce-video-item').nth(1).getByRole('button', { name: E.media.choose }).click();
    await uploadThroughPicker('clip.webm', await recordWebm(page), 'video/webm');
    await expect.poll(() => page.locator('#ce-video-resolution-1').inputValue()).toBe('320x240');
    await saveAndPublish();
    const videos = await db().select().from(cmsVideo).where(eq(cmsVideo.contentId, idInUrl(page))).orderBy(asc(cmsVideo.sortFlag));
    expect(videos[0]!.code).toMatch(/^<iframe src="https:\/\/player\.example\.com\/embed\/42"[^>]*sandbox=/);
    expect(videos[0]!.resolution).toBe('1280x720');
    expect(videos[1]).toMatchObject({ code: null, resolution: '320x240', format: expect.stringMatching(/webm|matroska|vp8|vp9/i) });
    expect(videos[1]!.path).toMatch(new RegExp(`^iurl://resources/video/.+\\.webm\\?sid=${siteId}&storage=Local$`));
    await expectEditorLaidOut('video');
  }, 120_000);

  it('creates a book priced in yuan with three chapters, published now, scheduled and kept as a draft', async () => {
    await openNew('book');
    const page = h.page;
    await page.locator('#ce-title').fill('River Town');
    await page.locator('[id="ce-book.price"]').fill('19.9');
    await page.locator('[id="ce-book.publisher"]').click();
    expect(await page.locator('[id="ce-book.price"]').inputValue()).toBe('19.90');
    await page.getByText(E.book.priceStored.replace('{{fen}}', '1990')).waitFor();
    await page.locator('[id="ce-book.publisher"]').fill('Harbour Press');
    const chapters: [string, 'publish' | 'schedule' | 'draft'][] = [['Arrival', 'publish'], ['The ferry', 'schedule'], ['Night market', 'draft']];
    for (const [title, action] of chapters) {
      await page.getByTestId('chapter-add').click();
      const dialog = page.getByTestId('chapter-dialog');
      await dialog.waitFor();
      await page.locator('#ce-chapter-title').fill(title);
      await dialog.getByText(E.chapters.actions[action], { exact: true }).click();
      if (action === 'schedule') await page.locator('#ce-chapter-publishDate').fill('2099-01-01 08:00');
      const text = dialog.locator('.ql-editor');
      await text.click();
      await page.keyboard.type(`${title}: the text of this chapter.`);
      await page.getByTestId('chapter-save-close').click();
      await dialog.waitFor({ state: 'detached' });
    }
    await expect.poll(() => page.getByTestId('ce-chapter').count()).toBe(3);
    await saveAndPublish();
    const id = idInUrl(page);
    const [book] = await db().select().from(cmsBook).where(eq(cmsBook.contentId, id));
    expect(book).toMatchObject({ price: 1990, publisher: 'Harbour Press' });
    const rows = await db().select().from(cmsBookChapter).where(eq(cmsBookChapter.contentId, id)).orderBy(asc(cmsBookChapter.sortFlag));
    expect(rows.map((r) => [r.title, r.status])).toEqual([['Arrival', '30'], ['The ferry', '20'], ['Night market', '0']]);
    expect(rows[0]!.wordCount).toBe(6);
    // move the draft up one place with its arrow button
    await page.getByTestId('ce-chapter').nth(2).getByRole('button', { name: E.items.up.replace('{{item}}', 'Night market') }).click();
    await expect.poll(async () => (await db().select().from(cmsBookChapter).where(eq(cmsBookChapter.contentId, id)).orderBy(asc(cmsBookChapter.sortFlag))).map((r) => r.title)).toEqual(['Arrival', 'Night market', 'The ferry']);
    await expectEditorLaidOut('book');
    await page.getByTestId('ce-chapter').first().locator('.ce-chapter-main').click();
    await page.getByTestId('chapter-dialog').locator('.ql-editor').waitFor();
  }, 120_000);
});
