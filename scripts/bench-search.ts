// `npm run bench:search`: the search index at scale (issue 30, "Speed"). On a fresh PGlite database
// (and a fresh PostgreSQL database when DATABASE_URL is set): one site of 20 catalogs (5 with 3
// children each), CONTENTS published articles generated from a fixed seed (titles and ~2 KB bodies
// mixing Chinese, some of it in traditional characters, and English), written to the content tables
// (timed apart), then indexed by the site's index rebuild, the console's "rebuild index" (rebuild.ts:
// beginRebuild + runRebuild: analysis on every core, tsvector, upsert, VACUUM ANALYZE), timed: contents/s. Then the index's size, and query times through searchContents (what the console
// and the public search call: analysis, ranking, highlights) for one-word, two-word and phrase queries
// in both languages, with and without a catalog filter (with its children): p50 and p95 over
// QUERIES queries each. Prints a table per database; writes bench-search.json.
// Options (environment): BENCH_CONTENTS (100000), BENCH_QUERIES (200 per kind), BENCH_DB=pglite|postgres|both (both when DATABASE_URL is set),
// BENCH_KEEP=1 (keep the databases: the PostgreSQL one and the PGlite folder, their names printed), BENCH_REUSE=<PGlite folder or
// postgres:// URL a kept run printed> (time the queries on it again, without building), BENCH_SQL=<statements; …> (run before the
// rebuild: to try a setting, e.g. a column's storage), BENCH_MARKS=<file> (the rebuild's start and end written there, in µs of the
// clock `node --cpu-prof` profiles use, to read only the rebuild's samples).
// Besides contents/s the build prints its CPU time a content (process.cpuUsage: every thread, the analysis pool's too): on a
// machine shared with other work it moves less than the rate (the rebuild is bound by its two cores), yet still moves: the same
// code gave 2.4–4.4 ms at loads of 3–10 on 2 cores. Compare in alternating runs; trust it only on a quiet machine.
process.env.TZ = 'UTC';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { createServer } from '../server/app.ts';
import { openDatabase } from '../server/db/client.ts';
import { executedRows } from '../server/db/rows.ts';
import { sysUser } from '../server/modules/system/schema.ts';
import { cmsArticleDetail, cmsContent } from '../server/modules/cms/content/schema.ts';
import { cmsCatalog } from '../server/modules/cms/catalog/schema.ts';
import { beginRebuild, runRebuild } from '../server/modules/cms/search/rebuild.ts';
import { searchContents } from '../server/modules/cms/search/query.ts';
import { loadAnalyzer } from '../server/modules/cms/search/analyzer.ts';
import { freshPostgres } from './bench-publish/postgres.ts';
import { BENCH_WORDS_EN, BENCH_WORDS_ZH, BENCH_WORDS_ZH_TW } from './bench-search/vocabulary.ts';

const CONTENTS = Number(process.env.BENCH_CONTENTS ?? 100_000);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 200);
/** Contents written per transaction. */
const BATCH = 500;

/** A small deterministic generator (mulberry32): the same corpus on every run and database. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Zipf-like pick: low ranks far more often, as words are in real text (so queries meet both common and rare words). */
function zipf(rnd: () => number, n: number): number {
  return Math.min(n - 1, Math.floor(Math.pow(n + 1, rnd()) - 1));
}

function sentence(rnd: () => number): string {
  const zh = rnd() < 0.6;
  const words: string[] = [];
  const n = zh ? 6 + Math.floor(rnd() * 8) : 8 + Math.floor(rnd() * 10);
  // One sentence in ten of the Chinese ones is written in traditional characters (Taiwan usage).
  const tw = zh && rnd() < 0.1;
  for (let i = 0; i < n; i++) {
    const k = zipf(rnd, zh ? BENCH_WORDS_ZH.length : BENCH_WORDS_EN.length);
    words.push(zh ? (tw ? BENCH_WORDS_ZH_TW[k]! : BENCH_WORDS_ZH[k]!) : BENCH_WORDS_EN[k]!);
  }
  return zh ? `${words.join('')}。` : `${words.join(' ').replace(/^./, (c) => c.toUpperCase())}. `;
}

