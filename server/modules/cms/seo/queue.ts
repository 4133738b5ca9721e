import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { cmsSite } from '../site/schema.ts';
import type { ChangedPage } from '../publish/pages.ts';
import { cmsPushJob } from './schema.ts';
import { targetsOf, type PushTarget } from './targets.ts';

/**
 * Records what to send for the pages a publish changed on one site (publish/drain.ts calls it as
 * a batch of tasks ends): per pipe and per target the site has switched on (IndexNow, Baidu, CDN),
 * the URLs in requests of the target's size. Only rows are written here; the push dispatcher
 * sends them. A site with nothing switched on gets no rows. `only`: these targets alone (a purge
 * or a push asked for by hand). Returns how many jobs were queued.
 */
export async function queuePushes(db: DbOrTx, siteId: number, pages: ChangedPage[], only?: readonly PushTarget[]): Promise<number> {
  if (!pages.length) return 0;
  const [site] = await db.select({ configProps: cmsSite.configProps }).from(cmsSite).where(eq(cmsSite.siteId, siteId));
  const targets = (site ? targetsOf(site.configProps) : []).filter((t) => !only || only.includes(t.target));
  if (!targets.length) return 0;
  const byPipe = new Map<string, { base: string; written: Set<string>; removed: Set<string> }>();
  for (const p of pages) {
    const key = `${p.pipeCode}\n${p.base}`;
    let pipe = byPipe.get(key);
    if (!pipe) byPipe.set(key, (pipe = { base: p.base, written: new Set(), removed: new Set() }));
    (p.removed ? pipe.removed : pipe.written).add(p.file);
  }
  const rows: (typeof cmsPushJob.$inferInsert)[] = [];
  for (const [key, pipe] of byPipe) {
    const pipeCode = key.slice(0, key.indexOf('\n'));
    for (const { target, batch, removed } of targets) {
      // A page removed then written again in one batch is live: it counts once, as written.
      const files = [...pipe.written, ...(removed ? [...pipe.removed].filter((f) => !pipe.written.has(f)) : [])];
      const urls = [...new Set(files.flatMap((f) => addressesOf(f, target)))].map((f) => pipe.base + f);
      for (let i = 0; i < urls.length; i += batch) rows.push({ siteId, target, pipeCode, base: pipe.base, urls: urls.slice(i, i + batch) });
    }
  }
  for (let i = 0; i < rows.length; i += 100) await db.insert(cmsPushJob).values(rows.slice(i, i + 100));
  return rows.length;
}

const INDEX_PAGE = /(^|\/)index\.[A-Za-z0-9]+$/;

/**
 * The addresses of a page file: an index page (`news/index.shtml`, the home page's `index.shtml`)
 * is known to search engines by its folder (`news/`, as the sitemap names it), and a CDN caches
 * both, so a purge names both; any other page is its file.
 */
export function addressesOf(file: string, target: PushTarget): string[] {
  if (!INDEX_PAGE.test(file)) return [file];
  const folder = file.replace(INDEX_PAGE, '$1');
  return target === 'cdn' ? [folder, file] : [folder];
}
