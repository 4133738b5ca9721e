// The publishing benchmark's workload (../shared/bench/publish): one synthetic site, the same
// bytes on every run. Generated once per machine into the temp folder and reused (its generator is
// deterministic; the cache is keyed by the generator's own bytes).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export interface BenchCatalog {
  id: number;
  slug: string;
  title: string;
  weight: number;
}

export interface BenchArticle {
  id: number;
  slug: string;
  catalog: string;
  title: string;
  summary: string;
  author: string;
  /** UTC, ISO without milliseconds */
  date: string;
  tags: string[];
  body: string;
}

export interface BenchSite {
  title: string;
  description: string;
  baseURL: string;
  catalogs: BenchCatalog[];
  articles: BenchArticle[];
}

/** Where the workload's generator is: BENCH_SITE_DATA, else the shared folder beside the checkout. */
export function generatorPath(): string {
  return resolve(process.env.BENCH_SITE_DATA ?? join(import.meta.dirname, '../../../shared/bench/publish/site-data.mjs'));
}

/** The workload's site.json, generated on first use (about 2 s, 45.6 MB). */
export function workloadFile(): string {
  const generator = generatorPath();
  if (!existsSync(generator)) throw new Error(`the benchmark's generator is not at ${generator} (set BENCH_SITE_DATA)`);
  const key = createHash('sha256').update(readFileSync(generator)).digest('hex').slice(0, 12);
  const dir = join(tmpdir(), `castanea-bench-publish-data-${key}`);
  const file = join(dir, 'data', 'site.json');
  if (!existsSync(file)) execFileSync(process.execPath, [generator, dir], { stdio: 'inherit' });
  return file;
}

export function readWorkload(file = workloadFile()): BenchSite {
  return JSON.parse(readFileSync(file, 'utf8')) as BenchSite;
}

/** A smaller site of the same shape: the first `catalogs` catalogs and `perCatalog` articles of each (tests). */
export function sliceOf(site: BenchSite, catalogs: number, perCatalog: number): BenchSite {
  const kept = site.catalogs.slice(0, catalogs);
  const slugs = new Set(kept.map((c) => c.slug));
  const counts = new Map<string, number>();
  const articles = site.articles.filter((a) => {
    if (!slugs.has(a.catalog)) return false;
    const n = (counts.get(a.catalog) ?? 0) + 1;
    counts.set(a.catalog, n);
    return n <= perCatalog;
  });
  return { ...site, catalogs: kept, articles };
}
