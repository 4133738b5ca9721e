import { atom } from 'nanostores';
import { PUBLISH_FLAG_CHECK_MS, PUBLISH_FLAG_CLEAR_AFTER_ZERO_COUNTS, PUBLISH_TASK_POLL_MS, STORAGE_KEYS } from '../../shared/constants.ts';
import { request } from '../lib/request.ts';

/**
 * The navbar's publish-task indicator (spec §4). While localStorage publish_flag is 'true' (set by
 * whoever starts a publish) the flag is checked every 2 s and the task count polled every 5 s;
 * three zero counts in a row clear the flag, and polling stops once the flag is gone.
 */
export const $publishCount = atom<number>(0);

export interface PublishDeps {
  fetchCount(): Promise<number>;
  storage: Pick<Storage, 'getItem' | 'removeItem'>;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(id: unknown): void;
}

export const toCount = (v: unknown) => {
  const n = Number(v);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
};

export async function fetchTaskCount(): Promise<number> {
  const res = await request<unknown>({ url: '/cms/publish/taskCount', quiet: true });
  return toCount(res.data);
}

/** The CurrentSite header naming `siteId` for one call (none: the stored current site's). */
const onSite = (siteId?: string) => (siteId ? { CurrentSite: siteId } : undefined);

/** Clears what waits in the queue of the current site, or of `siteId`. */
export async function clearPublishTasks(siteId?: string): Promise<void> {
  await request({ url: '/cms/publish/clear', method: 'DELETE', headers: onSite(siteId) });
}

/** Starts the watcher; returns a stop function. */
export function watchPublish(deps: PublishDeps): () => void {
  let poller: unknown = null;
  let zeros = 0;
  const flagOn = () => deps.storage.getItem(STORAGE_KEYS.publishFlag) === 'true';
  const stopPolling = () => {
    if (poller !== null) deps.clearInterval(poller);
    poller = null;
  };
  const poll = async () => {
    if (!flagOn()) return stopPolling();
    let count: number;
    try {
      count = await deps.fetchCount();
    } catch {
      return;
    }
    $publishCount.set(count);
    zeros = count === 0 ? zeros + 1 : 0;
    if (zeros >= PUBLISH_FLAG_CLEAR_AFTER_ZERO_COUNTS) {
      deps.storage.removeItem(STORAGE_KEYS.publishFlag);
      stopPolling();
    }
  };
  const check = () => {
    if (!flagOn()) return stopPolling();
    if (poller === null) {
      zeros = 0;
      poller = deps.setInterval(() => void poll(), PUBLISH_TASK_POLL_MS);
    }
  };
  check();
  const checker = deps.setInterval(check, PUBLISH_FLAG_CHECK_MS);
  return () => {
    deps.clearInterval(checker);
    stopPolling();
  };
}

/** Reloads the count once (on start and after clearing). */
export async function refreshPublishCount(fetchCount: () => Promise<number> = fetchTaskCount): Promise<void> {
  try {
    $publishCount.set(await fetchCount());
  } catch {
    /* the indicator stays as it was */
  }
}

/**
 * A publishing action was taken (publish, offline, delete of live contents…): the flag makes the
 * indicator watch the queue (spec §4), and the count shows at once rather than at the next poll.
 */
export async function markPublishing(storage: Pick<Storage, 'setItem'> = localStorage, fetchCount: () => Promise<number> = fetchTaskCount): Promise<void> {
  try {
    storage.setItem(STORAGE_KEYS.publishFlag, 'true');
  } catch {
    /* no storage: the count below still shows */
  }
  await refreshPublishCount(fetchCount);
}

/** One page that failed in the current run (GET /cms/publish/progress). */
export interface PublishFailureView {
  taskId: number;
  dataType: string;
  dataId: number;
  pipeCode: string;
  file?: string;
  template: string;
  line: number;
  col: number;
  message: string;
}

export interface PublishProgressView {
  startTime: string | null;
  total: number;
  done: number;
  failed: number;
  running: number;
  waiting: number;
  failures: PublishFailureView[];
}

/** The current site's run as the progress view shows it; null until first asked. */
export const $publishProgress = atom<PublishProgressView | null>(null);

/** The run of the current site, or of `siteId` (a site published from the site list). */
export async function fetchPublishProgress(siteId?: string): Promise<PublishProgressView | null> {
  try {
    const res = await request<PublishProgressView>({ url: '/cms/publish/progress', quiet: true, headers: onSite(siteId) });
    $publishProgress.set(res.data ?? null);
    return res.data ?? null;
  } catch {
    return $publishProgress.get();
  }
}

/** Done / total as a whole percentage (100 for an empty run). */
export const progressPercent = (p: Pick<PublishProgressView, 'done' | 'total'> | null) =>
  !p || p.total <= 0 ? 100 : Math.min(100, Math.floor((p.done / p.total) * 100));

/**
 * A screen that just queued a publish asks the shell's progress view to open on that site's run
 * (the navbar's indicator draws the view; a screen never draws a second one). Null: nobody asks.
 */
export const $progressAsked = atom<{ siteId: string; siteName?: string } | null>(null);

/**
 * A site or catalog publish was queued on `siteId`: the indicator watches the queue and the
 * progress view opens on that site's run (titled with `siteName` when given: a site other than
 * the current one).
 */
export async function publishQueued(site: { siteId: string; siteName?: string }, storage: Pick<Storage, 'setItem'> = localStorage, fetchCount: () => Promise<number> = fetchTaskCount): Promise<void> {
  $progressAsked.set(site);
  await markPublishing(storage, fetchCount);
}
