import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness.ts';
import { byName, cmsApi, type CmsApi } from './cms-api.ts';
import { drainQueue } from '../../server/modules/cms/publish/worker.ts';
import { templateRoot, writeTemplateFile } from '../../server/modules/cms/template/store.ts';

// Issue 11 §3 in the browser: the navbar's publish indicator opens the progress view — done /
// total of the run, then each failed page with its template, line and message — and the
// published site is served at /<site path>/ of the sites port.
// Laid out right at 800 px in zh-CN, zh-TW and en (looks.ts); pictures: `npm run shots`.

const dataDir = mkdtempSync(join(tmpdir(), 'castanea-bpub-'));
const h = useHarness({ admin: 'pubadmin', config: { dataDir } });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
let api: CmsApi;
let siteId = 0;

const TEMPLATES: Record<string, string> = {
  'index.template.html': '<title>{{ Site.name }}</title><h1>Home</h1>{% cms_content level: \'Root\' %}{% for a in DataList %}<a href="{{ a.link }}">{{ a.title }}</a>{% endfor %}{% endcms_content %}',
  'list.template.html': '<h1>{{ Catalog.name }}</h1>',
  'detail_article.template.html': '<h1>{{ Content.title }}</h1>\n{% cms_article %}{{ ArticleContent | raw }}{% endcms_article %}',
  // Line 2 names an attribute the tag does not have: every image page fails there.
  'detail_image.template.html': '<h1>{{ Content.title }}</h1>\n{% cms_image colour: \'red\' %}{% endcms_image %}',
};

beforeAll(async () => {
  api = await cmsApi(h, 'pubadmin', 'Secret123');
  siteId = (await api.ok('POST', '/cms/site', { name: 'Press', path: 'press' })).siteId;
  const root = templateRoot(dataDir, 'press', 'pc');
  for (const [name, source] of Object.entries(TEMPLATES)) await writeTemplateFile(root, name, source, { create: true }).catch(() => writeTemplateFile(root, name, source));
  const cat = byName(await api.ok('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'News\nPhotos' }, siteId));
  const ids = [
    (await api.ok('POST', '/cms/content?contentType=article', { catalogId: cat.News, title: 'Morning report', contentHtml: '<p>Sunny</p>' }, siteId)).contentId,
    (await api.ok('POST', '/cms/content?contentType=image', { catalogId: cat.Photos, title: 'Harbour', images: [{ title: 'One', path: 'https://cdn.example.com/1.png' }] }, siteId)).contentId,
  ];
  await api.ok('POST', '/cms/content/publish', { contentIds: ids }, siteId);
  await api.ok('POST', '/cms/site/publish', { siteId }, siteId);
});

describe('publish progress', () => {
  it('opens from the indicator, shows done / total, then the failed page with its template, line and message', async () => {
    await h.page.evaluate((id) => {
      localStorage.setItem('publish_flag', 'true');
      localStorage.setItem('CurrentSite', String(id));
    }, siteId).catch(() => undefined);
    await h.openScreen('/admin/index');
    await h.page.evaluate((id) => {
      localStorage.setItem('publish_flag', 'true');
      localStorage.setItem('CurrentSite', String(id));
    }, siteId);
    await h.openScreen('/admin/index');
    const indicator = h.page.getByTestId('publish-indicator');
    await indicator.waitFor();
    await indicator.locator('.shell-publish-open').click();
    const view = h.page.getByTestId('publish-progress');
    await expect.poll(async () => (await view.textContent()) ?? '').toMatch(/0 \/ [1-9]/);
    await drainQueue(h.server.server.services);
    // The view refreshes at the indicator's pace (5 s).
    await expect.poll(async () => (await view.textContent()) ?? '', { timeout: 15_000 }).toContain('detail_image.template.html');
    const text = (await view.textContent()) ?? '';
    expect(text).toMatch(/已完成 (\d+) \/ \1/);
    expect(text).toContain('2:1');
    expect(text).toContain('colour');
  });

  it('serves the published site at /<site path>/ of the sites port, not the console\'s', async () => {
    // Published whatever the test before saw.
    await drainQueue(h.server.server.services);
    expect((await fetch(h.url('/press/'))).status).toBe(404);
    const res = await fetch(`${h.server.siteUrl}press/`);
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).toContain('<title>Press</title>');
    expect(body).toContain('Morning report');
    const news = await fetch(`${h.server.siteUrl}press/news/`);
    expect(await news.text()).toContain('<h1>News</h1>');
  });

  it('is laid out right in every language at 800 px', async () => {
    await h.inEveryLook(async ({ lng, width }) => {
      // A full run with the image page failing, drained while the view is open.
      await api.ok('POST', '/cms/site/publish', { siteId }, siteId);
      await h.page.evaluate(() => localStorage.setItem('publish_flag', 'true'));
      await h.openScreen('/admin/index');
      await h.page.getByTestId('publish-indicator').waitFor();
      await h.expectLaidOut(`publish-indicator-${lng}-${width}`);
      await h.page.getByTestId('publish-indicator').locator('.shell-publish-open').click();
      const view = h.page.getByTestId('publish-progress');
      await view.waitFor();
      await drainQueue(h.server.server.services);
      await expect.poll(async () => (await view.textContent()) ?? '', { timeout: 15_000 }).toContain('detail_image.template.html');
      await h.page.waitForTimeout(300);
      await h.expectLaidOut(`publish-progress-${lng}-${width}`);
      await h.page.keyboard.press('Escape');
    });
  }, 300_000);
});
