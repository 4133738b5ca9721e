// `node scripts/bench-templates.ts`: the template engine alone on the publishing benchmark's site
// (../shared/bench/publish: 50 catalogs, 10,000 articles, 10,501 pages). Loads the site straight
// into an in-memory PGlite, writes templates of our tag library that produce the benchmark's
// markup, then renders every page through the rendering API (database reads included, no file
// writes) and prints pages/s and peak RSS. The full publish benchmark (files, queue) is
// `npm run bench:publish`; this one tells what rendering costs of it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createServer } from '../server/app.ts';
import { openDatabase } from '../server/db/client.ts';
import { cmsArticleDetail, cmsCatalog, cmsContent, cmsPublishPipe, cmsSite } from '../server/db/schema.ts';
import { templateRoot, writeTemplateFile } from '../server/modules/cms/template/store.ts';
import { BENCH_TEMPLATES } from './bench-publish/templates.ts';
import { openSession, sessionConfig } from '../server/modules/cms/template/session-open.ts';
import { contentPageNeeds, renderCatalogPage, renderContentPage, renderIndex } from '../server/modules/cms/template/render.ts';

interface BenchSite {
  title: string;
  description: string;
  catalogs: { id: number; slug: string; title: string; weight: number }[];
  articles: { id: number; catalog: string; title: string; summary: string; author: string; date: string; tags: string[]; body: string }[];
}

const generator = resolve(process.env.BENCH_SITE_DATA ?? '../shared/bench/publish/site-data.mjs');
const work = mkdtempSync(join(tmpdir(), 'castanea-bench-templates-'));
execFileSync(process.execPath, [generator, work], { stdio: 'inherit' });
const data = JSON.parse(readFileSync(join(work, 'data', 'site.json'), 'utf8')) as BenchSite;

const database = await openDatabase({ dataDir: 'memory://' });
const server = await createServer({ database, config: { dataDir: work, logRequests: false, rateLimits: false, captchaEnabled: false } });
const db = database.db;

const t0 = performance.now();
const [site] = await db.insert(cmsSite).values({ name: data.title, description: data.description, path: 'bench', publishPipeProps: { pc: { url: 'https://example.org/' } } }).returning();
await db.insert(cmsPublishPipe).values({ siteId: site!.siteId, code: 'pc', name: 'PC' });
const catalogIds = new Map<string, number>();
for (const c of data.catalogs) {
  const alias = c.slug.replace(/-/g, '_');
  const [row] = await db.insert(cmsCatalog).values({ siteId: site!.siteId, name: c.title, alias, path: `${alias}/`, ancestors: '', sortFlag: c.weight }).returning();
  await db.update(cmsCatalog).set({ ancestors: `${row!.catalogId}:` }).where((await import('drizzle-orm')).eq(cmsCatalog.catalogId, row!.catalogId));
  catalogIds.set(c.slug, row!.catalogId);
}
for (let i = 0; i < data.articles.length; i += 500) {
  const batch = data.articles.slice(i, i + 500);
  const rows = await db.insert(cmsContent).values(batch.map((a) => ({
    siteId: site!.siteId, catalogId: catalogIds.get(a.catalog)!, catalogAncestors: `${catalogIds.get(a.catalog)}:`, contentType: 'article', title: a.title,
    summary: a.summary, author: a.author, tags: a.tags, status: '30', publishDate: new Date(a.date), sortFlag: a.id,
  }))).returning({ contentId: cmsContent.contentId });
  await db.insert(cmsArticleDetail).values(rows.map((r, j) => ({ contentId: r.contentId, contentHtml: batch[j]!.body })));
}
// What autovacuum does on PostgreSQL after a bulk load; PGlite has none (see the README).
if (!process.env.BENCH_NO_ANALYZE) await db.execute((await import('drizzle-orm')).sql`analyze`);
const loaded = performance.now() - t0;

const root = templateRoot(work, 'bench', 'pc');
// The publish benchmark's templates, checked there against the reference markup.
for (const [name, source] of Object.entries(BENCH_TEMPLATES)) await writeTemplateFile(root, name, source, { create: true });

