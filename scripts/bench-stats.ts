// `npm run bench:stats`: the site statistics (issue 32 item 1), two parts. Design: docs/statistics.md.
//
// 1. The beacon over HTTP: the server (PGlite in memory unless DATABASE_URL) with its sites' port on
//    a real port, one site with published contents, and the load generator of bench:public
//    (bench-public/load.ts, a thread of its own) sending the readers' script's beacon — content,
//    list and home pages, with a mix of user agents, referrers and reader addresses — for
//    BENCH_SECONDS. Then the recorder's buffer is flushed and the raw events counted: every accepted
//    view must be one row (goal: 2,000 views/s, every one kept), and the rollup's day row must say so too.
// 2. The Statistics routes over BENCH_ROWS raw events (10 million on PostgreSQL, 200,000 on PGlite
//    unless set) of one site with 40 catalogs and BENCH_CONTENTS (20,000) contents, spread over
//    BENCH_DAYS (90) days with skewed pages, words, referrers, agents and regions, generated in SQL a
//    day a statement (each a short transaction of its own), rolled up by the job's own code (a
//    transaction a site-day), then every route timed BENCH_REPEAT times through the API, p50 and p95
//    (goal: p95 under 200 ms; the routes read the aggregate tables, the visit log its latest 10,000 events).
// On PostgreSQL each run has a fresh database of DATABASE_URL's server, dropped after (BENCH_KEEP=1
// keeps it). Writes bench-stats.json; exits 1 when a count differs or a goal is missed. Knobs:
// BENCH_SECONDS (10), BENCH_CONCURRENCY (64), BENCH_ROWS, BENCH_DAYS, BENCH_CONTENTS, BENCH_REPEAT
// (20), BENCH_PARTS (beacon,routes).
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
import { STAT_DIMS } from '../shared/stats/stat.ts';
import { freshPostgres } from './bench-publish/postgres.ts';
import { schedulerFor } from '../server/modules/job/scheduler.ts';
import type { LoadJob, LoadRequest, LoadResult } from './bench-public/load.ts';
import { adminOnNewSite } from './bench-public/admin-api.ts';

const kind = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);
const ROWS = Number(process.env.BENCH_ROWS ?? (kind === 'postgres' ? 10_000_000 : 200_000));
const REPEAT = Number(process.env.BENCH_REPEAT ?? 20);
const DAYS = Number(process.env.BENCH_DAYS ?? 90);
const CONTENTS = Number(process.env.BENCH_CONTENTS ?? 20_000);
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

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/**
 * Part 2's site: 40 catalogs and CONTENTS published contents (straight in SQL, as bench:api
 * seeds), then ROWS raw events over DAYS days, a statement a day (each its own short transaction,
 * as the recorder's flushes are; the table's trigger marks each day pending). Distributions skewed
 * as a real site's are: a few pages, words, hosts and regions take most views, with a long tail.
 */
