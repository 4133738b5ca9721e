// What a phase of bench:public is (scripts/bench-public.ts runs them; one file per route family
// beside this one): what it is given, what it prepares and how it checks what was stored.
import type { CastaneaServer } from '../../server/app.ts';
import type { Database } from '../../server/db/client.ts';
import type { LoadRequest } from './load.ts';

/** What a phase is given: the server, its database, the bench site and a console API call. */
export interface BenchContext {
  server: CastaneaServer;
  database: Database;
  siteId: number;
  catalogId: number;
  /** the site's published contents */
  contents: number[];
  /** a console API call as the administrator on the bench site (inject on the API's port), answering the envelope's data */
  api(method: string, url: string, body?: unknown): Promise<any>;
  /**
   * The i-th reader's address (spread over BENCH_ADDRESSES, so no address meets its caps). `block`
   * gives a phase addresses of its own (10.x, 11.x…), so one phase's throttle windows, still open
   * for a minute, never count against the next phase's requests.
   */
  addressOf(i: number, block?: number): string;
  /** how many addresses a block holds (BENCH_ADDRESSES) */
  addresses: number;
}

/**
 * A request of a phase (load.ts LoadRequest): method, path, headers, body; `accepted` the HTTP
 * status meaning the server took it (204 for a view, 200 for an envelope…); `tag` what the phase
 * wants counted of the accepted ones (a content id, a vote's option), handed to verify.
 */
export type BenchRequest = LoadRequest;

export interface PhaseRun {
  /** The requests to send, made before the clock starts (the load generator runs in another thread). */
  requests: BenchRequest[];
  /** true: send them again and again until the time is up (views); false: each at most once (comments, votes) */
  cycle: boolean;
  /** After the run: writes what the route buffers and compares the stored totals with the accepted requests by tag. */
  verify(accepted: Map<string | number, number>): Promise<{ ok: boolean; stored: number; detail: string }>;
}

export interface Phase {
  name: string;
  /** what one accepted request is, for the printed rate ("views") */
  unit: string;
  /** the accepted rate the phase must reach (issue 31: 2,000 views/s on this 2-core machine); null: printed, no goal */
  goalPerSecond: number | null;
  prepare(ctx: BenchContext): Promise<PhaseRun>;
}

/** Compares stored totals with accepted counts by key; the failing keys (the first 5) or `allEqual` as the detail. */
export function compareTotals(keys: readonly (string | number)[], accepted: (key: string | number) => number, stored: (key: string | number) => number[], label: (key: string | number) => string, allEqual: string) {
  const wrong: string[] = [];
  for (const key of keys) {
    const sent = accepted(key);
    const got = stored(key);
    if (got.some((n) => n !== sent)) wrong.push(`${label(key)}: accepted ${sent}, stored ${got.join(' / ')}`);
  }
  return { ok: wrong.length === 0, detail: wrong.length ? wrong.slice(0, 5).join('; ') : allEqual };
}
