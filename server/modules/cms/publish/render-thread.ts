import { parentPort } from 'node:worker_threads';
import { RenderSession, type DataSource } from '../template/session.ts';
import type { LoadRequest } from '../template/requests.ts';
import { localOutput, rewritten, type PublishOutput } from './output.ts';
import { addOutcome, emptyOutcome, failureOf, publishCatalog, publishContent, publishSiteIndex, type PipeOutcome, type PublishLookups } from './pages.ts';
import type { CallMethod, FromThread, OutputSpec, ThreadTask, ToThread } from './thread-protocol.ts';
import { pageFailureOf, renderAsked } from '../template/page-ask.ts';

/**
 * A render thread of the publish worker (render-pool.ts starts it). Rendering is synchronous
 * JavaScript: in the main thread it shared one core with the database (PGlite runs there) and the
 * API. Here it runs beside them. Sessions come as snapshots; data, the removal lookups and a
 * bucket's writes are asked of the main thread; a local pipe folder is written from here.
 * This module loads the template engine and the publisher only: no database code.
 */

const port = parentPort!;
const send = (m: FromThread) => port.postMessage(m);

let nextCall = 1;
const waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();

function call<T>(key: string, method: CallMethod, ...args: unknown[]): Promise<T> {
  const callId = nextCall++;
  return new Promise<T>((resolve, reject) => {
    waiting.set(callId, { resolve: resolve as (v: unknown) => void, reject });
    send({ type: 'call', callId, key, method, args });
  });
}

interface ThreadSession {
  session: RenderSession;
  out: PublishOutput;
  lookups: PublishLookups;
}

const sessions = new Map<string, ThreadSession>();
/** batches asked to stop: their tasks not started yet are handed back */
const stopped = new Set<number>();

function outputOf(key: string, spec: OutputSpec): PublishOutput {
  if (spec.kind === 'local') return localOutput(spec.root, { syncWrites: true });
  return {
    where: 'bucket',
    write: (file, bytes) => call<boolean>(key, 'write', file, typeof bytes === 'string' ? bytes : new Uint8Array(bytes)),
    remove: (file) => call<void>(key, 'remove', file),
    exists: (file) => call<boolean>(key, 'exists', file),
    removeFolder: (dir) => call<void>(key, 'removeFolder', dir),
  };
}

function open(key: string, m: Extract<ToThread, { type: 'session' }>) {
  const source: DataSource = { load: async (requests: LoadRequest[]) => (requests.length ? call<unknown[]>(key, 'load', requests) : []) };
  const lookups: PublishLookups = {
    storedContent: (siteId, contentId) => call(key, 'storedContent', siteId, contentId),
    chapterIds: (contentId) => call(key, 'chapterIds', contentId),
    deletedCatalog: (siteId, catalogId) => call(key, 'deletedCatalog', siteId, catalogId),
  };
  sessions.set(key, { session: new RenderSession(m.snapshot, source, m.options), out: outputOf(key, m.out), lookups });
}

/** A task in one pipe's session, as the main thread's worker runs it (worker.ts runTask). */
async function runTask(s: ThreadSession, task: ThreadTask): Promise<PipeOutcome> {
  const out = task.rerun ? rewritten(s.out) : s.out;
  if (task.dataType === 'content') return publishContent(s.session, out, s.lookups, task.dataId);
  if (task.dataType === 'catalog') return publishCatalog(s.session, out, task.dataId, s.lookups);
  if (task.dataType === 'site') return publishSiteIndex(s.session, out);
  return emptyOutcome();
}

/** Tasks of one batch rendered side by side: while one waits for data or a write, another renders. */
const LANES = 8;

async function runBatch(m: Extract<ToThread, { type: 'batch' }>) {
  const runs = m.keys.map((k) => sessions.get(k)).filter((s): s is ThreadSession => !!s);
  if (m.prefetch) for (const s of runs) s.session.addPrefetch(m.prefetch);
  const outcomes: (PipeOutcome | null)[] = m.tasks.map(() => null);
  let next = 0;
  const lane = async () => {
    while (next < m.tasks.length && !stopped.has(m.id)) {
      const i = next++;
      const total = emptyOutcome();
      for (const s of runs) {
        try {
          addOutcome(total, await runTask(s, m.tasks[i]!));
        } catch (err) {
          total.failures.push(failureOf(err, s.session.pipeCode));
        }
      }
      outcomes[i] = total;
    }
  };
  await Promise.all(Array.from({ length: Math.min(LANES, m.tasks.length) }, lane));
  if (m.prefetch) for (const s of runs) s.session.forgetPrefetch(m.prefetch);
  stopped.delete(m.id);
  send({ type: 'done', id: m.id, outcomes });
}

/** One page in a session of its own (page-threads.ts): a preview, a dynamic page. */
async function renderOne(m: Extract<ToThread, { type: 'page' }>) {
  const key = `page:${m.id}`;
  const source: DataSource = { load: async (requests: LoadRequest[]) => (requests.length ? call<unknown[]>(key, 'load', requests) : []) };
  try {
    const result = await renderAsked(new RenderSession(m.snapshot, source, m.options), m.ask);
    send({ type: 'page-done', id: m.id, result });
  } catch (err) {
    send({ type: 'page-failed', id: m.id, failure: pageFailureOf(err) });
  }
}

port.on('message', (m: ToThread) => {
  switch (m.type) {
    case 'session':
      open(m.key, m);
      break;
    case 'batch':
      runBatch(m).catch((err) => send({ type: 'failed', id: m.id, error: err instanceof Error ? err.message : String(err) }));
      break;
    case 'stop':
      stopped.add(m.id);
      break;
    case 'page':
      void renderOne(m);
      break;
    case 'drop':
      for (const k of m.keys) sessions.delete(k);
      break;
    case 'reply': {
      const w = waiting.get(m.callId);
      waiting.delete(m.callId);
      if (m.error !== undefined) w?.reject(new Error(m.error));
      else w?.resolve(m.value);
      break;
    }
  }
});
send({ type: 'ready' });
