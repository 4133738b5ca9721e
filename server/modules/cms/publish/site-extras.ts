import { lstat, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { ContentStatus } from '../../../../shared/cms/content.ts';
import { pipePropsWithDefaults } from '../../../../shared/cms/pipe-props.ts';
import { INDEXNOW_KEY_PATTERN, withDefaults } from '../../../../shared/cms/site-config.ts';
import { cmsContent } from '../content/schema.ts';
import { staticRoot } from '../file/roots.ts';
import type { RenderSession } from '../template/session.ts';
import { checkOutputPath, type PublishOutput } from './output.ts';
import { catalogHasPages, emptyOutcome, failureOf, type PipeOutcome } from './pages.ts';
import type { PublishHost } from './worker-types.ts';

/**
 * What a site publish writes besides pages: the pipe's static files (DATA_DIR/sites/<path>/static/
 * <pipe>/, the file manager's css, js, images…) copied into the pipe's output, the pipe's
 * sitemaps when the site enables them, a robots.txt when the static files bring none, and the
 * IndexNow key file when the site pushes through IndexNow (SEO settings).
 */
export async function publishSiteExtras(host: PublishHost, session: RenderSession, out: PublishOutput, _isDefault: boolean): Promise<PipeOutcome> {
  const outcome = emptyOutcome();
  const statics = staticRoot(host.config.dataDir, session.site.path, session.pipeCode);
  await copyStatics(statics, out, outcome, session.pipeCode);
  const sitemap = pipePropsWithDefaults(session.site.publishPipeProps[session.pipeCode]).enableSitemap === 'Y';
  try {
    if (sitemap) await writeSitemaps(host, session, out, outcome);
    else await removeSitemaps(statics, out, outcome);
  } catch (err) {
    outcome.failures.push(failureOf(err, session.pipeCode, 'sitemap.xml'));
  }
  try {
    await writeRobots(statics, session, out, outcome, sitemap);
  } catch (err) {
    outcome.failures.push(failureOf(err, session.pipeCode, 'robots.txt'));
  }
  await writeIndexNowKey(session, out, outcome);
  return outcome;
}

/**
 * IndexNow's proof that the site owns its key: a text file named after the key, holding it, at
 * the pipe's root (the folder whose pages the key may push). Written when IndexNow is on, so a
 * push never names a key file the site does not serve.
 */
async function writeIndexNowKey(session: RenderSession, out: PublishOutput, outcome: PipeOutcome) {
  const seo = withDefaults(session.site.configProps, 'seo');
  const key = seo.IndexNowKey ?? '';
  if (seo.IndexNowEnabled !== 'Y' || !INDEXNOW_KEY_PATTERN.test(key)) return;
  try {
    if (await out.write(`${key}.txt`, key)) outcome.written++;
    else outcome.unchanged++;
  } catch (err) {
    outcome.failures.push(failureOf(err, session.pipeCode, `${key}.txt`));
  }
}

/**
 * robots.txt at the pipe's root (where a site read by its own domain has it): every crawler may
 * read everything, and the sitemap index is named when the pipe writes one. A robots.txt among
 * the pipe's static files is the site's own and is published instead (copyStatics).
 */
async function writeRobots(statics: string, session: RenderSession, out: PublishOutput, outcome: PipeOutcome, sitemap: boolean) {
  if (await lstat(join(statics, 'robots.txt')).then(() => true, () => false)) return;
  const base = session.links.siteLink;
  const lines = ['User-agent: *', 'Allow: /'];
  // A sitemap is named by an absolute address.
  if (sitemap && /^https?:\/\//.test(base)) lines.push('', `Sitemap: ${base}sitemap.xml`);
  if (await out.write('robots.txt', `${lines.join('\n')}\n`)) outcome.written++;
  else outcome.unchanged++;
}

/** Static files, written when changed; symbolic links and names a page could not have are left out. */
async function copyStatics(root: string, out: PublishOutput, outcome: PipeOutcome, pipeCode: string, rel = '') {
  const entries = await readdir(join(root, rel), { withFileTypes: true }).catch(() => []);
  for (const e of entries) {
    const file = rel ? `${rel}/${e.name}` : e.name;
    try {
      checkOutputPath(file);
    } catch {
      continue;
    }
    const st = await lstat(join(root, file)).catch(() => null);
    if (!st || st.isSymbolicLink()) continue;
    if (st.isDirectory()) await copyStatics(root, out, outcome, pipeCode, file);
    else if (st.isFile()) {
      try {
        if (await out.write(file, await readFile(join(root, file)))) outcome.written++;
        else outcome.unchanged++;
      } catch (err) {
        outcome.failures.push(failureOf(err, pipeCode, file));
      }
    }
  }
}

/** A pipe whose sitemaps are switched off loses those it wrote (a file of the same name among its static files is the site's own, and stays). */
async function removeSitemaps(statics: string, out: PublishOutput, outcome: PipeOutcome) {
  const own = async (name: string) => lstat(join(statics, name)).then(() => true, () => false);
  for (const name of ['sitemap.xml', 'sitemapindex.xml']) {
    if (!(await own(name)) && (await out.exists(name))) {
      await out.remove(name);
      outcome.removed++;
    }
  }
  for (let n = 1; (await out.exists(`sitemap_${n}.xml`)) && !(await own(`sitemap_${n}.xml`)); n++) {
    await out.remove(`sitemap_${n}.xml`);
    outcome.removed++;
  }
}

/** A sitemap's content: id, catalog, static path, redirect, pipes, last change as yyyy-MM-dd (UTC). */
type SitemapRow = [number, number, string | null, string | null, string[], string | null];

/**
 * The site's published contents with pages, as one JSON text: a site's sitemap reads all of them
 * on every publish that rewrites its home page, and PGlite turns 10,000 rows into values in
 * ~80 ms where it hands over one text in ~30.
 */
async function sitemapRows(host: PublishHost, siteId: number): Promise<SitemapRow[]> {
  const [row] = await host.db.select({
    json: sql<string>`coalesce(json_agg(json_build_array(${cmsContent.contentId}, ${cmsContent.catalogId}, ${cmsContent.staticPath}, ${cmsContent.redirectUrl},
      ${cmsContent.publishPipe}, to_char(coalesce(${cmsContent.updateTime}, ${cmsContent.publishDate}) at time zone 'UTC', 'YYYY-MM-DD')) order by ${cmsContent.contentId}), '[]')::text`,
  }).from(cmsContent)
    .where(and(eq(cmsContent.siteId, siteId), eq(cmsContent.status, ContentStatus.PUBLISHED), isNull(cmsContent.recycleTime), eq(cmsContent.linkFlag, 'N')));
  return JSON.parse(row?.json ?? '[]') as SitemapRow[];
}

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const day = (d: Date | null | undefined) => (d ? new Date(d).toISOString().slice(0, 10) : null);

/**
 * sitemap_1.xml… with `sitemapUrlLimit` addresses each (50,000 at most, the protocol's limit):
 * the home page, the catalogs with pages, the published contents with pages in this pipe; a
 * content's lastmod is its update (or publish) date, a catalog's its newest content's. Then the
 * index of those files twice: sitemapindex.xml (cms-heart §1.1's name, as ChestnutCMS writes it)
 * and sitemap.xml, the name crawlers and robots.txt look for — which is the one urlset itself
 * when the pipe's addresses fit in one file.
 */
async function writeSitemaps(host: PublishHost, session: RenderSession, out: PublishOutput, outcome: PipeOutcome) {
  const links = session.links;
  const base = links.siteLink;
  const limit = Math.max(1, Math.min(50_000, Number(pipePropsWithDefaults(session.site.publishPipeProps[session.pipeCode]).sitemapUrlLimit) || 5000));
  const urls: { loc: string; lastmod: string | null }[] = [{ loc: base, lastmod: day(new Date()) }];
  const catalogs = [...session.catalogs.byId.values()].filter((c) => catalogHasPages(c) && (c as { visibleFlag?: string }).visibleFlag !== 'N')
    .sort((a, b) => a.catalogId - b.catalogId);
  const catalogUrls = new Map(catalogs.map((c) => [c.catalogId, { loc: `${base}${c.path}`, lastmod: null as string | null }]));
  urls.push(...catalogUrls.values());
  const rows = await sitemapRows(host, session.siteId);
  for (const [contentId, catalogId, staticPath, redirectUrl, publishPipe, lastmod] of rows) {
    if (publishPipe.length && !publishPipe.includes(session.pipeCode)) continue;
    const r = { contentId, catalogId, staticPath, linkFlag: 'N', redirectUrl };
    const catalog = session.catalogs.get(r.catalogId);
    if (!catalog || !catalogHasPages(catalog)) continue;
    try {
      urls.push({ loc: base + links.contentFile(r, catalog), lastmod });
      // ISO dates compare as strings.
      const c = catalogUrls.get(r.catalogId);
      if (c && lastmod && (!c.lastmod || lastmod > c.lastmod)) c.lastmod = lastmod;
    } catch {
      // a content whose static path is refused has no page, so no address either
    }
  }
  const files: string[] = [];
  const put = async (name: string, xml: string) => {
    if (await out.write(name, xml)) outcome.written++;
    else outcome.unchanged++;
  };
  let single = '';
  for (let i = 0; i < urls.length; i += limit) {
    const name = `sitemap_${files.length + 1}.xml`;
    files.push(name);
    const body = urls.slice(i, i + limit).map((u) => `<url><loc>${xmlEscape(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}</url>`).join('\n');
    single = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
    await put(name, single);
  }
  // Sitemaps left from a larger site go.
  for (let n = files.length + 1; await out.exists(`sitemap_${n}.xml`); n++) {
    await out.remove(`sitemap_${n}.xml`);
    outcome.removed++;
  }
  const entries = files.map((f) => `<sitemap><loc>${xmlEscape(base + f)}</loc></sitemap>`).join('\n');
  const index = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</sitemapindex>\n`;
  await put('sitemapindex.xml', index);
  await put('sitemap.xml', files.length === 1 ? single : index);
}
