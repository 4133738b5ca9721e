// `npm run bench:publish`: publishing at scale (issue 11 §4). Imports the workload of
// ../shared/bench/publish (50 catalogs, 10,000 articles: 10,501 pages) into a fresh site on a fresh
// PGlite database through the operations layer, saves templates of our tag library that produce
// the reference markup, then, several times: publishes the whole site through the publish queue
// and its worker into an empty folder (pages/s, database reads included; peak RSS of that
// process), publishes one edited article incrementally (its page, its catalog's list pages, the
// index), checks published pages against the reference markup, and runs Hugo on the same site in
// between (the two take turns going first), so both meet the same machine load. Prints medians side by side; writes bench-publish.json.
//
// Each publish runs in a process of its own (a server opened on the imported database), so its
// peak RSS is a publishing server's, not the importer's. With DATABASE_URL set, the same is done
// on a fresh PostgreSQL database too. Options: --runs N (3), --no-hugo, --direct (render and write
// without the queue, to see what the queue costs), --keep (leave the temp folder), --reuse DIR (a
// kept folder: its import again), --edits N (incremental runs per publish, 5), --search-index
// on|off|both (SEARCH_INDEX: both publishes each run with it off and on, in turns, and prints both;
// with it on, how long the index takes to catch up after the pages); BENCH_CPU_PROF=DIR profiles
// the publish processes.
process.env.TZ = 'UTC';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { checkMarkup, EDITED, editsOf, type Imported } from './bench-publish/markup-check.ts';
import { freshPostgres } from './bench-publish/postgres.ts';

const { values: args } = parseArgs({
  options: {
    phase: { type: 'string', default: 'main' },
    work: { type: 'string' },
    run: { type: 'string', default: '1' },
    db: { type: 'string', default: 'pglite' },
    'database-url': { type: 'string' },
    runs: { type: 'string', default: process.env.BENCH_RUNS ?? '3' },
    'no-hugo': { type: 'boolean', default: false },
    direct: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    /** a kept work folder of an earlier run: its import is used again */
    reuse: { type: 'string' },
    edits: { type: 'string', default: '5' },
    /** on (the default, as served), off (SEARCH_INDEX=off), or both: each run publishes with it off and on, in turns */
    'search-index': { type: 'string', default: 'on' },
  },
});

/** The title an incremental run gives an edited article. */
const editedTitle = (title: string, run: number) => `${title} (edited in run ${run})`;

interface PublishFigures {
  /** whether the search index was on (SEARCH_INDEX), and how long it took to catch up after the pages */
  searchIndex: boolean;
  indexSeconds: number | null;
  pages: number;
  written: number;
  seconds: number;
  pagesPerSecond: number;
  peakRssMiB: number;
  idleRssMiB: number;
  failures: number;
  incrementalMs: number[];
  incrementalPages: number[];
  editMs: number[];
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2) : NaN;
};

/** BENCH_SQL_STATS=trace: also every statement of the second edit's drain, in order (start offset, duration). */
let tracing = 0;

/** BENCH_SQL_STATS=1: the time spent in each statement (by its text), printed at exit: what the database costs a publish. */
function sqlStats(db: { $client: Record<string, unknown> }) {
  const stats = new Map<string, { n: number; ms: number }>();
  const client = db.$client;
  for (const name of ['query', 'exec']) {
    const original = client[name] as (...a: unknown[]) => Promise<unknown>;
    if (typeof original !== 'function') continue;
    client[name] = async function (this: unknown, ...a: unknown[]) {
      const t = performance.now();
      try {
        return await original.apply(this, a);
      } finally {
        const text = typeof a[0] === 'string' ? a[0] : String((a[0] as { text?: string })?.text ?? a[0]);
        const key = text.replace(/\$\d+/g, '?').replace(/\s+/g, ' ').slice(0, 160);
        const s = stats.get(key) ?? { n: 0, ms: 0 };
        s.n++;
        s.ms += performance.now() - t;
        stats.set(key, s);
        if (tracing) console.log(`  trace ${(t - tracing).toFixed(1).padStart(7)} ms +${(performance.now() - t).toFixed(1).padStart(6)} ms  ${key.slice(0, 120)}`);
      }
    };
  }
  process.on('exit', () => {
    for (const [k, v] of [...stats].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25)) console.log(`  sql ${v.n.toString().padStart(6)} × ${(v.ms / v.n).toFixed(2).padStart(7)} ms = ${(v.ms / 1000).toFixed(2).padStart(6)} s  ${k}`);
  });
}

