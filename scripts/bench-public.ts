// `npm run bench:public`: the readers' public API under load (issue 31). Starts the server with its
// sites' port on a real port (Fastify, PGlite in memory, a temporary DATA_DIR, throttles on,
// TRUST_PROXY), makes one site with published contents through the console API (the publish worker
// is off: contents are published, no page is rendered), then runs each phase of PHASES for a fixed
// time: CONCURRENCY requests at a time over keep-alive HTTP to the sites' port, sent by a load
// generator in a thread of its own (bench-public/load.ts), from many reader addresses
// (X-Forwarded-For, so each address stays under its caps as a reader's would). After a phase it
// flushes what its route buffers, checks that what is stored equals what the server accepted, and
// prints the accepted rate (and per CPU second: the machine is shared). Writes bench-public.json;
// exits 1 when a total differs, a request is refused or a phase misses its goal.
//
// Phases (PHASES; one per route family, bench-public/phase.ts): views (here), comment submissions
// (bench-public/comments.ts) and votes (bench-public/votes.ts). A Phase makes what it needs in
// `prepare` (members, votes…) and returns the requests to send (method, path, headers, body, the
// HTTP status meaning "accepted", a tag to count them by; cycled or each sent once), and `verify`
// reads back what was stored and compares it with the accepted counts by tag. The readers'
// throttles stay on: each phase spreads its requests over addresses (and members) of its own so
// that none meets a cap, and a refusal fails the bench.
// Runs on PostgreSQL instead when DATABASE_URL is set. Knobs: BENCH_SECONDS (10), BENCH_CONCURRENCY
// (64), BENCH_CONTENTS (200), BENCH_ADDRESSES (5,000), BENCH_MEMBERS (1,000, the comment phase's),
// BENCH_PHASES (all: views,comments,votes).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { inArray, sql } from 'drizzle-orm';
import { createServer, type CastaneaServer } from '../server/app.ts';
import { openDatabase, type Database } from '../server/db/client.ts';
import { cmsContent } from '../server/modules/cms/content/schema.ts';
import { adminOnNewSite } from './bench-public/admin-api.ts';
import { cmsContentViewDay } from '../server/modules/cms/stat/schema.ts';
import { viewCounterOf } from '../server/modules/cms/stat/view-counter.ts';
import type { LoadJob, LoadResult } from './bench-public/load.ts';
import type { BenchContext, BenchRequest, Phase } from './bench-public/phase.ts';
import { commentsPhase } from './bench-public/comments.ts';
import { votesPhase } from './bench-public/votes.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);
const CONTENTS = Number(process.env.BENCH_CONTENTS ?? 200);
const ADDRESSES = Number(process.env.BENCH_ADDRESSES ?? 5_000);

/** Views: the default theme's beacon (POST /api/stat/visit, no body), spread over the contents. */
const viewsPhase: Phase = {
  name: 'views',
  unit: 'views',
  goalPerSecond: 2_000,
  async prepare(ctx) {
    // Every content from every address, in an order where neither repeats soon: 5,000 addresses at
    // 2,000+ views/s see a few views each a minute, under the 300 a minute of the counter's cap.
    const requests: BenchRequest[] = [];
    for (let i = 0; i < Math.max(ADDRESSES, ctx.contents.length) * 4; i++) {
      const id = ctx.contents[i % ctx.contents.length]!;
      requests.push({ method: 'POST', path: `/api/stat/visit?sid=${ctx.siteId}&cid=${ctx.catalogId}&id=${id}`, headers: { 'x-forwarded-for': ctx.addressOf(i) }, accepted: 204, tag: id });
    }
    return {
      requests,
      cycle: true,
      async verify(accepted) {
        await viewCounterOf(ctx.server.services).flush();
        const db = ctx.database.db;
        const counts = new Map((await db.select({ id: cmsContent.contentId, n: cmsContent.viewCount }).from(cmsContent).where(inArray(cmsContent.contentId, ctx.contents))).map((r) => [r.id, r.n]));
        const days = new Map((await db.select({ id: cmsContentViewDay.contentId, n: sql<number>`sum(${cmsContentViewDay.views})::int` }).from(cmsContentViewDay).where(inArray(cmsContentViewDay.contentId, ctx.contents)).groupBy(cmsContentViewDay.contentId)).map((r) => [r.id, Number(r.n)]));
        let stored = 0;
        const wrong: string[] = [];
        for (const id of ctx.contents) {
          const sent = accepted.get(id) ?? 0;
          const count = counts.get(id) ?? 0;
          const day = days.get(id) ?? 0;
          stored += count;
          if (count !== sent || day !== sent) wrong.push(`content ${id}: accepted ${sent}, view_count ${count}, day rows ${day}`);
        }
        return { ok: wrong.length === 0, stored, detail: wrong.length ? wrong.slice(0, 5).join('; ') : `view_count and the day rows equal the accepted views for each of ${ctx.contents.length} contents` };
      },
    };
  },
};

/** The phases, in order (BENCH_PHASES picks some by name); a route family's phase goes here. */
const ALL_PHASES: Phase[] = [viewsPhase, commentsPhase, votesPhase];
const PHASES = process.env.BENCH_PHASES ? ALL_PHASES.filter((p) => process.env.BENCH_PHASES!.split(',').includes(p.name)) : ALL_PHASES;

