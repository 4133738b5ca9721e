import type { Prefetch, SessionOptions, SessionSnapshot } from '../template/session.ts';
import type { PipeOutcome } from './pages.ts';
import type { PageAsk, PageFailure } from '../template/page-ask.ts';
import type { PageResult } from '../template/render.ts';

/**
 * The messages between the publish worker (main thread, which holds the database) and its render
 * threads (render-thread.ts). A thread holds render sessions made from snapshots, renders the
 * tasks it is handed and writes their pages; whatever it needs of the database it asks the main
 * thread for (`call`), which answers from the same code a session in the main thread uses.
 */

/** A task as a thread runs it: the content, catalog or site whose pages it renders. */
export interface ThreadTask {
  taskId: number;
  dataType: string;
  dataId: number;
  /**
   * A run that rendered it before stopped before recording what it changed (drain.ts settle): its
   * pages may be on disk already, unpushed, so every page it writes now counts as changed
   * (output.ts rewritten) and goes to the push queue.
   */
  rerun?: boolean;
}

/** Where a session's pages go: a folder the thread writes itself, or through the main thread (a bucket). */
export type OutputSpec = { kind: 'local'; root: string } | { kind: 'relay' };

/** What a thread may ask the main thread for. */
export type CallMethod = 'load' | 'storedContent' | 'chapterIds' | 'deletedCatalog' | 'write' | 'remove' | 'exists' | 'removeFolder';

export type ToThread =
  | { type: 'session'; key: string; snapshot: SessionSnapshot; options: SessionOptions; out: OutputSpec }
  /** renders `tasks` in every session of `keys` (a site's pipes); `prefetch`: their contents read ahead */
  | { type: 'batch'; id: number; keys: string[]; tasks: ThreadTask[]; prefetch: Prefetch | null }
  /** the worker stops: tasks of the batch not started yet are handed back */
  | { type: 'stop'; id: number }
  | { type: 'drop'; keys: string[] }
  /** one page in a session of its own (a preview, a dynamic page): its data asked with key `page:<id>` (page-threads.ts) */
  | { type: 'page'; id: number; snapshot: SessionSnapshot; options: SessionOptions; ask: PageAsk }
  | { type: 'reply'; callId: number; value?: unknown; error?: string };

export type FromThread =
  | { type: 'ready' }
  | { type: 'call'; callId: number; key: string; method: CallMethod; args: unknown[] }
  /** one outcome per task, in order; null for a task not started (the batch was stopped) */
  | { type: 'done'; id: number; outcomes: (PipeOutcome | null)[] }
  | { type: 'failed'; id: number; error: string }
  | { type: 'page-done'; id: number; result: PageResult }
  | { type: 'page-failed'; id: number; failure: PageFailure };
