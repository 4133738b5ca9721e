import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import { ContentStatus } from '../../../../shared/cms/content.ts';
import type { AsyncTask, TaskControl } from '../../../core/async-tasks.ts';
import type { Services } from '../../../core/services.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { cmsCatalog } from '../catalog/schema.ts';
import { cmsContent } from '../content/schema.ts';
import { loadAnalyzer } from './analyzer.ts';
import { startAnalysis, type StartedAnalysis } from './analysis-pool.ts';
import { prepareIndex, writeIndex, type PreparedIndex } from './indexer.ts';
import { cmsSearchIndex, cmsSearchRebuild } from './schema.ts';
import { vacuumIndex } from './vacuum.ts';

/**
 * Contents indexed per transaction: the cursor moves with each batch. Measured with the bench
 * (npm run bench:search, 2 cores): larger batches cost fewer round trips and transactions; much
 * larger ones hold PGlite's one connection longer at a time (a write of 250 takes ~0.2 s there).
 */
export const REBUILD_BATCH = 250;
/** The async task type of a rebuild (the async task view lists it). */
export const REBUILD_TASK = 'SearchIndexRebuild';

const LIVE = [ContentStatus.PUBLISHED, ContentStatus.EDITING];

/** Where a site's rebuild stands; null when none runs. */
export async function rebuildState(db: Db, siteId: number): Promise<{ total: number; done: number; startTime: Date } | null> {
  const [r] = await db.select().from(cmsSearchRebuild).where(eq(cmsSearchRebuild.siteId, siteId));
  return r ? { total: r.total, done: r.done, startTime: r.startTime } : null;
}

/**
 * Starts (or, when one is under way, joins) a rebuild of the site's index: the cursor row is
 * written first, so a rebuild the server's end cut short is found and finished at its next start.
 */
export async function beginRebuild(db: Db, siteId: number, by: string): Promise<void> {
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(cmsContent)
    .where(and(eq(cmsContent.siteId, siteId), eq(cmsContent.status, ContentStatus.PUBLISHED), isNull(cmsContent.recycleTime)));
  await db.insert(cmsSearchRebuild).values({ siteId, total: Number(n), createBy: by }).onConflictDoNothing();
}

/**
 * Where a rebuild stands: the last content indexed, in publish-date order (the date as the
 * database writes it, to the microsecond: a JS Date would round it and read that content again).
 * Contents without a date come first, while `date` is null.
 */
export interface Cursor { date: string | null; id: number }
/** Before every dated content: where the dated ones start once the undated are done. */
const DATED_START = '0001-01-01 00:00:00+00';

const sameCursor = (a: Cursor, b: Cursor) => a.date === b.date && a.id === b.id;

/** A batch read, its analysis under way. */
interface Batch {
  ids: number[];
  /** the cursor after this batch (unchanged when it is empty) */
  last: Cursor;
  prepared: Promise<PreparedIndex>;
  /** this thread joins the analysis (until then only the pool's threads work on it) */
  help(): void;
}

/**
 * The ids of the next batch of the site's published contents after `after`, in publish-date order
 * (the site's publish-date index, read backwards): the index is written oldest first, so its rows
 * lie in the table newest last, and a search's window of the newest contents reads a few
 * neighbouring pages rather than one page per match.
 */