if (process.env.BENCH_EXPLAIN) {
  const { sql } = await import('drizzle-orm');
  const cid = [...catalogIds.values()][3];
  for (const q of [
    sql`explain analyze select content_id from cms_content where site_id = ${site!.siteId} and status = '30' and recycle_time is null and (publish_pipe = '[]'::jsonb or publish_pipe @> '["pc"]'::jsonb) and catalog_id in (${cid}) order by publish_date desc nulls last, content_id desc limit 20 offset 40`,
    sql`explain analyze select content_id from cms_content where site_id = ${site!.siteId} and status = '30' and recycle_time is null and catalog_id = ${cid} order by publish_date desc, content_id desc limit 20 offset 40`,
    sql`explain analyze select content_id from cms_content where site_id = ${site!.siteId} and recycle_time is null and content_id in (${sql.join(Array.from({ length: 200 }, (_, i) => sql`${i * 7 + 1}`), sql`, `)})`,
    sql`explain analyze select content_id from cms_content where recycle_time is null and content_id in (${sql.join(Array.from({ length: 200 }, (_, i) => sql`${i * 7 + 1}`), sql`, `)})`,
  ]) console.log(((await db.execute(q)) as unknown as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r)[0]).join('\n'));
}
const session = await openSession(db, site!.siteId, 'pc', sessionConfig(server.services));
// BENCH_PROFILE=<file.cpuprofile> profiles the rendering alone.
const profiler = process.env.BENCH_PROFILE ? new (await import('node:inspector/promises')).Session() : null;
if (profiler) {
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.start');
}
// BENCH_DETAIL=1 times the database rounds apart from rendering.
let dbMs = 0;
let rounds = 0;
if (process.env.BENCH_DETAIL) {
  for (const name of ['load', 'prefetchContents', 'contentRow'] as const) {
    const original = (session as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[name]!.bind(session);
    (session as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      const t = performance.now();
      try {
        return await original(...args);
      } finally {
        dbMs += performance.now() - t;
        rounds++;
      }
    };
  }
}
const mib = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MiB`;
const before = process.memoryUsage();
const start = performance.now();
let pages = 0;
let bytes = 0;
const count = (r: { html: string }) => {
  pages++;
  bytes += r.html.length;
};
const index = await renderIndex(session);
count(index);
// BENCH_SHOW=1 prints a home, list and article page to compare with the benchmark's markup.
if (process.env.BENCH_SHOW) console.log(index.html.slice(0, 3000));
for (const id of catalogIds.values()) {
  const first = await renderCatalogPage(session, id, 1);
  count(first);
  for (let n = 2; n <= first.pageTotal; n++) {
    const page = await renderCatalogPage(session, id, n);
    if (process.env.BENCH_SHOW && pages === 3) console.log(page.file, page.html.slice(0, 5000));
    count(page);
  }
}
const ids = (await db.select({ id: cmsContent.contentId }).from(cmsContent)).map((r) => r.id);
for (let i = 0; i < ids.length; i += 200) {
  const batch = ids.slice(i, i + 200);
  await session.prefetchContents(batch, (row) => contentPageNeeds(row));
  for (const id of batch) {
    const page = await renderContentPage(session, id);
    if (process.env.BENCH_SHOW && id === batch[0] && i === 0) console.log(page.file, page.html.slice(0, 4000));
    count(page);
  }
}
const seconds = (performance.now() - start) / 1000;
if (profiler) {
  const { profile } = await profiler.post('Profiler.stop');
  (await import('node:fs')).writeFileSync(process.env.BENCH_PROFILE!, JSON.stringify(profile));
}
const rss = process.resourceUsage().maxRSS / 1024;
const after = process.memoryUsage();
console.log(`memory before rendering: rss ${mib(before.rss)}, heap ${mib(before.heapUsed)}; after: rss ${mib(after.rss)}, heap ${mib(after.heapUsed)}`);
if (process.env.BENCH_DETAIL) console.log(`database: ${rounds} rounds, ${(dbMs / 1000).toFixed(2)} s`);
console.log(`loaded the site in ${(loaded / 1000).toFixed(1)} s`);
console.log(`rendered ${pages} pages (${(bytes / 1e6).toFixed(1)} MB of HTML) in ${seconds.toFixed(2)} s: ${(pages / seconds).toFixed(0)} pages/s, peak RSS ${rss.toFixed(0)} MiB`);
await server.close();
await database.close();
rmSync(work, { recursive: true, force: true });
