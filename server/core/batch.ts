import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { envelope } from './envelope.ts';
import { ReplyCode } from './errors.ts';
import { BATCH_MAX_CALLS, BATCH_PATH, type BatchAnswer } from '../../shared/batch-calls.ts';
import { z } from 'zod';
import type { RegisteredRoute } from './route.ts';

/**
 * `GET /prod-api/batch?get=/getInfo&get=/getRouters…`: several GET calls in one round trip (issue
 * 12). A signed-in page's first data is six or seven small calls; on a slow link each costs a
 * round trip, and on HTTP/1.1 they hold all six of the browser's connections while the page's
 * modules wait behind them. The console's head script asks for them in one batch
 * (src/lib/early-fetch.ts) and falls back to the single calls when the batch is refused (a
 * ChestnutCMS backend has no such route).
 *
 * Each call is replayed through the whole server (`inject`) with the caller's own headers and
 * address, so it passes exactly the checks it would pass on its own: session, permissions, current
 * site, IP rules, throttles. The batch adds no power: GET only, paths below the API, no nesting.
 */

/**
 * What the calls of one batch share: they carry the same headers and are answered at the same
 * moment, so the session behind their token (and the current site it resolves to) is looked up
 * once for all of them instead of once per call (three to five queries each; ten calls held the
 * server's only thread ~80 ms, while the page's static files waited behind them). The store exists
 * only inside a batch's own replay: nothing outside can read or fill it.
 */
const batchScope = new AsyncLocalStorage<Map<string, Promise<unknown>>>();

/** `compute()`, or inside a batch the promise an earlier call of the same batch made for `key`. */
export function sharedInBatch<T>(key: string, compute: () => Promise<T>): Promise<T> {
  const memo = batchScope.getStore();
  if (!memo) return compute();
  let hit = memo.get(key) as Promise<T> | undefined;
  if (!hit) {
    hit = compute();
    memo.set(key, hit);
  }
  return hit;
}

/** A path below the API: no scheme or host, no dot segments, not the batch itself. */
const CALL_PATH = /^\/(?!\/)[^\s#\\]*$/;
const DOT_SEGMENT = /(^|\/)(\.|%2e){1,2}(\/|$|\?)/i;

export function batchCallsOf(query: unknown): string[] | null {
  const raw = (query as { get?: unknown } | undefined)?.get;
  const calls = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).map(String);
  if (calls.length === 0 || calls.length > BATCH_MAX_CALLS) return null;
  const ok = calls.every((c) => CALL_PATH.test(c) && !DOT_SEGMENT.test(c) && c.split('?')[0] !== BATCH_PATH);
  return ok ? [...new Set(calls)] : null;
}

/** Request headers a replayed call keeps: the caller's, less those about this request's own body and transport. */
function replayHeaders(req: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || /^(host|content-length|content-type|accept-encoding|connection|transfer-encoding|keep-alive|upgrade|expect)$/i.test(name)) continue;
    out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** The batch route as the OpenAPI document describes it: each call is checked as itself. */
export const batchRoute = (prefix: string): RegisteredRoute => ({
  api: 'prod-api',
  method: 'GET',
  url: `${prefix}${BATCH_PATH}`,
  perm: 'public',
  site: false,
  summary: `Up to ${BATCH_MAX_CALLS} GET calls below the API in one round trip, each answered as alone`,
  query: z.object({ get: z.union([z.string(), z.array(z.string()).max(BATCH_MAX_CALLS)]).describe('a call below the API, e.g. /getInfo; repeated') }),
  reply: z.record(z.string(), z.object({ status: z.int(), body: z.unknown() })),
  codes: [ReplyCode.OK, ReplyCode.FAIL],
});

/**
 * Mounts the batch route on `api` (the /prod-api scope); `root` replays the calls, `prefix` is the
 * API's mount point. `badRequest` gives the localized refusal.
 */
export function mountBatch(api: FastifyInstance, root: FastifyInstance, prefix: string, badRequest: (req: FastifyRequest) => string): void {
  api.get(BATCH_PATH, async (req, reply) => {
    const calls = batchCallsOf(req.query);
    if (!calls) return reply.send(envelope(ReplyCode.FAIL, badRequest(req)));
    const headers = replayHeaders(req);
    const replies = await batchScope.run(new Map(), () => Promise.all(calls.map(async (call) => {
      const res = await root.inject({ method: 'GET', url: `${prefix}${call}`, headers, remoteAddress: req.socket.remoteAddress ?? req.ip });
      let body: unknown = null;
      if (/json/i.test(String(res.headers['content-type'] ?? ''))) {
        try {
          body = res.json();
        } catch {
          body = null;
        }
      }
      return [call, { status: res.statusCode, body } satisfies BatchAnswer] as const;
    })));
    // Each part is a call's own answer; none may be cached as the batch's.
    void reply.header('cache-control', 'no-store');
    return reply.send(envelope(ReplyCode.OK, '', Object.fromEntries(replies)));
  });
}
