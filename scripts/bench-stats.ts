// `npm run bench:stats`: the site statistics (issue 32 item 1), two parts. Design: docs/statistics.md.
//
// 1. The beacon over HTTP: the server (PGlite in memory unless DATABASE_URL) with its sites' port on
//    a real port, one site with published contents, and the load generator of bench:public
//    (bench-public/load.ts, a thread of its own) sending the readers' script's beacon — content,
//    list and home pages, with a mix of user agents, referrers and reader addresses — for
//    BENCH_SECONDS. Then the recorder's buffer is flushed and the raw events counted: every accepted
//    view must be one row (goal: 2,000 views/s, every one kept), and the rollup's day row must say so too.
// 2. The Statistics routes over BENCH_ROWS raw events (10 million on PostgreSQL, 200,000 on PGlite
//    unless set) generated with generate_series in SQL for one site over 30 days, rolled up by the
//    job's own code, then each route timed BENCH_REPEAT times through the API (goal: the slowest
//    answer under 200 ms; the routes read the aggregate tables only).
// Writes bench-stats.json; exits 1 when a count differs or a goal is missed. Knobs: BENCH_SECONDS
// (10), BENCH_CONCURRENCY (64), BENCH_ROWS, BENCH_REPEAT (5), BENCH_PARTS (beacon,routes).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { createServer, type CastaneaServer } from '../server/app.ts';
import { openDatabase, type Database } from '../server/db/client.ts';
import { executedRows } from '../server/db/rows.ts';
import { statRecorderOf } from '../server/modules/cms/stat/recorder.ts';
import { rollUp } from '../server/modules/cms/stat/rollup.ts';
import type { LoadJob, LoadRequest, LoadResult } from './bench-public/load.ts';
import { adminOnNewSite } from './bench-public/admin-api.ts';

const kind = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);
const ROWS = Number(process.env.BENCH_ROWS ?? (kind === 'postgres' ? 10_000_000 : 200_000));
const REPEAT = Number(process.env.BENCH_REPEAT ?? 5);
const PARTS = (process.env.BENCH_PARTS ?? 'beacon,routes').split(',');
const BEACON_GOAL = 2_000;
const ROUTE_GOAL_MS = 200;

const AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0',
  'Mozilla/5.0 (Linux; Android 13; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
];
const REFERRERS = ['', 'https://www.baidu.com/s?wd=chestnut', 'https://www.google.com/', 'https://www.bing.com/search?q=castanea', 'https://news.example.org/a', 'https://bench.site.test/list/'];

const signedIn = (server: CastaneaServer, database: Database) => adminOnNewSite(server, database, { name: 'Bench stats', path: 'benchstats' });

function load(job: LoadJob): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./bench-public/load.ts', import.meta.url), { workerData: job });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => code !== 0 && reject(new Error(`load generator exited with ${code}`)));
  });
}

