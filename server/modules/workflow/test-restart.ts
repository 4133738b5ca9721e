// Test-only: a server on a PGlite folder of the test's own, started again on the same folder to
// show a review survives a restart, and its API as the review world calls it.
import type { InjectOptions } from 'fastify';
import { createServer } from '../../app.ts';
import type { ServerConfig } from '../../config.ts';
import type { Api } from './test-review.ts';

export type Server = Awaited<ReturnType<typeof createServer>>;

/** A server on `dataDir` (PGlite whatever DATABASE_URL says): no captcha, no rate limits, no publish worker, no console. */
export const startOn = (dataDir: string, config: Partial<ServerConfig> = {}) =>
  createServer({ config: { dataDir, databaseUrl: undefined, captchaEnabled: false, rateLimits: false, publishWorker: false, consoleDir: '/nonexistent', ...config } });

export const apiOf = (s: Server): Api => async (method, path, o = {}) => (await s.app.inject({
  method: method as 'GET', url: `/prod-api${path}`, query: o.query, payload: o.body as InjectOptions['payload'],
  headers: { ...(o.headers ?? {}), ...(o.token ? { authorization: `Bearer ${o.token}` } : {}) },
})).json();
