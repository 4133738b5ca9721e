/**
 * The batch route shared by the server (server/core/batch.ts) and the console (early-fetch.ts,
 * prefetchGets in request.ts): several GET calls in one round trip, answered per call.
 */

/** The route below the API base. */
export const BATCH_PATH = '/batch';
/** At most this many calls per batch: a signed-in page's first data (eight) and its screen's (a list and its dictionaries). */
export const BATCH_MAX_CALLS = 12;

/** One call's answer in a batch: its HTTP status and its envelope (null when it sent no JSON). */
export interface BatchAnswer {
  status: number;
  body: unknown;
}

/** The batch URL (below the API base) asking for `calls`. */
export const batchUrl = (calls: readonly string[]): string => `${BATCH_PATH}?${calls.map((c) => `get=${encodeURIComponent(c)}`).join('&')}`;