async function setUp(server: CastaneaServer, database: Database): Promise<BenchContext> {
  const { api, siteId } = await adminOnNewSite(server, database, { name: 'Bench public', path: 'benchpublic' });
  const [catalog] = await api('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'News' });
  const catalogId = catalog.catalogId as number;
  const contents: number[] = [];
  for (let i = 0; i < CONTENTS; i++) contents.push((await api('POST', '/cms/content?contentType=article', { catalogId, title: `Story ${i}`, contentHtml: `<p>Body ${i}</p>` })).contentId as number);
  for (let i = 0; i < contents.length; i += 100) await api('POST', '/cms/content/publish', { contentIds: contents.slice(i, i + 100) });
  const addressOf = (i: number, block = 0) => {
    const n = i % ADDRESSES;
    return `${10 + block}.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  };
  return { server, database, siteId, catalogId, contents, api, addressOf, addresses: ADDRESSES };
}

/** Runs a phase's requests in the load generator's thread (bench-public/load.ts) and waits for its answer. */
function load(job: LoadJob): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./bench-public/load.ts', import.meta.url), { workerData: job });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => code !== 0 && reject(new Error(`load generator exited with ${code}`)));
  });
}

async function main() {
  const kind = process.env.DATABASE_URL ? 'postgres' : 'pglite';
  const dataDir = mkdtempSync(join(tmpdir(), 'castanea-bench-public-'));
  const database = await openDatabase(kind === 'pglite' ? { dataDir: 'memory://' } : { databaseUrl: process.env.DATABASE_URL });
  const server = await createServer({
    database,
    config: { dataDir, captchaEnabled: false, logRequests: false, rateLimits: true, trustProxy: true, publishWorker: false, previewThreads: 0, publishThreads: 0 },
  });
  const ctx = await setUp(server, database);
  const address = await server.sites.listen({ port: 0, host: '127.0.0.1' });
  const base = new URL(address);
  console.log(`[${kind}] ${SECONDS} s a phase, ${CONCURRENCY} requests at a time over keep-alive HTTP (load generator in a thread of its own), from ${ADDRESSES.toLocaleString()} addresses; ${ctx.contents.length} published contents`);

  const results = [];
  let allOk = true;
  for (const phase of PHASES) {
    const prepared = await phase.prepare(ctx);
    const cpuStart = process.cpuUsage();
    const serverCpuStart = process.threadCpuUsage();
    const r = await load({ base: base.href, requests: prepared.requests, cycle: prepared.cycle, seconds: SECONDS, concurrency: CONCURRENCY });
    const cpu = process.cpuUsage(cpuStart);
    const serverCpu = process.threadCpuUsage(serverCpuStart);
    const serverCpuSeconds = (serverCpu.user + serverCpu.system) / 1e6;
    // The process's CPU time, both threads (server and load generator): on a machine shared with
    // others' work, accepted requests per CPU second say what the code costs when the wall clock cannot.
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    const flushStart = performance.now();
    const check = await prepared.verify(new Map(r.accepted));
    const verifyMs = +(performance.now() - flushStart).toFixed(1);
    const perSecond = Math.round(r.total / r.seconds);
    const perCpuSecond = Math.round(r.total / cpuSeconds);
    // The server's thread alone (its flushes included): about what it answers with a core of its own.
    const perServerCpuSecond = Math.round(r.total / serverCpuSeconds);
    const ok = check.ok && r.refused === 0 && perSecond >= (phase.goalPerSecond ?? 0);
    allOk &&= ok;
    results.push({ phase: phase.name, accepted: r.total, sent: r.sent, refused: r.refused, statuses: r.statuses, seconds: +r.seconds.toFixed(2), cpuSeconds: +cpuSeconds.toFixed(2), serverCpuSeconds: +serverCpuSeconds.toFixed(2), perSecond, perCpuSecond, perServerCpuSecond, goalPerSecond: phase.goalPerSecond, latencyMs: { p50: r.p50, p95: r.p95, p99: r.p99 }, stored: check.stored, storedEqualsAccepted: check.ok, finalFlushAndReadMs: verifyMs });
    console.log(`[${kind}] ${phase.name}: ${r.total.toLocaleString()} ${phase.unit} accepted of ${r.sent.toLocaleString()} sent${prepared.cycle ? '' : ` (${prepared.requests.length.toLocaleString()} prepared)`} in ${r.seconds.toFixed(2)} s: ${perSecond.toLocaleString()} ${phase.unit}/s (${phase.goalPerSecond === null ? 'no goal' : `goal ${phase.goalPerSecond.toLocaleString()}`}), ${perCpuSecond.toLocaleString()} per CPU second (${cpuSeconds.toFixed(1)} s of CPU, server and load generator), ${perServerCpuSecond.toLocaleString()} per CPU second of the server's thread (${serverCpuSeconds.toFixed(1)} s); latency p50 ${r.p50} ms, p95 ${r.p95} ms, p99 ${r.p99} ms; refused ${r.refused}${r.refused ? ` ${JSON.stringify(r.statuses)}` : ''}`);
    console.log(`[${kind}] load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} (other work on the machine slows the wall clock)`);
    console.log(`[${kind}] ${phase.name}: stored ${check.stored.toLocaleString()}, ${check.ok ? 'equal to the accepted' : 'NOT equal to the accepted'}: ${check.detail} (final flush and read ${verifyMs} ms)`);
  }
  writeFileSync('bench-public.json', `${JSON.stringify({ kind, seconds: SECONDS, concurrency: CONCURRENCY, contents: ctx.contents.length, addresses: ADDRESSES, results }, null, 2)}\n`);
  await server.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (!allOk) console.error('FAIL: a phase stored a different total, had refusals or missed its goal');
  process.exit(allOk ? 0 : 1);
}

await main();
