import type { ServerConfig } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import type { ServerI18n } from '../../../core/i18n.ts';
import type { CmsEvents } from '../../../core/cms-events.ts';
import type { PublishFailure } from './schema.ts';
import type { PublishPaths } from './roots.ts';

// The worker's host, options and result, apart from worker.ts: the drain's steps (drain.ts,
// site-sessions.ts, render-task.ts, site-extras.ts) take them, and worker.ts runs the drain.

/** What the worker needs of the server: its database, folders and port (links), and messages. */
export interface PublishHost {
  db: Db;
  config: PublishPaths & Pick<ServerConfig, 'sitePort' | 'siteUrl' | 'publishThreads' | 'searchIndex'>;
  i18n: ServerI18n;
  /** where a failed task is told (PublishFailed, to the message pushers); the server's Services.events */
  events?: CmsEvents;
}

export interface DrainOptions {
  /** only this site's tasks (default: every site's) */
  siteId?: number;
  /** names this worker in claimed rows (default: host:pid:random) */
  workerId?: string;
  /** how long a claim holds without renewal, in ms (default 30 s); renewed every third of it */
  leaseMs?: number;
  /** tasks claimed at once (default 200) */
  batchSize?: number;
  /** tasks rendered side by side in the main thread (default 4) */
  concurrency?: number;
  /**
   * Work (tasks, contents of `contents` tasks) a claimed batch must hold to be shared with the
   * render threads (default THREAD_MIN_TASKS); smaller ones render in the main thread.
   */
  threadMinTasks?: number;
  /**
   * whether this thread renders units too while render threads work (default: yes; a machine of
   * two cores then renders on both, one thread reading between its pages)
   */
  mainLane?: boolean;
  /** stops after the batch in hand (the rest stays READY) */
  signal?: AbortSignal;
  /** called after each unit of work rendered (a chunk of contents, a few catalogs) with the totals so far */
  onProgress?: (result: DrainResult) => void;
}

export interface TaskFailure extends PublishFailure {
  taskId: number;
  dataType: string;
  dataId: number;
}

export interface DrainResult {
  /** tasks finished (succeeded + failed) */
  tasks: number;
  succeeded: number;
  failed: number;
  /** pages rendered, of which written (changed or new) and unchanged (same bytes, left alone) */
  pages: number;
  written: number;
  unchanged: number;
  /** pages removed (offline content, pages beyond a shorter list) */
  removed: number;
  failures: TaskFailure[];
  ms: number;
}
