import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ROOT, useHarness } from './harness.ts';
import { byName, cmsApi, demoSiteId, type CmsApi } from './cms-api.ts';
import { SCREENS } from '../../src/islands/router/screens.ts';
import { patternRoutes } from '../../src/islands/router/route-table.ts';
import { I18N_PENDING_ATTRIBUTE } from '../../shared/constants.ts';

// Issue 26 item 5: every console page, freshly loaded in each language as an administrator, with
// no console error, no uncaught error (a hydration mismatch is one) and no failed request of the
// console's own. One profile for the whole walk, one seeded site with a content of each type.

process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'castanea-browser-walk-'));
const h = useHarness({ admin: 'walkadmin' });
afterAll(() => {
  delete process.env.DATA_DIR;
});

/**
 * Replies a walk expects (path part of the request's URL → why). None so far: the list is where an
 * expected 4xx/5xx would be named, with its reason, rather than hidden by a looser filter.
 */
const EXPECTED_FAILURES: ReadonlyArray<{ url: RegExp; status: number; why: string }> = [];

const TYPES = ['article', 'image', 'audio', 'video', 'book'] as const;
let api: CmsApi;
const ids: Record<string, number> = {};
let catalogId = 0;
let siteId = 0;
let jobId = 0;

beforeAll(async () => {
  api = await cmsApi(h, 'walkadmin', 'Secret123');
  siteId = await demoSiteId(h);
  const cat = byName(await api.ok('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'News' }));
  catalogId = cat.News!;
  for (const type of TYPES) ids[type] = (await api.ok('POST', `/cms/content?contentType=${type}`, { catalogId, title: `Walk ${type}`, author: 'Ann' })).contentId;
  await api.ok('POST', '/cms/book/chapter', { contentId: ids.book, title: 'First chapter', content: '<p>Once.</p>' });
  const jobs = await api.ok('GET', '/monitor/job/list?pageNum=1&pageSize=1');
  jobId = jobs?.rows?.[0]?.jobId ?? 1;
});

/** Each page with the query it needs to show something (an id of the seeded site). */
function pagesToWalk(): string[] {
  const withQuery: Record<string, string> = {
    '/cms/site/tabs': `?siteId=${siteId}`,
    '/cms/content/editorW': `?contentId=${ids.article}`,
    '/cms/file/editor': `?path=${encodeURIComponent('pc/template/index.template.html')}`,
    '/cms/template/editor': `?pipe=pc&path=${encodeURIComponent('index.template.html')}`,
    '/cms/preview': `?type=content&id=${ids.article}`,
    '/monitor/job-log': `?jobId=${jobId}`,
  };
  const screens = SCREENS.flatMap((s) =>
    // The content editor once per content type, and once for a new content.
    s.path === '/cms/content/editor' ? [...TYPES.map((type) => `${s.path}?contentId=${ids[type]}`), `${s.path}?catalogId=${catalogId}&contentType=article`] : [s.path + (withQuery[s.path] ?? '')],
  );
  // The permission-gated routes the client router draws (those with a screen).
  const gated = patternRoutes.filter((r) => r.load).map((r) => r.path.replace(/\/:\w+\(.*\)$/, '/1'));
  return [...OTHER_PAGES, ...screens, ...gated];
}
/** Pages under src/pages that are not in SCREENS. */
const OTHER_PAGES = ['/', '/index', '/docs', '/login', '/register', '/401', '/404', '/app-router', '/no-such-page'];

type Problem = string;

/** Listens to a page's console errors, uncaught errors and failed requests of the console's origin. */
function watch(page: Page, origin: string, where: () => string) {
  const problems: Problem[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`${where()}: console error: ${m.text().slice(0, 600)}`);
  });
  page.on('pageerror', (e) => problems.push(`${where()}: page error: ${e.message.slice(0, 4000)}`));
  page.on('response', (r) => {
    const url = new URL(r.url());
    if (url.origin !== origin || r.status() < 400) return;
    if (EXPECTED_FAILURES.some((x) => x.status === r.status() && x.url.test(url.pathname))) return;
    problems.push(`${where()}: ${r.status()} ${r.request().method()} ${url.pathname}${url.search}`);
  });
  page.on('requestfailed', (r) => {
    // A request the page itself gave up on as it moved on (or an aborted fetch) is not a failure.
    if (r.failure()?.errorText === 'net::ERR_ABORTED') return;
    if (new URL(r.url()).origin === origin) problems.push(`${where()}: request failed: ${r.url()} ${r.failure()?.errorText}`);
  });
  return problems;
}

/** Waits until the page has switched to its language, hydrated its islands and gone quiet. */
async function settle(page: Page) {
  await page.waitForFunction(
    (pending) => document.readyState === 'complete' && !document.documentElement.hasAttribute(pending) && !document.querySelector('astro-island[ssr][client="load"]'),
    I18N_PENDING_ATTRIBUTE,
    { timeout: 15_000 },
  );
  await page.waitForLoadState('networkidle');
}

describe('every console page in every language', () => {
  it('walks every page under src/pages (SCREENS covers the generated ones)', () => {
    const pagesDir = join(ROOT, 'src/pages');
    const files = (readdirSync(pagesDir, { recursive: true }) as string[]).filter((f) => f.endsWith('.astro') && !f.includes('['));
    const walked = new Set(pagesToWalk().map((p) => p.split('?')[0]));
    // index.astro is /, a folder's index.astro its folder.
    const route = (f: string) => `/${f.replace(/\.astro$/, '')}`.replace(/^\/index$/, '/').replace(/\/index$/, '');
    const missing = files.map(route).filter((p) => !walked.has(p));
    expect(missing).toEqual([]);
  });

  for (const lng of ['zh-CN', 'zh-TW', 'en']) {
    it(`loads every page in ${lng} with no error and no failed request`, async () => {
      const page = h.page;
      // A console page, not a bare file: Chromium asks a document without an icon of its own
      // (an SVG, say) for /favicon.ico, and that request may land in the walk of the first page.
      await page.goto(h.url('/admin/404'));
      await page.waitForLoadState('networkidle');
      await page.evaluate((l) => localStorage.setItem('language', l), lng);
      let at = '';
      const problems = watch(page, new URL(h.server.url).origin, () => `${lng} ${at}`);
      for (const path of pagesToWalk()) {
        at = path;
        await page.goto(h.url(`/admin${path === '/' ? '/' : path}`));
        await settle(page);
      }
      page.removeAllListeners('console');
      page.removeAllListeners('pageerror');
      page.removeAllListeners('response');
      page.removeAllListeners('requestfailed');
      expect(problems).toEqual([]);
    }, 600_000);
  }
});