function article(rnd: () => number) {
  const title = sentence(rnd).replace(/[。. ]+$/, '').slice(0, 60);
  const paragraphs: string[] = [];
  let size = 0;
  while (size < 2000) {
    let p = '';
    for (let s = 0; s < 4; s++) p += sentence(rnd);
    paragraphs.push(`<p>${p}</p>`);
    size += p.length;
  }
  return { title, html: paragraphs.join('\n') };
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

interface QueryKind { name: string; queries: string[]; catalog: boolean }

function queryKinds(rnd: () => number): QueryKind[] {
  // Words from the first few thousand ranks: common enough to match many contents, as readers' queries do.
  const zh = () => BENCH_WORDS_ZH[zipf(rnd, 2000)]!;
  const en = () => BENCH_WORDS_EN[zipf(rnd, 2000)]!;
  const twOf = () => BENCH_WORDS_ZH_TW[zipf(rnd, 2000)]!;
  // Words of a site's own subjects: ranks past the commonest 2,000 (each in about 0.1–2 % of the contents).
  const zhUncommon = () => BENCH_WORDS_ZH[2000 + Math.floor(rnd() * (BENCH_WORDS_ZH.length - 2000))]!;
  const enUncommon = () => BENCH_WORDS_EN[1000 + Math.floor(rnd() * (BENCH_WORDS_EN.length - 1000))]!;
  const many = (f: () => string) => Array.from({ length: QUERIES }, f);
  const base: [string, () => string][] = [
    ['zh one word', zh],
    ['zh one uncommon word', zhUncommon],
    ['zh two words', () => `${zh()} ${zh()}`],
    ['zh phrase', () => `"${zh()}${zh()}"`],
    ['zh-TW one word (finds simplified)', twOf],
    ['en one word', en],
    ['en one uncommon word', enUncommon],
    ['en two words', () => `${en()} ${en()}`],
    ['en phrase', () => `"${en()} ${en()}"`],
    ['mixed zh + en', () => `${zh()} ${en()}`],
  ];
  return base.flatMap(([name, f]) => [{ name, queries: many(f), catalog: false }, { name: `${name}, catalog + children`, queries: many(f), catalog: true }]);
}

async function benchOne(kind: 'pglite' | 'postgres', databaseUrl?: string, reuse?: string) {
  const dataDir = reuse && kind === 'pglite' ? reuse : mkdtempSync(join(tmpdir(), 'castanea-bench-search-'));
  const database = await openDatabase(kind === 'pglite' ? { dataDir: join(dataDir, 'db') } : { databaseUrl });
  const server = await createServer({
    database,
    config: { dataDir, captchaEnabled: false, logRequests: false, rateLimits: false, publishWorker: false, previewThreads: 0, publishThreads: 0 },
  });
  try {
    const { db } = database;
    await db.update(sysUser).set({ forceModifyPassword: 'N' }).where(eq(sysUser.userName, 'admin'));
    const token = (await server.app.inject({ method: 'POST', url: '/prod-api/login', payload: { username: 'admin', password: 'admin123' } })).json().data as string;
    const api = async (method: string, url: string, siteId: number, body?: unknown) => {
      const res = await server.app.inject({ method: method as never, url: `/prod-api${url}`, payload: body as never, headers: { authorization: `Bearer ${token}`, currentsite: String(siteId), repeatsubmit: 'false', 'content-type': 'application/json' } });
      const json = res.json();
      if (json.code !== 200) throw new Error(`${method} ${url}: ${json.msg}`);
      return json.data;
    };
    const built = reuse ? executedRows<{ siteId: number }>(await db.execute(sql`select site_id as "siteId" from cms_site where path = 'benchsearch'`))[0] : undefined;
    if (reuse && !built) throw new Error(`no bench site in ${reuse}`);
    const siteId = built ? Number(built.siteId) : (await api('POST', '/cms/site', 0, { name: 'Bench search', path: 'benchsearch' })).siteId as number;
    const tops: number[] = built ? executedRows<{ id: number }>(await db.execute(sql`select catalog_id as id from cms_catalog where site_id = ${siteId} and parent_id = 0 order by catalog_id`)).map((r) => Number(r.id)) : [];
    const leaves: number[] = [];
    for (let i = 0; !built && i < 5; i++) {
      const top = (await api('POST', '/cms/catalog', siteId, { name: `Top ${i}`, alias: `top${i}`, path: `top${i}/`, catalogType: 'common' })).catalogId as number;
      tops.push(top);
      for (let j = 0; j < 3; j++) leaves.push((await api('POST', '/cms/catalog', siteId, { parentId: top, name: `Leaf ${i}.${j}`, alias: `leaf${i}x${j}`, path: `top${i}/leaf${j}/`, catalogType: 'common' })).catalogId as number);
    }
    const catalogs = [...tops, ...leaves];
    const ancestors = new Map((await db.select({ id: cmsCatalog.catalogId, a: cmsCatalog.ancestors }).from(cmsCatalog).where(eq(cmsCatalog.siteId, siteId))).map((r) => [r.id, r.a]));
    await loadAnalyzer();

    const rnd = random(20261129);
    const started = performance.now();
    const day = 86_400_000;
    for (let done = 0; !built && done < CONTENTS; done += BATCH) {
      const n = Math.min(BATCH, CONTENTS - done);
      const batch = Array.from({ length: n }, (_, i) => {
        const a = article(rnd);
        const catalogId = catalogs[zipf(rnd, catalogs.length)]!;
        return { ...a, catalogId, publishDate: new Date(Date.UTC(2026, 0, 1) + ((done + i) % 1000) * day / 3) };
      });
      await db.transaction(async (tx) => {
        const ids = await tx.insert(cmsContent).values(batch.map((b) => ({
          siteId, catalogId: b.catalogId, catalogAncestors: ancestors.get(b.catalogId)!, contentType: 'article', title: b.title, status: '30', publishDate: b.publishDate,
          summary: b.html.slice(3, 120).replace(/<[^>]*>/g, ''), author: 'Bench',
        }))).returning({ id: cmsContent.contentId });
        await tx.insert(cmsArticleDetail).values(ids.map((r, i) => ({ contentId: r.id, contentHtml: batch[i]!.html })));
      });
      if ((done / BATCH) % 20 === 0) process.stdout.write(`\r[${kind}] ${(done + n).toLocaleString()} / ${CONTENTS.toLocaleString()} written`);
    }
    const writeSeconds = (performance.now() - started) / 1000;
    process.stdout.write('\n');
    // The index build: the site's rebuild, as the console starts it (its own task there).
    for (const stmt of (process.env.BENCH_SQL ?? '').split(';').filter((x) => x.trim())) await db.execute(sql.raw(stmt));
    const rebuildStarted = performance.now();
    // CPU time of the whole process (the analysis pool's threads included): steadier than the rate
    // on a machine other work shares (see above).
    const cpuBefore = process.cpuUsage();
    const markStart = process.hrtime.bigint() / 1000n;
    if (!built) {
      await beginRebuild(db, siteId, 'bench');
      await runRebuild(db, siteId, { signal: new AbortController().signal, progress: (_p, m) => process.stdout.write(`\r[${kind}] ${m ?? ''} indexed${' '.repeat(10)}`) });
    }
    const totalSeconds = (performance.now() - rebuildStarted) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    if (process.env.BENCH_MARKS) writeFileSync(process.env.BENCH_MARKS, `${markStart} ${process.hrtime.bigint() / 1000n}`);
    const buildCpuMsPerContent = built ? null : (cpu.user + cpu.system) / 1000 / CONTENTS;
    const buildLoad = loadavg()[0]!;
    process.stdout.write('\n');
    if (!built) await db.execute(sql`analyze cms_search_index`);
    const size = executedRows<{ table: string; gin: string }>(await db.execute(sql`select pg_size_pretty(pg_total_relation_size('cms_search_index')) as "table", pg_size_pretty(pg_relation_size('cms_search_index_tsv_idx')) as gin`))[0]!;
    const indexed = Number(executedRows<{ n: number }>(await db.execute(sql`select count(*)::int as n from cms_search_index`))[0]!.n);
    if (!built && indexed !== CONTENTS) throw new Error(`indexed ${indexed}, expected ${CONTENTS}`);

    const qr = random(7);
    const results: { kind: string; p50: number; p95: number; hitsMedian: number }[] = [];
    for (const k of queryKinds(qr)) {
      const times: number[] = [];
      const hits: number[] = [];
      // Two warm-up queries: the first loads the site's words and the analyzer's caches.
      for (const q of [...k.queries.slice(0, 2), ...k.queries]) {
        const t = performance.now();
        const r = await searchContents(db, { siteId, q, page: 1, size: 10, ...(k.catalog ? { catalogId: tops[zipf(qr, tops.length)]!, includeChildren: true } : {}) });
        times.push(performance.now() - t);
        hits.push(r.total);
      }
      times.splice(0, 2);
      hits.splice(0, 2);
      process.stdout.write(`\r[${kind}] ${k.name}: p95 ${pct(times, 95).toFixed(1)} ms${' '.repeat(20)}`);
      results.push({ kind: k.name, p50: pct(times, 50), p95: pct(times, 95), hitsMedian: pct(hits, 50) });
    }
    return {
      database: kind, contents: indexed, buildSeconds: totalSeconds, buildRate: CONTENTS / totalSeconds, buildCpuMsPerContent, buildLoad,
      writeSeconds, writeRate: CONTENTS / writeSeconds, tableSize: size.table, ginSize: size.gin, queries: results,
    };
  } finally {
    await server.close();
    if (process.env.BENCH_KEEP || reuse) console.log(`\nkept ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
}

function print(r: Awaited<ReturnType<typeof benchOne>>) {
  console.log(`\n[${r.database}] ${r.contents.toLocaleString()} contents: index built (rebuild) in ${r.buildSeconds.toFixed(1)} s = ${Math.round(r.buildRate).toLocaleString()} contents/s${r.buildCpuMsPerContent === null ? '' : `, ${r.buildCpuMsPerContent.toFixed(2)} ms of CPU a content (all threads), load ${r.buildLoad.toFixed(1)} at its end`} (the contents written before: ${r.writeSeconds.toFixed(1)} s, ${Math.round(r.writeRate).toLocaleString()}/s); cms_search_index ${r.tableSize}, its GIN index ${r.ginSize}`);
  console.log('| query | p50 ms | p95 ms | results (median) |\n| --- | ---: | ---: | ---: |');
  for (const q of r.queries) console.log(`| ${q.kind} | ${q.p50.toFixed(1)} | ${q.p95.toFixed(1)} | ${q.hitsMedian.toLocaleString()} |`);
}

async function main() {
  console.log(`${cpus().length} cores, load ${loadavg().map((x) => x.toFixed(1)).join(' ')}; ${CONTENTS.toLocaleString()} contents, ${QUERIES} queries per kind`);
  const reuse = process.env.BENCH_REUSE;
  const which = reuse ? (reuse.startsWith('postgres') ? 'postgres' : 'pglite') : process.env.BENCH_DB ?? (process.env.DATABASE_URL ? 'both' : 'pglite');
  const out = [];
  if (which !== 'postgres') {
    const r = await benchOne('pglite', undefined, reuse);
    print(r);
    out.push(r);
  }
  if (which !== 'pglite' && reuse) {
    const r = await benchOne('postgres', reuse, reuse);
    print(r);
    out.push(r);
  } else if (which !== 'pglite') {
    const pg = await freshPostgres();
    if (!pg) throw new Error('BENCH_DB=postgres needs DATABASE_URL');
    try {
      const r = await benchOne('postgres', pg.url);
      print(r);
      out.push(r);
    } finally {
      // BENCH_KEEP=1 keeps the database to study its queries (psql, EXPLAIN ANALYZE).
      if (process.env.BENCH_KEEP) console.log(`kept ${pg.url}`);
      else await pg.drop();
    }
  }
  writeFileSync('bench-search.json', JSON.stringify({ date: new Date().toISOString(), load: loadavg(), results: out }, null, 1));
}

await main();
process.exit(0);