async function generate(database: Database, api: Awaited<ReturnType<typeof signedIn>>, siteId: number) {
  const outline = Array.from({ length: 4 }, (_, s) => [`Section ${s}`, ...Array.from({ length: 9 }, (_, c) => `  Desk ${s}-${c}`)].join('\n')).join('\n');
  const catalogs = ((await api.api('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: outline })) as { catalogId: number }[]).map((c) => c.catalogId);
  const db = database.db;
  const catalogArray = sql.raw(`array[${catalogs.join(',')}]::bigint[]`);
  await db.execute(sql`insert into cms_content (site_id, catalog_id, catalog_ancestors, content_type, title, author, status, attributes, sort_flag, publish_date, view_count, like_count, favorite_count, comment_count, create_by, create_time)
    -- published over three years, as a newsroom's archive is (about 540 a month)
    select ${siteId}, c.catalog_id, c.ancestors, 'article', 'Story ' || g, 'author ' || (g % 50), case when g % 10 = 0 then '0' else '30' end, 0, g,
      now() - (g * 80 || ' minutes')::interval, g % 997, g % 389, g % 211, g % 101, 'editor' || (g % 12), now() - (g * 80 || ' minutes')::interval
    from generate_series(1, ${CONTENTS}::int) g join cms_catalog c on c.catalog_id = (${catalogArray})[1 + g % ${catalogs.length}::int]`);
  const [first] = executedRows<{ id: number }>(await db.execute(sql`select min(content_id)::int as id from cms_content where site_id = ${siteId}`));
  const perDay = Math.ceil(ROWS / DAYS);
  const engines = sql.raw(`array['baidu','google','bing','sogou','360','shenma']`);
  const browsers = sql.raw(`array['Chrome','Mobile Safari','Edge','Firefox','WeChat','Samsung Browser','Safari','Opera','UC Browser','QQBrowser','Chrome WebView','Yandex']`);
  const systems = sql.raw(`array['Windows','Android','iOS','Mac OS','Linux','HarmonyOS','Chromium OS','Ubuntu']`);
  for (let d = 0; d < DAYS; d++) {
    const n = Math.min(perDay, ROWS - d * perDay);
    if (n <= 0) break;
    // k: the page (0 the home page, 1–40 the catalogs' lists, then the contents), p^2.5-skewed;
    // r1..r5: independent draws for the source, the visitor, the agent, the region and the visit.
    await db.execute(sql`insert into cms_stat_event (site_id, at, content_id, catalog_id, path, entry, ref_host, source, engine, word, browser, os, device, country, visitor, addr)
      select ${siteId}, now() - ((${d} + r0) * interval '1 day'),
        case when k > 40 then ${first!.id} + k - 41 end,
        case when k = 0 then null when k <= 40 then (${catalogArray})[k] else (${catalogArray})[1 + (k - 41) % ${catalogs.length}::int] end,
        case when k = 0 then '/' when k <= 40 then '/list/' || k || '/' else '/c/' || (k - 41) || '.shtml' end,
        r5 < 0.4,
        case when r1 < 0.35 then 'www.' || (${engines})[1 + floor(6 * power(r2, 2))::int] || '.com' when r1 < 0.6 then 'ref' || floor(400 * power(r2, 3))::int || '.example.org' end,
        case when r1 < 0.35 then 'search' when r1 < 0.6 then 'site' else 'direct' end,
        case when r1 < 0.35 then (${engines})[1 + floor(6 * power(r2, 2))::int] end,
        case when r1 < 0.21 then 'words ' || floor(8000 * power(r3, 3))::int end,
        (${browsers})[1 + floor(12 * power(r3, 2))::int], (${systems})[1 + floor(8 * power(r4, 2))::int],
        (array['desktop','mobile','tablet'])[1 + floor(3 * power(r4, 1.5))::int],
        case when r4 < 0.97 then chr(65 + floor(26 * power(r5, 3))::int) || chr(65 + floor(26 * r2)::int) end,
        'v' || floor(45000 * power(r3, 1.3))::int, 'a' || floor(36000 * power(r3, 1.3))::int
      from (select random() as r0, floor((${CONTENTS} + 41) * power(random(), 2.5))::int as k, random() as r1, random() as r2, random() as r3, random() as r4, random() as r5
        from generate_series(1, ${n}::int)) x`);
  }
}

/** Part 2: ROWS generated events of a second site over DAYS days, rolled up by the job's code, then each route timed. */
async function routesPart(server: CastaneaServer, database: Database, api: Awaited<ReturnType<typeof signedIn>>) {
  const siteId = (await api.api('POST', '/cms/site', { name: 'Bench stats routes', path: 'benchstatsroutes' })).siteId as number;
  api.setSite(siteId);
  const genStart = performance.now();
  await generate(database, api, siteId);
  const genMs = performance.now() - genStart;
  const rollStart = performance.now();
  // The job keeps DAYS + 1 days of raw events here: the whole generated history stays queryable (the visit log).
  const rolled = await rollUp(database.db, DAYS + 1);
  const rollMs = performance.now() - rollStart;
  // As autovacuum would after a bulk load: the planner's statistics and the visibility map.
  for (const table of ['cms_stat_event', 'cms_stat_day', 'cms_stat_hour', 'cms_stat_dim_day', 'cms_content']) await database.db.execute(sql`vacuum analyze ${sql.identifier(table)}`);
  const [sizes] = executedRows<{ events: number; dims: number }>(await database.db.execute(sql`select (select count(*)::int from cms_stat_event where site_id = ${siteId}) as events,
    (select count(*)::int from cms_stat_dim_day where site_id = ${siteId}) as dims`));
  console.log(`[${kind}] routes: ${sizes!.events.toLocaleString()} raw events over ${DAYS} days generated in ${(genMs / 1000).toFixed(1)} s; rolled up in ${(rollMs / 1000).toFixed(1)} s (${rolled.days} site-days, one transaction each; ${sizes!.dims.toLocaleString()} ranking rows)`);
  const days90 = `beginTime=${daysAgo(DAYS - 1)}`;
  const routes = ['/cms/stat/site/overview',
    `/cms/stat/site/trend?granularity=hour&beginTime=${daysAgo(6)}`, `/cms/stat/site/trend?granularity=hour&beginTime=${daysAgo(30)}`,
    '/cms/stat/site/trend?granularity=day', `/cms/stat/site/trend?granularity=day&${days90}`, `/cms/stat/site/trend?granularity=week&${days90}`, `/cms/stat/site/trend?granularity=month&${days90}`,
    ...STAT_DIMS.map((d) => `/cms/stat/site/${d}`), `/cms/stat/site/page?${days90}&limit=500`, `/cms/stat/site/word?${days90}&limit=500`,
    '/cms/stat/contentStatByCatalog', '/cms/stat/contentStatByUser', '/cms/stat/contentDynamicData?pageSize=20', '/cms/stat/contentDynamicData?query=Story%2012&pageSize=20',
    '/cms/stat?pageSize=20', '/cms/stat?pageSize=100&pageNum=100'];
  const results = [];
  let ok = true;
  for (const url of routes) {
    const times: number[] = [];
    for (let i = -1; i < REPEAT; i++) {
      const t0 = performance.now();
      const res = await server.app.inject({ method: 'GET', url: `/prod-api${url}`, headers: { authorization: `Bearer ${api.token}`, currentsite: String(siteId) } });
      // The first call warms the statements' plans and the pages they read: not counted.
      if (i >= 0) times.push(performance.now() - t0);
      if (res.json().code !== 200) throw new Error(`${url}: ${res.json().msg}`);
    }
    times.sort((a, b) => a - b);
    const p50 = +percentile(times, 50).toFixed(1);
    const p95 = +percentile(times, 95).toFixed(1);
    ok &&= p95 < ROUTE_GOAL_MS;
    results.push({ url, p50Ms: p50, p95Ms: p95, maxMs: +times.at(-1)!.toFixed(1) });
    console.log(`[${kind}] ${url}: p50 ${p50} ms, p95 ${p95} ms (goal < ${ROUTE_GOAL_MS} ms)`);
  }
  console.log(`[${kind}] load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  return { ok, result: { rows: sizes!.events, days: DAYS, contents: CONTENTS, rankingRows: sizes!.dims, generateSeconds: +(genMs / 1000).toFixed(1), rollupSeconds: +(rollMs / 1000).toFixed(1), rollupTransactions: rolled.days, repeat: REPEAT, routes: results } };
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'castanea-bench-stats-'));
  // PostgreSQL: a fresh database of DATABASE_URL's server, dropped after (BENCH_KEEP=1 keeps it for EXPLAIN in psql).
  const fresh = await freshPostgres('stats');
  const database = await openDatabase(fresh ? { databaseUrl: fresh.url } : { dataDir: 'memory://' });
  const server = await createServer({ database, config: { dataDir, captchaEnabled: false, logRequests: false, rateLimits: true, trustProxy: true, publishWorker: false, previewThreads: 0, publishThreads: 0 } });
  // No scheduled job beside the bench: the rollup job (30 days kept) would delete the older generated events.
  await schedulerFor(server.services).stopAll();
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
  if (fresh && process.env.BENCH_KEEP) console.log(`[postgres] kept ${fresh.url}`);
  else await fresh?.drop();
  rmSync(dataDir, { recursive: true, force: true });
  if (!allOk) console.error('FAIL: a count differs or a goal was missed');
  process.exit(allOk ? 0 : 1);
}

await main();