// --- child phases ------------------------------------------------------------------------------

async function openServer(work: string, publishDir?: string, searchIndex = true) {
  const { openDatabase } = await import('../server/db/client.ts');
  const { createServer } = await import('../server/app.ts');
  const databaseUrl = args['database-url'];
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: join(work, 'db') });
  if (process.env.BENCH_SQL_STATS) sqlStats(database.db as unknown as { $client: Record<string, unknown> });
  const server = await createServer({
    database,
    // The benchmark drains the queue itself (drainQueue, what the server's worker runs), so it times exactly the publish.
    config: { dataDir: join(work, 'data'), publishDir, publishWorker: false, logRequests: false, rateLimits: false, captchaEnabled: false, databaseUrl: undefined, searchIndex },
  });
  return { server, close: async () => { await server.close(); await database.close(); } };
}

async function importPhase(work: string) {
  const { readWorkload } = await import('./bench-publish/workload.ts');
  const { importWorkload, opBaseFor, adminActor } = await import('./bench-publish/import.ts');
  const { writeBenchTemplates } = await import('./bench-publish/templates.ts');
  const { inTransaction } = await import('../server/core/operation.ts');
  const { allBits } = await import('../shared/cms/perms.ts');
  const { sql } = await import('drizzle-orm');
  const data = readWorkload();
  const { server, close } = await openServer(work);
  const t0 = performance.now();
  let shown = 0;
  const site = await importWorkload(server, data, {
    publish: true,
    onProgress(done, total) {
      if (done - shown >= 2000 || done === total) {
        shown = done;
        console.log(`  imported ${done} / ${total} articles (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
      }
    },
  });
  const actor = await adminActor(server);
  await inTransaction(opBaseFor(server, actor, { siteId: site.siteId, siteName: data.title, path: site.sitePath, bits: allBits('Site') }), (op) => writeBenchTemplates(op, site.pipeCode));
  // What autovacuum does on PostgreSQL after a bulk load; PGlite has none (README "How rendering stays fast").
  await server.services.db.execute(sql`analyze`);
  const seconds = (performance.now() - t0) / 1000;
  const out: Imported = { siteId: site.siteId, sitePath: site.sitePath, pipeCode: site.pipeCode, catalogIds: [...site.catalogIds], contentIds: [...site.contentIds], seconds };
  writeFileSync(join(work, 'imported.json'), JSON.stringify(out));
  await close();
  console.log(`RESULT ${JSON.stringify({ seconds })}`);
}

async function publishPhase(work: string, run: number) {
  const imported = JSON.parse(readFileSync(join(work, 'imported.json'), 'utf8')) as Imported;
  // Every run publishes into a folder of its own, new and empty: all pages are new (as on a site's
  // first publish). The orchestrator removed older ones before the first run (settleDisk).
  const out = join(work, `out-${run}`);
  const searchIndex = args['search-index'] !== 'off';
  const { server, close } = await openServer(work, out, searchIndex);
  const { adminActor, opBaseFor } = await import('./bench-publish/import.ts');
  const { inTransaction, readOp } = await import('../server/core/operation.ts');
  const { publish } = await import('../server/modules/cms/content/workflow.ts');
  const { loadContent, updateContent } = await import('../server/modules/cms/content/save.ts');
  const { contentsWith, contentWith } = await import('../server/modules/cms/content/access.ts');
  const { contentUpdateSchema } = await import('../shared/resources/cms/content.ts');
  const { allBits } = await import('../shared/cms/perms.ts');
  const actor = await adminActor(server);
  const base = opBaseFor(server, actor, { siteId: imported.siteId, siteName: '', path: imported.sitePath, bits: allBits('Site') });
  const contentIds = imported.contentIds.map(([, id]) => id);
  const catalogIds = imported.catalogIds.map(([, id]) => id);
  const idleRssMiB = process.memoryUsage().rss / 1024 / 1024;

  let pages = 0;
  let written = 0;
  let failures = 0;
  const t0 = performance.now();
  if (args.direct) {
    const { openSession, sessionConfig } = await import('../server/modules/cms/template/session-open.ts');
    const { publishDirect } = await import('./bench-publish/direct.ts');
    const session = await openSession(server.services.db, imported.siteId, imported.pipeCode, sessionConfig(server.services));
    const r = await publishDirect(session, join(out, imported.sitePath), catalogIds, contentIds);
    pages = written = r.pages;
  } else {
    const { drainQueue } = await import('../server/modules/cms/publish/worker.ts');
    const { publishSite } = await import('../server/modules/cms/publish/operations.ts');
    // The site's Publish button: every published content, every catalog's list pages, the index are queued.
    await inTransaction(base, (op) => publishSite(op, { siteId: imported.siteId }));
    const r = await drainQueue(server.services, { siteId: imported.siteId });
    pages = r.pages;
    written = r.written;
    failures = r.failed;
    for (const f of r.failures.slice(0, 5)) console.log('  failure:', JSON.stringify(f));
  }
  const seconds = (performance.now() - t0) / 1000;
  const peakRssMiB = process.resourceUsage().maxRSS / 1024;
  // With the index on, the worker indexes the contents once the queue is empty (search/pending.ts): timed apart.
  let indexSeconds: number | null = null;
  if (searchIndex && !args.direct) {
    const { indexPending } = await import('../server/modules/cms/search/pending.ts');
    const i0 = performance.now();
    await indexPending(server.services.db);
    indexSeconds = (performance.now() - i0) / 1000;
  }

  // Incremental: an editor changes an article's title and publishes it.
  const incrementalMs: number[] = [];
  const incrementalPages: number[] = [];
  const editMs: number[] = [];
  if (!args.direct) {
    const { drainQueue } = await import('../server/modules/cms/publish/worker.ts');
    const byWorkload = new Map(imported.contentIds);
    const { readWorkload } = await import('./bench-publish/workload.ts');
    const articles = new Map(readWorkload().articles.filter((a) => EDITED.includes(a.id)).map((a) => [a.id, a]));
    const editedTitles = editsOf(work);
    for (const aid of EDITED.slice(0, Number(args.edits))) {
      const a = articles.get(aid)!;
      const id = byWorkload.get(aid)!;
      const e0 = performance.now();
      const row = await contentWith(readOp(base), id, 'EditContent');
      const loaded = await loadContent(readOp(base), row);
      const body = contentUpdateSchema('article').parse({
        contentId: id, version: loaded.version, catalogId: loaded.catalogId, title: editedTitle(a.title, run), summary: a.summary, author: a.author,
        tags: a.tags, publishDate: a.date, contentHtml: a.body,
      });
      await inTransaction(base, async (op) => {
        await updateContent(op, 'article', row, body as Record<string, unknown>);
        await publish(op, await contentsWith(op, [id], 'Publish'));
      });
      editedTitles[aid] = body.title as string;
      writeFileSync(join(work, 'edits.json'), JSON.stringify(editedTitles));
      const e1 = performance.now();
      const trace = process.env.BENCH_SQL_STATS === 'trace' && aid === EDITED[1];
      if (trace) tracing = e1;
      const r = await drainQueue(server.services, { siteId: imported.siteId });
      tracing = 0;
      if (trace) console.log(`  trace end ${(performance.now() - e1).toFixed(1)} ms`);
      incrementalMs.push(performance.now() - e1);
      incrementalPages.push(r.pages);
      editMs.push(e1 - e0);
      failures += r.failed;
    }
  }
  await close();
  const figures: PublishFigures = { pages, written, seconds, pagesPerSecond: pages / seconds, peakRssMiB, idleRssMiB, failures, incrementalMs, incrementalPages, editMs, searchIndex, indexSeconds };
  console.log(`RESULT ${JSON.stringify(figures)}`);
}

// --- the orchestration ---------------------------------------------------------------------------

function child(phase: string, work: string, extra: string[] = []): Record<string, unknown> {
  // BENCH_CPU_PROF=<folder>: the publish processes write a CPU profile there (node --cpu-prof).
  const prof = phase === 'publish' && process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${resolve(process.env.BENCH_CPU_PROF)}`] : [];
  const argv = [...prof, join(import.meta.dirname, 'bench-publish.ts'), '--phase', phase, '--work', work, ...extra];
  const output = execFileSync(process.execPath, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 64 * 1024 * 1024 });
  const line = output.split('\n').find((l) => l.startsWith('RESULT '));
  for (const l of output.split('\n')) if (l && !l.startsWith('RESULT ')) console.log(l);
  if (!line) throw new Error(`${phase}: no result`);
  return JSON.parse(line.slice(7));
}

/**
 * Before a timed run: what earlier runs wrote goes to the disk (`sync`) and the disk gets a moment,
 * so neither engine pays for the other's writes or deletions.
 */
function settleDisk() {
  execFileSync('sync');
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000);
}

const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }) : '–');
const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');