export async function nextIds(db: Db, siteId: number, after: Cursor, limit = REBUILD_BATCH): Promise<{ ids: number[]; last: Cursor }> {
  const live = and(eq(cmsContent.siteId, siteId), eq(cmsContent.status, ContentStatus.PUBLISHED), isNull(cmsContent.recycleTime));
  if (after.date === null) {
    const rows = await db.select({ id: cmsContent.contentId }).from(cmsContent)
      .where(and(live, isNull(cmsContent.publishDate), gt(cmsContent.contentId, after.id))).orderBy(asc(cmsContent.contentId)).limit(limit);
    if (rows.length) return { ids: rows.map((r) => r.id), last: { date: null, id: rows[rows.length - 1]!.id } };
    after = { date: DATED_START, id: 0 };
  }
  const from = after.date;
  // No sort: on statistics not yet gathered (PGlite has no autovacuum) the planner sorted every
  // content after the cursor for each batch (~50 ms a batch on 100,000) rather than reading the
  // site's publish-date index backwards, in the order asked (under a millisecond).
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_sort = off`);
    return tx.select({ id: cmsContent.contentId, date: sql<string>`${cmsContent.publishDate}::text` }).from(cmsContent)
      .where(and(live, sql`(${cmsContent.publishDate}, ${cmsContent.contentId}) > (${from}::timestamptz, ${after.id})`))
      .orderBy(sql`${cmsContent.publishDate} asc nulls first`, asc(cmsContent.contentId)).limit(limit);
  });
  const end = rows[rows.length - 1];
  return { ids: rows.map((r) => r.id), last: end ? { date: end.date, id: end.id } : after };
}

/**
 * Reads the batch of contents after `after` and starts analysing it; returns once all of it is
 * read, the analysis going on. Everything is read before the caller's next transaction takes the
 * connection (PGlite's one), so the analysis never waits for a write to read.
 */
async function readBatch(db: Db, siteId: number, after: Cursor): Promise<Batch> {
  const { ids, last } = await nextIds(db, siteId, after);
  const started: StartedAnalysis[] = [];
  let helping = false;
  let read!: () => void;
  const allRead = new Promise<void>((r) => { read = r; });
  const prepared = prepareIndex(db, ids, async (docs, words) => {
    read();
    const job = await startAnalysis(docs, words);
    started.push(job);
    if (helping) job.help();
    return job.done;
  });
  // Settled or read: prepareIndex returns without analysing when nothing is live.
  await Promise.race([allRead, prepared.then(() => {}, () => {})]);
  return { ids, last, prepared, help: () => { helping = true; for (const j of started) j.help(); } };
}

/** The rebuild's row with its cursor as the database has it (the date as text, see Cursor). */
async function rebuildRow(db: DbOrTx, siteId: number, forUpdate = false) {
  const q = db.select({ cursor: cmsSearchRebuild.cursor, cursorDate: sql<string | null>`${cmsSearchRebuild.cursorDate}::text`, done: cmsSearchRebuild.done, total: cmsSearchRebuild.total })
    .from(cmsSearchRebuild).where(eq(cmsSearchRebuild.siteId, siteId));
  const [r] = await (forUpdate ? q.for('update') : q);
  return r ? { ...r, at: { date: r.cursorDate, id: r.cursor } as Cursor } : null;
}

/**
 * Runs a site's rebuild from its cursor to the end: each batch of contents (in publish-date order) is
 * indexed and the cursor moved in one transaction, so after a crash the rebuild goes on from the
 * last batch that committed: nothing missed, nothing counted twice (an index row is one per
 * content). Pipelined: while a batch is written the pool's threads analyse the next one (read
 * before this one is awaited), and this thread joins them once the write is done. At the end, rows of
 * contents no longer published or of catalogs not indexed go, and the index is vacuumed.
 */
export async function runRebuild(db: Db, siteId: number, ctl?: TaskControl): Promise<void> {
  await loadAnalyzer();
  const cur = await rebuildRow(db, siteId);
  if (!cur) return;
  let cursor = cur.at;
  let batch = await readBatch(db, siteId, cursor);
  for (;;) {
    if (ctl?.signal.aborted) {
      batch.prepared.catch(() => {});
      return;
    }
    const { ids, last } = batch;
    // The next batch, read before this one is awaited: its analysis queues behind this one's on
    // the pool's threads, which go from one to the next without waiting for a read, and goes on
    // while this one is written.
    const next = ids.length ? await readBatch(db, siteId, last) : null;
    batch.help();
    const prepared = await batch.prepared;
    const state = await db.transaction(async (tx) => {
      // Another process may have moved the cursor meanwhile: its batch stands, this one is dropped.
      const now = await rebuildRow(tx, siteId, true);
      if (!now || !sameCursor(now.at, cursor)) return now ? { ...now, finished: false, moved: true } : null;
      if (!ids.length) {
        // A plan that reads each table once: PGlite has no autovacuum, and on statistics of
        // nearly empty tables the planner chose a nested loop reading every content per index row.
        await tx.execute(sql`set local enable_nestloop = off`);
        await dropStale(tx, siteId);
        await tx.delete(cmsSearchRebuild).where(eq(cmsSearchRebuild.siteId, siteId));
        return { ...now, finished: true, moved: false };
      }
      await writeIndex(tx, prepared);
      const done = now.done + ids.length;
      await tx.update(cmsSearchRebuild).set({ cursor: last.id, cursorDate: last.date === null ? null : sql`${last.date}::timestamptz`, done }).where(eq(cmsSearchRebuild.siteId, siteId));
      return { ...now, done, finished: false, moved: false };
    });
    if (!state) {
      next?.prepared.catch(() => {});
      return;
    }
    ctl?.progress(state.total ? Math.min(99, (state.done * 100) / state.total) : 99, `${state.done} / ${state.total}`);
    if (state.finished) {
      await vacuumIndex(db);
      return;
    }
    if (state.moved || !next) {
      // Someone else's batch: go on from where the cursor is now.
      next?.prepared.catch(() => {});
      cursor = state.at;
      batch = await readBatch(db, siteId, cursor);
    } else {
      cursor = last;
      batch = next;
    }
    // Requests waiting for the connection go first (they queued during the write).
    await new Promise((r) => setImmediate(r));
  }
}

/** Index rows of the site whose content is no longer published (or is in the recycle bin) or whose catalog is not indexed. */
async function dropStale(db: DbOrTx, siteId: number) {
  await db.execute(sql`delete from ${cmsSearchIndex} i where i.site_id = ${siteId} and not exists (
    select 1 from ${cmsContent} c join ${cmsCatalog} k on k.catalog_id = c.catalog_id
    where c.content_id = i.content_id and c.status in (${sql.join(LIVE.map((s) => sql`${s}`), sql`, `)}) and c.recycle_time is null and k.content_index <> 'N')`);
}

/** Rebuilds running in this process, by site: a second start joins the first. */
const running = new WeakMap<Services, Map<number, AsyncTask>>();

/** Runs the site's rebuild as an async task (its progress in the async task view); the task's id. */
export function submitRebuild(services: Services, siteId: number, owner: string): AsyncTask {
  const mine = running.get(services) ?? new Map<number, AsyncTask>();
  running.set(services, mine);
  const current = mine.get(siteId);
  const live = current && services.tasks.get(current.taskId);
  if (live && (live.status === 'READY' || live.status === 'RUNNING')) return live;
  const task = services.tasks.submit(REBUILD_TASK, `${REBUILD_TASK}-${siteId}`, owner, async (ctl) => {
    try {
      await runRebuild(services.db, siteId, ctl);
    } finally {
      mine.delete(siteId);
    }
  });
  mine.set(siteId, task);
  return task;
}

/** At start: rebuilds an earlier run of the server left unfinished go on. */
export async function resumeRebuilds(services: Services): Promise<void> {
  const rows = await services.db.select({ siteId: cmsSearchRebuild.siteId, by: cmsSearchRebuild.createBy }).from(cmsSearchRebuild);
  for (const r of rows) submitRebuild(services, r.siteId, r.by);
}
