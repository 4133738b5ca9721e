import type { Page } from 'playwright-core';
import type { Harness } from './harness.ts';
import { byName, demoSiteId, type CmsApi } from './cms-api.ts';
import { SCREENS } from '../../src/islands/router/screens.ts';
import { patternRoutes } from '../../src/islands/router/route-table.ts';
import { I18N_PENDING_ATTRIBUTE } from '../../shared/constants.ts';

// The console's pages as the walk of every screen opens them (walk-every-screen.test.ts: errors,
// headings and axe in one walk): every declared screen (SCREENS), the router's permission-gated
// screens and the pages under src/pages that are not screens, each with the query it needs to
// show something of a seeded site.

export const CONTENT_TYPES = ['article', 'image', 'audio', 'video', 'book'] as const;

/** What the walks seed on the demo site: a catalog with a content of each type (the book with a chapter), and a job. */
export interface Seeded {
  siteId: number;
  catalogId: number;
  ids: Record<(typeof CONTENT_TYPES)[number], number>;
  jobId: number;
  /** a review workflow model with no draft yet (the designer draws its default diagram) */
  modelId: number;
}

export async function seedConsolePages(h: Harness, api: CmsApi): Promise<Seeded> {
  const siteId = await demoSiteId(h);
  const catalogId = byName(await api.ok('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'News' })).News!;
  const ids = {} as Seeded['ids'];
  for (const type of CONTENT_TYPES) ids[type] = (await api.ok('POST', `/cms/content?contentType=${type}`, { catalogId, title: `Walk ${type}`, author: 'Ann' })).contentId;
  await api.ok('POST', '/cms/book/chapter', { contentId: ids.book, title: 'First chapter', content: '<p>Once.</p>' });
  const jobs = await api.ok('GET', '/monitor/job/list?pageNum=1&pageSize=1');
  const { modelId } = await api.ok('POST', '/workflow/model', { modelKey: 'walk_review', name: 'Walk review' });
  return { siteId, catalogId, ids, jobId: jobs?.rows?.[0]?.jobId ?? 1, modelId };
}

/** A page to open: `name` stays the same from run to run (no ids), `path` is below /admin. */
export interface ConsolePage {
  name: string;
  path: string;
}

/** Every screen (SCREENS and the gated routes the client router draws), with the query it needs. */
export function screenPages(seed: Seeded): ConsolePage[] {
  const withQuery: Record<string, string> = {
    '/cms/site/tabs': `?siteId=${seed.siteId}`,
    '/cms/content/editorW': `?contentId=${seed.ids.article}`,
    '/cms/file/editor': `?path=${encodeURIComponent('pc/template/index.template.html')}`,
    '/cms/template/editor': `?pipe=pc&path=${encodeURIComponent('index.template.html')}`,
    '/cms/preview': `?type=content&id=${seed.ids.article}`,
    '/monitor/job-log': `?jobId=${seed.jobId}`,
    '/workflow/model/design': `?modelId=${seed.modelId}`,
  };
  const screens = SCREENS.flatMap((s): ConsolePage[] =>
    // The content editor once per content type, and once for a new content.
    s.path === '/cms/content/editor'
      ? [
          ...CONTENT_TYPES.map((type) => ({ name: `${s.path} (${type})`, path: `${s.path}?contentId=${seed.ids[type]}` })),
          { name: `${s.path} (new)`, path: `${s.path}?catalogId=${seed.catalogId}&contentType=article` },
        ]
      : [{ name: s.path, path: s.path + (withQuery[s.path] ?? '') }],
  );
  // The permission-gated routes the client router draws (those with a screen).
  const gated = patternRoutes.filter((r) => r.load).map((r) => r.path.replace(/\/:\w+\(.*\)$/, '/1')).map((path) => ({ name: path, path }));
  return [...screens, ...gated];
}

/** Pages under src/pages that are not in SCREENS. */
export const OTHER_PAGES = ['/', '/index', '/docs', '/login', '/register', '/401', '/404', '/app-router', '/no-such-page'];

/** The console's address of a page path ('/' is the console's root). */
export const adminPath = (path: string) => `/admin${path === '/' ? '/' : path}`;

/** Waits until the page has switched to its language, hydrated its islands and gone quiet. */
export async function settle(page: Page) {
  await page.waitForFunction(
    (pending) => document.readyState === 'complete' && !document.documentElement.hasAttribute(pending) && !document.querySelector('astro-island[ssr][client="load"]'),
    I18N_PENDING_ATTRIBUTE,
    { timeout: 15_000 },
  );
  await page.waitForLoadState('networkidle');
}