async function main() {
  const runs = Math.max(1, Number(args.runs));
  const { workloadFile } = await import('./bench-publish/workload.ts');
  const { hugoVersion, HUGO_INSTALL_HINT, writeHugoSite, runHugo, hugoPage } = await import('./bench-publish/hugo.ts');
  console.log(`workload: ${workloadFile()}`);
  const hugo = args['no-hugo'] ? null : hugoVersion();
  if (!hugo && !args['no-hugo']) console.log(HUGO_INSTALL_HINT);
  const work = args.reuse ? resolve(args.reuse) : mkdtempSync(join(tmpdir(), 'castanea-bench-publish-'));
  console.log(`machine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), load ${load()}; work folder ${work}`);
  const report: Record<string, unknown> = { date: new Date().toISOString(), node: process.version, cores: cpus().length, hugo, mode: args.direct ? 'direct' : 'queue', databases: {} };

  const databases: { kind: string; url?: string; drop?: () => Promise<void> }[] = [{ kind: 'pglite' }];
  const pgdb = await freshPostgres();
  if (pgdb) databases.push({ kind: 'postgres', url: pgdb.url, drop: pgdb.drop });

  let hugoSite: string | null = null;
  try {
    for (const db of databases) {
      const dbWork = join(work, db.kind);
      const extra = db.url ? ['--database-url', db.url] : [];
      const reused = args.reuse && !db.url && existsSync(join(dbWork, 'imported.json'));
      if (!reused) console.log(`\n[${db.kind}] importing the workload through the operations layer…`);
      const imported = reused ? (JSON.parse(readFileSync(join(dbWork, 'imported.json'), 'utf8')) as Imported) : (child('import', dbWork, extra) as unknown as Imported);
      console.log(`[${db.kind}] imported in ${fmt(imported.seconds, 1)} s`);
      if (hugo && !hugoSite) {
        const { readWorkload } = await import('./bench-publish/workload.ts');
        const { catalogAliasOf } = await import('./bench-publish/import.ts');
        const { sanitizeArticle } = await import('../server/modules/cms/content/sanitize.ts');
        const ids = JSON.parse(readFileSync(join(dbWork, 'imported.json'), 'utf8')) as Imported;
        hugoSite = join(work, 'hugo-site');
        writeHugoSite(hugoSite, readWorkload(), { contentIds: new Map(ids.contentIds), catalogPath: (s) => `${catalogAliasOf(s)}/`, catalogAlias: catalogAliasOf }, (a) => sanitizeArticle(a.body));
      }
      // Outputs of an earlier invocation (--reuse) go first; nothing is deleted between timed runs.
      for (const f of readdirSync(dbWork)) if (/^out-\d+$/.test(f)) rmSync(join(dbWork, f), { recursive: true, force: true });
      for (const f of readdirSync(work)) if (/^hugo-out-\d+$/.test(f)) rmSync(join(work, f), { recursive: true, force: true });
      settleDisk();
      const ours: (PublishFigures & { load: string })[] = [];
      const theirs: (Awaited<ReturnType<typeof runHugo>> & { load: string })[] = [];
      /** Our run `run`: a publishing process of its own, its figures, its pages checked against the reference markup. */
      const runOurs = async (run: number, index = args['search-index'] !== 'off') => {
        settleDisk();
        const before = load();
        const r = child('publish', dbWork, ['--run', String(run), ...extra, ...(args.direct ? ['--direct'] : []), '--edits', String(args.edits), '--search-index', index ? 'on' : 'off']) as unknown as PublishFigures;
        ours.push({ ...r, load: before });
        if (r.indexSeconds !== null) console.log(`[${db.kind}] run ${run}: the search index caught up in ${fmt(r.indexSeconds, 2)} s after the pages`);
        const problems = await checkMarkup(dbWork, run);
        console.log(`[${db.kind}] run ${run}${args['search-index'] === 'both' ? ` (search index ${index ? 'on' : 'off'})` : ''}: ours ${fmt(r.pagesPerSecond)} pages/s (${r.pages} pages in ${fmt(r.seconds, 2)} s, peak RSS ${fmt(r.peakRssMiB)} MiB), incremental ${r.incrementalMs.map((x) => fmt(x)).join(' / ')} ms; markup ${problems.length ? `${problems.length} PROBLEMS` : 'as expected'} (load ${before})`);
        for (const p of problems.slice(0, 3)) console.log(`  ${p}`);
        if (problems.length) process.exitCode = 1;
      };
      /** Hugo's run `run`, on the same workload. */
      const runHugoOnce = (run: number) => {
        settleDisk();
        const hbefore = load();
        const h = runHugo(hugoSite!, join(work, `hugo-out-${run}`));
        theirs.push({ ...h, load: hbefore });
        console.log(`[hugo] run ${run}: ${fmt(h.pagesPerSecond)} pages/s (${h.pages} pages in ${fmt(h.seconds, 2)} s, peak RSS ${fmt(h.peakRssMiB)} MiB) (load ${hbefore})`);
      };
      for (let run = 1; run <= runs; run++) {
        const withHugo = hugoSite && db.kind === 'pglite';
        // The engines take turns going first: a disk still digesting earlier deletions slows whichever runs first.
        if (withHugo && run % 2 === 0) runHugoOnce(run);
        if (args['search-index'] === 'both') {
          // Off and on in turns (each first every other run), as output folders runs·2−1 and runs·2 (see the cleanup below).
          const offFirst = run % 2 === 1;
          await runOurs(2 * run - 1, !offFirst);
          await runOurs(2 * run, offFirst);
        } else await runOurs(run);
        if (withHugo && run % 2 === 1) runHugoOnce(run);
        if (withHugo && run === 1) {
          // Hugo's pages are the same markup: an article page and the home page exactly.
          const { markupDifference } = await import('./bench-publish/expected.ts');
          const ids = JSON.parse(readFileSync(join(dbWork, 'imported.json'), 'utf8')) as Imported;
          const oursHome = readFileSync(join(dbWork, 'out-1', ids.sitePath, 'index.html'), 'utf8');
          const a = ids.contentIds.find(([aid]) => aid === 1)!;
          const file = `catalog_01/${a[1]}.html`;
          for (const [what, mine, hugoHtml] of [['home', oursHome, hugoPage(join(work, 'hugo-out-1'), 'index.html')], [file, readFileSync(join(dbWork, 'out-1', ids.sitePath, file), 'utf8'), hugoPage(join(work, 'hugo-out-1'), file)]] as const) {
            const d = markupDifference(mine, hugoHtml);
            console.log(`[hugo] ${what}: ${d ? `not the same markup as ours: ${d}` : 'same markup as ours'}`);
          }
        }
      }
      // --keep leaves the last run's output (run·2 with --search-index both).
      const last = args['search-index'] === 'both' ? 2 * runs : runs;
      for (let run = 1; run <= last; run++) {
        if (run < last || !args.keep) rmSync(join(dbWork, `out-${run}`), { recursive: true, force: true });
        rmSync(join(work, `hugo-out-${run}`), { recursive: true, force: true });
      }
      const summary = {
        imported: imported.seconds,
        ours: {
          pagesPerSecond: median(ours.map((r) => r.pagesPerSecond)),
          seconds: median(ours.map((r) => r.seconds)),
          peakRssMiB: median(ours.map((r) => r.peakRssMiB)),
          incrementalMs: median(ours.flatMap((r) => r.incrementalMs)),
          runs: ours,
        },
        hugo: theirs.length ? {
          pagesPerSecond: median(theirs.map((r) => r.pagesPerSecond)),
          seconds: median(theirs.map((r) => r.seconds)),
          peakRssMiB: median(theirs.map((r) => r.peakRssMiB)),
          runs: theirs,
        } : null,
      };
      (report.databases as Record<string, unknown>)[db.kind] = summary;
      console.log(`\n[${db.kind}] medians of ${runs} run(s):`);
      console.log('| engine | full publish, pages/s | peak RSS | incremental (1 article) |');
      console.log('| --- | --- | --- | --- |');
      console.log(`| Castanea (${args.direct ? 'direct, no queue' : 'queue + worker'}, ${db.kind}) | ${fmt(summary.ours.pagesPerSecond)} | ${fmt(summary.ours.peakRssMiB)} MiB | ${fmt(summary.ours.incrementalMs)} ms |`);
      if (args['search-index'] === 'both') {
        for (const on of [false, true]) {
          const mine = ours.filter((r) => r.searchIndex === on);
          console.log(`| … search index ${on ? 'on' : 'off'} (${mine.length} runs) | ${fmt(median(mine.map((r) => r.pagesPerSecond)))} | ${fmt(median(mine.map((r) => r.peakRssMiB)))} MiB | ${fmt(median(mine.flatMap((r) => r.incrementalMs)))} ms |`);
        }
      }
      const caught = ours.filter((r) => r.indexSeconds !== null);
      if (caught.length) console.log(`the search index caught up ${fmt(median(caught.map((r) => r.indexSeconds!)), 2)} s (median) after the pages`);
      if (summary.hugo) console.log(`| Hugo ${hugo?.split(' ')[1] ?? ''} | ${fmt(summary.hugo.pagesPerSecond)} | ${fmt(summary.hugo.peakRssMiB)} MiB | – |`);
    }
  } finally {
    for (const db of databases) await db.drop?.();
    if (!args.keep && !args.reuse) rmSync(work, { recursive: true, force: true });
  }
  writeFileSync(resolve('bench-publish.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log('\nwrote bench-publish.json');
}

if (args.phase === 'import') await importPhase(args.work!);
else if (args.phase === 'publish') await publishPhase(args.work!, Number(args.run));
else await main();
