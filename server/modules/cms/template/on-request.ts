import type { DbOrTx } from '../../../db/client.ts';
import type { Services } from '../../../core/services.ts';
import { PageThreads, ReaderGate } from '../publish/page-threads.ts';
import { defaultThreads } from '../publish/render-pool.ts';
import { readerCatalogTree, type LoadScope } from './data.ts';
import { renderAsked, type PageAsk } from './page-ask.ts';
import type { PageResult } from './render.ts';
import { dbSource, readSnapshot, sessionConfig } from './session-open.ts';
import { RenderSession, type SessionOptions } from './session.ts';

/**
 * Pages rendered because someone asked for one — a preview, the workbench's live preview, a
 * site's dynamic page — as opposed to the publisher's runs: in render threads (PageThreads), with
 * a time limit, and at most a few at once per reader (ReaderGate), so one template looping for
 * seconds or a user opening ten previews delays nobody else's requests (issue 26 N6).
 */

const DEFAULT_TIME_LIMIT_MS = 5_000;
/** Pages one user may have rendering at once (previews and live previews together). */
export const PREVIEWS_PER_USER = 2;
/** Dynamic pages one visitor's address may have rendering at once. */
export const DYNAMIC_PAGES_PER_ADDRESS = 4;

const pools = new WeakMap<Services, PageThreads | null>();
const gates = new WeakMap<Services, ReaderGate>();

function threadsOf(services: Services): PageThreads | null {
  if (!pools.has(services)) {
    // As many as the publisher's: one per core but the one the main thread keeps for the API.
    const size = services.config.previewThreads ?? defaultThreads();
    pools.set(services, size > 0 ? new PageThreads(size, services.config.previewTimeLimitMs ?? DEFAULT_TIME_LIMIT_MS) : null);
  }
  return pools.get(services)!;
}

/** Ends a server's page threads (its close). */
export async function closePageThreads(services: Services): Promise<void> {
  const pool = pools.get(services);
  pools.delete(services);
  await pool?.close();
}

export interface OnRequestPage {
  siteId: number;
  pipeCode: string;
  options: SessionOptions;
  /** what the session may read (a preview's reader: their catalogs and sites) */
  scope: LoadScope;
  ask: PageAsk;
  /** who asked, for the per-reader limit: `user:<id>`, `ip:<address>` */
  reader: string;
  max: number;
}

/** Renders one page asked for by a reader: its snapshot and data from `db`, the render in a thread. */
export async function renderOnRequest(services: Services, db: DbOrTx, page: OnRequestPage): Promise<PageResult> {
  let gate = gates.get(services);
  if (!gate) gates.set(services, (gate = new ReaderGate()));
  const release = gate.enter(page.reader, page.max);
  try {
    // The reader's catalogs only (data.ts): their tags find no other catalog, as they read no other's contents.
    const snapshot = readerCatalogTree(page.scope, await readSnapshot(db, page.siteId, page.pipeCode, sessionConfig(services), page.options.overrides));
    const source = dbSource(db, page.scope, services.i18n);
    const pool = threadsOf(services);
    if (!pool) return await renderAsked(new RenderSession(snapshot, source, page.options), page.ask);
    return await pool.render(snapshot, page.options, page.ask, source);
  } finally {
    release();
  }
}