/** Part 1: the beacon's accepted rate, and every accepted view a row. */
async function beaconPart(server: CastaneaServer, database: Database, api: Awaited<ReturnType<typeof signedIn>>) {
  const [catalog] = await api.api('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'News' });
  const contents: number[] = [];
  for (let i = 0; i < 50; i++) contents.push((await api.api('POST', '/cms/content?contentType=article', { catalogId: catalog.catalogId, title: `Story ${i}`, contentHtml: '<p>x</p>' })).contentId as number);
  await api.api('POST', '/cms/content/publish', { contentIds: contents });
  // 5,000 public-looking addresses, each well under the per-address cap at this rate.
  const requests: LoadRequest[] = [];
  for (let i = 0; i < 20_000; i++) {
    const n = i % 5_000;
    const page = i % 3 === 0 ? `&p=%2F` : i % 3 === 1 ? `&cid=${catalog.catalogId}&p=%2Fnews%2F` : `&cid=${catalog.catalogId}&id=${contents[i % contents.length]}&p=%2Fnews%2F${i % contents.length}.shtml`;
    const ref = REFERRERS[i % REFERRERS.length]!;
    requests.push({
      method: 'POST', path: `/api/stat/visit?sid=${api.siteId}${page}${ref ? `&r=${encodeURIComponent(ref)}` : ''}`, accepted: 204, tag: 'view',
      headers: { 'x-forwarded-for': `${1 + (n % 200)}.${(n >> 8) & 255}.${n & 255}.${(i % 7) + 1}`, 'user-agent': AGENTS[i % AGENTS.length]!, referer: 'https://bench.site.test/' },
    });
  }
  const address = await server.sites.listen({ port: 0, host: '127.0.0.1' });
  const cpuStart = process.cpuUsage();
  const r = await load({ base: new URL(address).href, requests, cycle: true, seconds: SECONDS, concurrency: CONCURRENCY });
  const cpu = process.cpuUsage(cpuStart);
  await statRecorderOf(server.services).flush();
  const [stored] = executedRows<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from cms_stat_event where site_id = ${api.siteId}`));
  await rollUp(database.db);
  const [day] = executedRows<{ pv: number }>(await database.db.execute(sql`select coalesce(sum(pv), 0)::int as pv from cms_stat_day where site_id = ${api.siteId}`));
  const perSecond = Math.round(r.total / r.seconds);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const ok = stored!.n === r.total && day!.pv === r.total && r.refused === 0 && perSecond >= BEACON_GOAL;
  console.log(`[${kind}] beacon: ${r.total.toLocaleString()} views accepted in ${r.seconds.toFixed(2)} s: ${perSecond.toLocaleString()} views/s (goal ${BEACON_GOAL.toLocaleString()}), ${Math.round(r.total / cpuSeconds).toLocaleString()} per CPU second; p50 ${r.p50} ms, p95 ${r.p95} ms; refused ${r.refused}`);
  console.log(`[${kind}] beacon: ${stored!.n.toLocaleString()} raw events stored, ${day!.pv.toLocaleString()} in the day rows: ${stored!.n === r.total && day!.pv === r.total ? 'every accepted view kept' : 'NOT equal to the accepted'}; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  return { ok, result: { accepted: r.total, seconds: +r.seconds.toFixed(2), perSecond, goal: BEACON_GOAL, stored: stored!.n, dayRows: day!.pv, refused: r.refused, latencyMs: { p50: r.p50, p95: r.p95, p99: r.p99 } } };
}

/** Part 2: ROWS generated events of a second site over 30 days, rolled up, then each route timed. */
async function routesPart(server: CastaneaServer, database: Database, api: Awaited<ReturnType<typeof signedIn>>) {
  const siteId = (await api.api('POST', '/cms/site', { name: 'Bench stats routes', path: 'benchstatsroutes' })).siteId as number;
  api.setSite(siteId);
  const [catalog] = await api.api('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'News' });
  const genStart = performance.now();
  // In chunks: one statement of 10 million rows would hold PGlite's memory for nothing.
  const CHUNK = 1_000_000;
  for (let from = 0; from < ROWS; from += CHUNK) {
    const to = Math.min(ROWS, from + CHUNK) - 1;
    await database.db.execute(sql`insert into cms_stat_event (site_id, at, content_id, catalog_id, path, entry, ref_host, source, engine, word, browser, os, device, country, visitor, addr)
      select ${siteId}, now() - ((g % 2592000) || ' seconds')::interval, null, ${catalog.catalogId}, '/page/' || (g % 5000), g % 3 = 0,
        case when g % 4 = 0 then 'www.baidu.com' when g % 4 = 1 then 'news.example.org' end,
        case when g % 4 = 0 then 'search' when g % 4 = 1 then 'site' else 'direct' end,
        case when g % 4 = 0 then 'baidu' end, case when g % 8 = 0 then 'word ' || (g % 300) end,
        (array['Chrome','Firefox','Safari','Edge'])[1 + g % 4], (array['Windows','iOS','Android','Linux','Mac OS'])[1 + g % 5], (array['desktop','mobile','tablet'])[1 + g % 3],
        (array['CN','TW','US','JP','DE'])[1 + g % 5], 'v' || (g % 200000), 'a' || (g % 150000)
      from generate_series(${from}::bigint, ${to}::bigint) g`);
  }
  const genMs = performance.now() - genStart;
  const rollStart = performance.now();
  await rollUp(database.db);
  const rollMs = performance.now() - rollStart;
  console.log(`[${kind}] routes: ${ROWS.toLocaleString()} raw events generated in ${(genMs / 1000).toFixed(1)} s, rolled up in ${(rollMs / 1000).toFixed(1)} s`);
  const routes = ['/cms/stat/site/overview', '/cms/stat/site/trend?granularity=day', '/cms/stat/site/trend?granularity=week', '/cms/stat/site/trend?granularity=month',
    `/cms/stat/site/trend?granularity=hour&beginTime=${new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10)}`,
    ...['source', 'engine', 'word', 'page', 'entry', 'catalog', 'browser', 'os', 'device', 'country'].map((d) => `/cms/stat/site/${d}`),
    '/cms/stat/contentStatByCatalog', '/cms/stat/contentStatByUser', '/cms/stat?pageSize=20'];
  const results = [];
  let ok = true;
  for (const url of routes) {
    const times: number[] = [];
    for (let i = 0; i < REPEAT; i++) {
      const t0 = performance.now();
      const res = await server.app.inject({ method: 'GET', url: `/prod-api${url}`, headers: { authorization: `Bearer ${api.token}`, currentsite: String(siteId) } });
      times.push(performance.now() - t0);
      if (res.json().code !== 200) throw new Error(`${url}: ${res.json().msg}`);
    }
    times.sort((a, b) => a - b);
    const median = +times[Math.floor(times.length / 2)]!.toFixed(1);
    const max = +times.at(-1)!.toFixed(1);
    ok &&= max < ROUTE_GOAL_MS;
    results.push({ url, medianMs: median, maxMs: max });
    console.log(`[${kind}] ${url}: median ${median} ms, slowest ${max} ms (goal < ${ROUTE_GOAL_MS} ms)`);
  }
  return { ok, result: { rows: ROWS, generateSeconds: +(genMs / 1000).toFixed(1), rollupSeconds: +(rollMs / 1000).toFixed(1), routes: results } };
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'castanea-bench-stats-'));
  const database = await openDatabase(kind === 'pglite' ? { dataDir: 'memory://' } : { databaseUrl: process.env.DATABASE_URL });
  const server = await createServer({ database, config: { dataDir, captchaEnabled: false, logRequests: false, rateLimits: true, trustProxy: true, publishWorker: false, previewThreads: 0, publishThreads: 0 } });
  const api = await signedIn(server, database);
  const out: Record<string, unknown> = { kind };
  let allOk = true;
  if (PARTS.includes('beacon')) {
    const b = await beaconPart(server, database, api);
    out.beacon = b.result;
    allOk &&= b.ok;
  }
  if (PARTS.includes('routes')) {
    const r = await routesPart(server, database, api);
    out.routes = r.result;
    allOk &&= r.ok;
  }
  writeFileSync('bench-stats.json', `${JSON.stringify(out, null, 2)}\n`);
  await server.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (!allOk) console.error('FAIL: a count differs or a goal was missed');
  process.exit(allOk ? 0 : 1);
}

await main();
