import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, inject } from 'vitest';
import { createServer, type CastaneaServer, type CreateOptions } from '../../server/app.ts';
import type { ServerModule } from '../../server/core/route.ts';
import { ReplyCheck } from './reply-check.ts';
import { openDatabase, type Database } from '../../server/db/client.ts';
import type { ServerConfig } from '../../server/config.ts';
import { eq } from 'drizzle-orm';
import { sysUser } from '../../server/modules/system/schema.ts';
import { forgetSearchCaches } from '../../server/modules/cms/search/query.ts';

export interface TestServer {
  server: CastaneaServer;
  /** base URL when listening (browser tests), e.g. http://127.0.0.1:41234 */
  url: string;
  /**
   * The published sites' port when listening, e.g. http://localhost:41235/ (ends in `/`): a host
   * name other than the console's 127.0.0.1, so the two are different origins as in production.
   */
  siteUrl: string;
  database: Database;
  /** the PostgreSQL address of this server's database (unset on PGlite) */
  databaseUrl?: string;
  /** request helper over app.inject: returns the parsed JSON envelope */
  api<T = any>(method: string, path: string, opts?: { token?: string; body?: unknown; headers?: Record<string, string>; query?: Record<string, string> }): Promise<{ code: number; msg: string; data?: T; [k: string]: unknown }>;
  /** The check of every reply against its route's declared schema (reply-check.ts); `close` fails on a mismatch. */
  replyCheck: ReplyCheck;
  close(): Promise<void>;
}

/**
 * A fresh server on a fresh database: in-memory PGlite, or, when DATABASE_URL is set, a new
 * database created on that PostgreSQL server and dropped afterwards.
 */
export async function startTestServer(opts: { listen?: boolean; config?: Partial<ServerConfig>; modules?: ServerModule[]; instrument?: CreateOptions['instrument'] } = {}): Promise<TestServer> {
  // The search keeps site sizes, window edges and word shares per process by site id (one process,
  // one database); test files sharing a worker each open a database of their own, with the same ids.
  forgetSearchCaches();
  const adminUrl = process.env.DATABASE_URL;
  let dropDb: (() => Promise<void>) | undefined;
  let database: Database;
  let databaseUrl: string | undefined;
  if (adminUrl) {
    const pg = (await import('pg')).default;
    const name = `castanea_t_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    // A copy of the run's seeded template (seeded-database.global.ts) when there is one.
    const template = inject('pgTemplateDatabase');
    await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    database = await openDatabase({ databaseUrl });
    dropDb = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  } else {
    const snapshotFile = inject('pgliteSnapshotFile');
    database = await openDatabase({ dataDir: 'memory://', pgliteSnapshot: snapshotFile ? new Blob([readFileSync(snapshotFile)]) : undefined });
  }
  const replyCheck = new ReplyCheck();
  const server = await createServer({
    database,
    modules: opts.modules,
    instrument: (instance, which) => {
      replyCheck.instrument(instance);
      opts.instrument?.(instance, which);
    },
    // Throttles off: a test file signs in many times from one address. The tests that prove them
    // turn them back on (config `rateLimits: true`) and meet the real numbers.
    // The publish worker too: tests of the queue look at tasks a worker would take; those of the
    // worker run it (drainQueue) or turn it on (config `publishWorker: true`).
    config: { captchaEnabled: false, logRequests: false, rateLimits: false, publishWorker: false, ...opts.config, databaseUrl: undefined },
  });
  replyCheck.watch(server.services);
  let url = '';
  let siteUrl = '';
  if (opts.listen) {
    const portOf = (s: typeof server.app.server) => {
      const addr = s.address();
      return typeof addr === 'object' && addr ? addr.port : 0;
    };
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${portOf(server.app.server)}`;
    await server.sites.listen({ port: 0, host: '127.0.0.1' });
    // Published links name the port the sites really listen on (config.siteUrl, read per publish).
    siteUrl = `http://localhost:${portOf(server.sites.server)}/`;
    if (!opts.config?.siteUrl) server.services.config.siteUrl = siteUrl;
  }
  return {
    server,
    url,
    siteUrl,
    database,
    databaseUrl,
    replyCheck,
    async api(method, path, o = {}) {
      const headers: Record<string, string> = { ...(o.headers ?? {}) };
      if (o.token) headers.authorization = `Bearer ${o.token}`;
      const res = await server.app.inject({
        method: method as never,
        url: `/prod-api${path}`,
        query: o.query,
        headers,
        payload: o.body as never,
      });
      return res.json();
    },
    async close() {
      await server.close();
      await database.close();
      await dropDb?.();
      replyCheck.assertClean();
    },
  };
}

