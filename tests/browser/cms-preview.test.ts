import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness.ts';
import { byName, cmsApi, demoSiteId, type CmsApi } from './cms-api.ts';
import { multipartBody } from '../../server/modules/common/test-multipart.ts';
import type { PreviewReply } from '../../shared/validators/preview.ts';
import { sql } from 'drizzle-orm';
import { cmsPreviewTicket } from '../../server/modules/cms/template/schema.ts';

// Issue 11 §3 in the browser: a content of the list is previewed (a draft, with the default
// theme), the preview's links move the preview, and no token shows in any address.
//
// Laid out right at 800 px in zh-CN, zh-TW and en (looks.ts); pictures: `npm run shots`.

process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'castanea-browser-preview-'));
const h = useHarness({ admin: 'previewadmin' });
afterAll(() => {
  delete process.env.DATA_DIR;
});
let api: CmsApi;
let cat: Record<string, number> = {};
const ids: Record<string, number> = {};
let chapters: number[] = [];

/** A picture for covers: a soft two-colour gradient with a shape, so thumbnails look like photos at a glance. */
const picture = (a: string, b: string) => sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="960" height="540"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs><rect width="960" height="540" fill="url(#g)"/><circle cx="700" cy="180" r="90" fill="#ffffff" fill-opacity="0.35"/><path d="M0 460 L260 300 L480 430 L700 280 L960 460 L960 540 L0 540 Z" fill="#ffffff" fill-opacity="0.25"/></svg>`)).png().toBuffer();

async function upload(name: string, content: Buffer): Promise<string> {
  const mp = multipartBody('file', name, content);
  const res = await h.server.server.app.inject({ method: 'POST', url: '/prod-api/cms/resource/upload', headers: { ...mp.headers, authorization: `Bearer ${api.token}`, repeatsubmit: 'false', currentsite: String(await demoSiteId(h)) }, payload: mp.payload });
  const body = res.json();
  expect(body.code, body.msg).toBe(200);
  // What the editor stores for a picked image: its address (the library's src).
  const src = String(body.data.src ?? body.data.path);
  return /^(https?:\/\/|\/)/.test(src) ? src : `/demo/${src}`;
}

beforeAll(async () => {
  api = await cmsApi(h, 'previewadmin', 'Secret123');
  cat = byName(await api.ok('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'News\n  World\nCulture\nBooks' }));
  await api.ok('PUT', '/cms/catalog', { catalogId: cat.World, pageSize: 2 });
  const covers = [await upload('harbour.png', await picture('#7aa7e0', '#2f5e9e')), await upload('meadow.png', await picture('#9fd39a', '#3f8f5a')), await upload('dusk.png', await picture('#f3b27a', '#b5527c'))];
  const add = async (type: string, catalogId: number, title: string, extra: Record<string, unknown> = {}) =>
    (ids[title] = (await api.ok('POST', `/cms/content?contentType=${type}`, { catalogId, title, author: 'Lin Wei', ...extra })).contentId);
  const body = (topic: string) => `<p>${topic} drew crowds from across the region this weekend, with organisers reporting record attendance on both days.</p><h2>What happened</h2><p>Visitors queued from early morning. Local shops stayed open late, and volunteers guided newcomers through the programme.</p><blockquote>“We planned for half as many people,” one organiser said.</blockquote><p>The city council will publish a full report next month.</p>`;
  await add('article', cat.World!, 'Harbour bridge reopens after two years of repairs', { summary: 'Traffic returns to the main crossing as engineers sign off the final inspection.', logo: covers[0], contentHtml: body('The reopening') + `<p><img src="${covers[0]}" alt="The bridge at dawn"></p>` + '<hr class="page-break">' + '<p>Part two: the engineers\' story, told by the people who rebuilt the deck.</p>', tags: ['city', 'transport'] });
  await add('article', cat.World!, 'Spring festival fills the old town', { summary: 'Music, food stalls and lanterns along the river for three nights.', logo: covers[1], contentHtml: body('The festival') });
  await add('article', cat.World!, 'New library wing opens to readers', { summary: 'A quiet reading room and a children\'s corner.', contentHtml: body('The library') });
  await add('article', cat.News!, 'Council approves the cycling plan', { summary: 'Forty kilometres of protected lanes by next year.', logo: covers[2], contentHtml: body('The plan') });
  await add('image', cat.Culture!, 'Lanterns on the river', { summary: 'Photographs from the festival\'s last night.', logo: covers[2], images: covers.map((path, i) => ({ title: `Night ${i + 1}`, path })) });
  await add('book', cat.Books!, 'The Chestnut Tree', { summary: 'A novel in three parts.', book: { publisher: 'Riverside Press', intro: '<p>A family story told over three summers.</p>' } });
  await api.ok('POST', '/cms/content/publish', { contentIds: Object.values(ids) });
  for (const [n, title] of ['First summer', 'Second summer', 'Third summer'].entries()) {
    chapters.push((await api.ok('POST', '/cms/book/chapter', { contentId: ids['The Chestnut Tree'], title, content: `<p>Chapter ${n + 1}. The chestnut tree stood at the end of the garden, older than the house.</p><p>Every summer the children climbed it, and every summer it seemed a little taller.</p>`, action: 'publish' })).chapterId);
  }
  // A draft, previewed from the list.
  await add('article', cat.World!, 'Draft: election night live', { summary: 'Results as they come in.', contentHtml: '<p>Polls close at eight.</p>' });
});

describe('preview', () => {
  it('previews a draft from the content list in a frame of the sites\' origin whose links move the preview, with no token in any address', async () => {
    await h.openScreen('/admin/configs/content', '[data-testid=content-table] .content-title-link');
    const draft = ids['Draft: election night live']!;
    const popup = h.context.waitForEvent('page');
    await h.page.getByTestId(`content-preview-${draft}`).click();
    const p = await popup;
    const requests: string[] = [];
    p.on('request', (r) => requests.push(r.url()));
    await p.waitForURL((u) => u.pathname === '/admin/cms/preview');
    expect(new URL(p.url()).search).toBe(`?type=content&id=${draft}`);
    const frame = p.getByTestId('preview-frame');
    await frame.waitFor();
    expect(await frame.getAttribute('sandbox')).toBe('allow-scripts allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation');
    expect(await frame.getAttribute('src')).toMatch(new RegExp(`^${h.server.siteUrl}_preview/[A-Za-z0-9_-]{43}$`));
    const inside = p.frameLocator('[data-testid=preview-frame]');
    await expect.poll(() => inside.locator('h1.page-title').textContent(), { timeout: 20_000 }).toBe('Draft: election night live');
    expect(await p.getByTestId('preview-title').textContent()).toBe('Draft: election night live');
    // Not published yet: no published address to open.
    expect(await p.getByTestId('preview-published').count()).toBe(0);
    // A link of the page (the nav's Books) moves the console's preview page, and the address follows.
    await inside.locator('.nav a', { hasText: 'Books' }).click();
    await p.waitForURL((u) => u.search === `?type=catalog&id=${cat.Books}&pp=pc`);
    await expect.poll(() => inside.locator('h1.page-title').textContent(), { timeout: 20_000 }).toBe('Books');
    expect(await p.getByTestId('preview-title').textContent()).toBe('Books');
    expect(await p.getByTestId('preview-published').getAttribute('href')).toMatch(/\/demo\/books\/index\.shtml$/);
    await inside.locator('.entry h2 a', { hasText: 'The Chestnut Tree' }).click();
    await p.waitForURL((u) => u.search === `?type=content&id=${ids['The Chestnut Tree']}&pp=pc`);
    await inside.locator('.toc a', { hasText: 'Second summer' }).click();
    await p.waitForURL((u) => u.search.includes(`chapter=${chapters[1]}`));
    await expect.poll(() => inside.locator('h1.page-title').textContent(), { timeout: 20_000 }).toBe('Second summer');
    // Back returns to the book.
    await p.goBack();
    await expect.poll(() => inside.locator('h1.page-title').textContent(), { timeout: 20_000 }).toBe('The Chestnut Tree');
    // The console's token is in no address the page asked for, and no site page or file came from the console's origin.
    const token = (await h.context.cookies()).find((c) => c.name === 'Admin-Token')?.value ?? (await p.evaluate(() => JSON.stringify(localStorage)));
    expect(token.length).toBeGreaterThan(20);
    const consoleOrigin = new URL(h.url('/')).origin;
    for (const url of requests) {
      expect(url).not.toMatch(/token|Authorization|Bearer/i);
      expect(url).not.toContain(decodeURIComponent(token).slice(0, 24));
      if (url.startsWith(consoleOrigin)) expect(new URL(url).pathname, url).toMatch(/^\/(admin\/|prod-api\/(?!.*\/resources\/))/);
    }
    expect(requests.filter((u) => u.startsWith(h.server.siteUrl) && u.includes('/_preview/')).length).toBeGreaterThanOrEqual(5);
    await p.close();
  });

  it('shows an article\'s and an image set\'s pictures, loaded from the sites\' origin', async () => {
    const siteOrigin = new URL(h.server.siteUrl).origin;
    const consoleOrigin = new URL(h.url('/')).origin;
    const requests: string[] = [];
    h.page.on('request', (r) => requests.push(r.url()));
    for (const title of ['Harbour bridge reopens after two years of repairs', 'Lanterns on the river']) {
      await h.openScreen(`/admin/cms/preview?type=content&id=${ids[title]}`, '[data-testid=preview-frame]');
      const inside = h.page.frameLocator('[data-testid=preview-frame]');
      await expect.poll(() => inside.locator('h1.page-title').textContent(), { timeout: 20_000 }).toBe(title);
      const images = inside.locator('main img, .prose img, .gallery img');
      expect(await images.count()).toBeGreaterThan(0);
      // Lazy pictures below the fold load when shown: load them all now.
      await images.evaluateAll((imgs) => imgs.forEach((i) => ((i as HTMLImageElement).loading = 'eager')));
      await expect.poll(() => images.evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0)), { timeout: 15_000 }).toBe(true);
      const sources = await images.evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).currentSrc));
      for (const src of sources) expect(new URL(src).origin).toBe(siteOrigin);
    }
    h.page.removeAllListeners('request');
    expect(requests.filter((u) => /\.(png|jpe?g|webp|gif|shtml)(\?|$)/.test(u) && u.startsWith(consoleOrigin))).toEqual([]);
  });

  it('refuses a tampered or expired ticket, and a ticket shows only the page it was made for', async () => {
    const a = (await api.ok('GET', `/cms/preview/content/${ids['Spring festival fills the old town']}`)) as PreviewReply;
    const ticket = a.frameUrl.split('/').pop()!;
    const tampered = `${a.frameUrl.slice(0, -1)}${ticket.endsWith('A') ? 'B' : 'A'}`;
    const refused = await h.page.goto(tampered);
    expect(refused?.status()).toBe(403);
    const other = await h.page.goto(`${a.frameUrl}?type=content&id=${ids['Draft: election night live']}`);
    expect(other?.status()).toBe(200);
    expect(await h.page.locator('h1.page-title').textContent()).toBe('Spring festival fills the old town');
    await h.server.database.db.update(cmsPreviewTicket).set({ expiresAt: sql`now() - interval '1 second'` });
    const expired = await h.page.goto(a.frameUrl);
    expect(expired?.status()).toBe(403);
    expect(await h.page.locator('body').textContent()).toMatch(/expired|過期|过期/);
  });

  it('is laid out right: the theme at 1440 and 375 px, the preview page in every language at 800 px', async () => {
    const page = h.page;
    const reply = async (path: string) => (await api.ok('GET', `/cms/preview/${path}`)) as PreviewReply;
    const pages: [string, string][] = [
      ['home', `site/${(await api.ok('GET', '/cms/site/getCurrentSite')).siteId}`],
      ['list', `catalog/${cat.World}?pi=1`],
      ['article', `content/${ids['Harbour bridge reopens after two years of repairs']}`],
      ['gallery', `content/${ids['Lanterns on the river']}`],
      ['book', `content/${ids['The Chestnut Tree']}`],
      ['chapter', `content/${ids['The Chestnut Tree']}?chapter=${chapters[1]}`],
    ];
    for (const [name, path] of pages) {
      const { frameUrl } = await reply(path);
      for (const width of [1440, 375]) {
        await page.setViewportSize({ width, height: 900 });
        // The page as the sites' port shows it under its ticket, images included.
        await page.goto(frameUrl, { waitUntil: 'load' });
        await h.expectLaidOut(`theme-${name}-${width}`);
      }
    }
    for (const lng of ['zh-CN', 'zh-TW', 'en']) {
      await page.evaluate((l) => localStorage.setItem('language', l), lng);
      for (const width of [800]) {
        await page.setViewportSize({ width, height: 900 });
        // The workbench's live preview of an article with a picture, framed from the sites' port.
        await h.openScreen('/admin/cms/template/editor?pipe=pc&path=detail_article.template.html', '[data-testid=bench-preview-content]');
        await page.getByTestId('bench-preview-content').click();
        await page.locator('.p-dropdown-filter').fill('Harbour');
        await page.locator('.p-dropdown-item', { hasText: 'Harbour bridge' }).click();
        const bench = page.frameLocator('[data-testid=bench-preview-frame]');
        await expect.poll(() => bench.locator('h1.page-title').textContent({ timeout: 2_000 }).catch(() => ''), { timeout: 20_000 }).toBe('Harbour bridge reopens after two years of repairs');
        await bench.locator('.prose img').scrollIntoViewIfNeeded();
        await expect.poll(() => bench.locator('.prose img').evaluate((i) => (i as HTMLImageElement).naturalWidth), { timeout: 10_000 }).toBeGreaterThan(0);
        await h.expectLaidOut(`workbench-article-${lng}-${width}`);
        for (const [name, target] of [['list', `catalog&id=${cat.World}`], ['article', `content&id=${ids['Harbour bridge reopens after two years of repairs']}`], ['gallery', `content&id=${ids['Lanterns on the river']}`]] as const) {
          await h.openScreen(`/admin/cms/preview?type=${target}`, '[data-testid=preview-frame]');
          await page.frameLocator('[data-testid=preview-frame]').locator('h1').waitFor();
          await page.waitForTimeout(400);
          await h.expectLaidOut(`preview-${name}-${lng}-${width}`);
        }
      }
    }
  }, 300_000);
});
