import { and, asc, eq, sql } from 'drizzle-orm';
import { siteBase } from '../../../config.ts';
import { cmsPublishPipe } from '../pipe/schema.ts';
import { cmsSite } from '../site/schema.ts';
import { RenderSession } from '../template/session.ts';
import { dbSource, readSnapshot } from '../template/session-open.ts';
import { RowCache } from '../template/data.ts';
import { dbLookups } from './lookups.ts';
import { outputFor, publishesToBucket } from './targets.ts';
import { pipeOutputRoot } from './roots.ts';
import type { PoolSession } from './render-pool.ts';
import { cmsPublishTask } from './schema.ts';
import type { PublishOutput } from './output.ts';
import type { PublishHost } from './worker-types.ts';

/** One enabled pipe of a site, its session for this drain and where its pages go. */
export interface PipeRun {
  pipeCode: string;
  isDefault: boolean;
  session: RenderSession;
  out: PublishOutput;
  /**
   * The same folder written with synchronous calls, for the units this thread renders beside the
   * render threads (a site publish): they cost it half the CPU of queued writes, and the disk
   * holds up this thread for a write no longer than it does for each of PGlite's reads.
   */
  bulkOut: PublishOutput;
  /** the same session for the render threads: its snapshot, and where a thread writes its pages */
  thread: PoolSession;
}

let sessionKeys = 0;

/**
 * The sessions of a drain, per site and pipe. A session holds what it read of the site (catalogs,
 * templates, lists) for the drain; it is reopened when a claimed task was queued after the newest
 * task the session's opening knew of, since that task may follow a change the session missed.
 */
export class Sessions {
  private readonly runs = new Map<number, { pipes: PipeRun[]; knownUpTo: number }>();
  /** every session key handed to the render threads in this drain (dropped at its end) */
  readonly keys: string[] = [];
  private readonly host: PublishHost;
  constructor(host: PublishHost) {
    this.host = host;
  }

  async of(siteId: number, newest: Date): Promise<PipeRun[]> {
    const have = this.runs.get(siteId);
    if (have && newest.getTime() <= have.knownUpTo) return have.pipes;
    const { db, config, i18n } = this.host;
    const [known] = await db.select({ at: sql<string | null>`max(${cmsPublishTask.createTime})` }).from(cmsPublishTask).where(eq(cmsPublishTask.siteId, siteId));
    const knownUpTo = Math.max(newest.getTime(), known?.at ? new Date(known.at).getTime() : 0);
    const [site] = await db.select().from(cmsSite).where(eq(cmsSite.siteId, siteId));
    if (!site) return [];
    const pipes = await db.select({ code: cmsPublishPipe.code }).from(cmsPublishPipe)
      .where(and(eq(cmsPublishPipe.siteId, siteId), eq(cmsPublishPipe.status, '0'))).orderBy(asc(cmsPublishPipe.sort), asc(cmsPublishPipe.pipeId));
    const runs: PipeRun[] = [];
    // Rows read for contents' pages serve the lists of the same run (every pipe reads the same rows).
    const rows = new RowCache();
    for (const [i, p] of pipes.entries()) {
      const snapshot = await readSnapshot(db, siteId, p.code, { dataDir: config.dataDir, siteBase: siteBase(config) });
      const source = dbSource(db, { siteId, pipeCode: p.code }, i18n, rows);
      const out = outputFor(config, site, p.code, i === 0);
      const bulkOut = publishesToBucket(site) ? out : outputFor(config, site, p.code, i === 0, { syncWrites: true });
      const key = `${process.pid}:${++sessionKeys}`;
      this.keys.push(key);
      runs.push({
        pipeCode: p.code, isDefault: i === 0, session: new RenderSession(snapshot, source), out, bulkOut,
        thread: {
          key, snapshot, options: {}, host: { source, lookups: dbLookups(db), out },
          out: publishesToBucket(site) ? { kind: 'relay' } : { kind: 'local', root: pipeOutputRoot(config, site.path, p.code, i === 0) },
        },
      });
    }
    this.runs.set(siteId, { pipes: runs, knownUpTo });
    return runs;
  }
}