/**
 * A second server on `first`'s database, as a second process behind a load balancer would be: on
 * PostgreSQL with connections of its own; on PGlite (one connection) through the same database.
 * What must hold across processes (members' sessions, the readers' throttles, vote limits) is
 * shown with it. Close it before the first.
 */
export async function startPeerServer(first: Pick<TestServer, 'database' | 'databaseUrl'>, config: Partial<ServerConfig> = {}): Promise<{ server: CastaneaServer; close(): Promise<void> }> {
  const own = first.databaseUrl ? await openDatabase({ databaseUrl: first.databaseUrl }) : null;
  const replyCheck = new ReplyCheck();
  const server = await createServer({
    database: own ?? first.database,
    instrument: replyCheck.instrument,
    config: { captchaEnabled: false, logRequests: false, rateLimits: false, publishWorker: false, ...config, databaseUrl: undefined },
  });
  replyCheck.watch(server.services);
  return {
    server,
    async close() {
      await server.close();
      await own?.close();
      replyCheck.assertClean();
    },
  };
}

/** A test server for one test file: see `useTestServer`. */
export interface TestServerFixture extends Omit<TestServer, 'close'> {
  /**
   * The seeded administrator's token (admin/admin123), its first-sign-in password change waived so
   * the API answers it (tests of the forced change sign in on their own).
   */
  readonly admin: string;
  /** Signs a user in over /login and returns the token (undefined when refused). */
  login(username: string, password: string): Promise<string>;
  /**
   * Signs in a user made through the API for a test about something else: their first-sign-in
   * password change (the seeded policy demands one) is waived first, so the API answers them.
   */
  loginReady(username: string, password: string): Promise<string>;
}

/**
 * The usual set-up of an API test file: registers a `beforeAll` that starts a test server and
 * signs the seeded admin in, and an `afterAll` that closes it. Call it at the top of the file,
 * before the file's own hooks (which then run after it). The returned object stands for the
 * server once `beforeAll` has run: use it inside hooks and tests, not at import time.
 */
export function useTestServer(opts: Parameters<typeof startTestServer>[0] = {}): TestServerFixture {
  let current: TestServer | undefined;
  let admin = '';
  const started = () => {
    if (!current) throw new Error('useTestServer: the server starts in beforeAll; use it inside hooks and tests');
    return current;
  };
  const fixture: TestServerFixture = {
    get server() {
      return started().server;
    },
    get url() {
      return started().url;
    },
    get siteUrl() {
      return started().siteUrl;
    },
    get database() {
      return started().database;
    },
    get databaseUrl() {
      return started().databaseUrl;
    },
    get replyCheck() {
      return started().replyCheck;
    },
    get admin() {
      started();
      return admin;
    },
    api: (method, path, o) => started().api(method, path, o),
    async login(username, password) {
      return (await started().api('POST', '/login', { body: { username, password } })).data as string;
    },
    async loginReady(username, password) {
      await started().database.db.update(sysUser).set({ forceModifyPassword: 'N' }).where(eq(sysUser.userName, username));
      return fixture.login(username, password);
    },
  };
  beforeAll(async () => {
    current = await startTestServer(opts);
    await current.database.db.update(sysUser).set({ forceModifyPassword: 'N' }).where(eq(sysUser.userName, 'admin'));
    admin = await fixture.login('admin', 'admin123');
  });
  afterAll(async () => {
    await current?.close();
  });
  return fixture;
}
