// First: caps the young generation before anything grows the heap (core/heap.ts).
import '../core/heap.ts';
import { AsyncLocalStorage } from 'node:async_hooks';
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';
import { lockDataFolder, type DataLock } from './data-lock.ts';
import { ConnectionGate, DEFAULT_LIMITS, gateMethods, markTransactions, refuseInsideTransactions, type GuardLimits } from './guard.ts';

export type Schema = typeof schema;
/** Both drivers share this base, so operations never care which database they run on. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface OpenOptions {
  /** postgres://… ; when absent the embedded PGlite is used */
  databaseUrl?: string;
  /** PGlite data folder; 'memory://' keeps everything in memory (tests) */
  dataDir?: string;
  /** how long a query may wait for the database and a transaction may run (guard.ts) */
  limits?: Partial<GuardLimits>;
  /**
   * A PGlite data directory dumped by `dumpPglite` to start from instead of an empty cluster
   * (tests: a migrated and seeded database opens in a third of the time a new one takes).
   */
  pgliteSnapshot?: Blob;
}

/** Opens the database and applies every pending migration before anything else touches it. */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const limits = { ...DEFAULT_LIMITS, ...opts.limits };
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, limits);
  return openPglite(opts.dataDir ?? './data', limits, opts.pgliteSnapshot);
}

/** PGlite's entry points that take its one connection (a transaction holds it throughout). */
const PGLITE_ENTRY_POINTS = ['query', 'sql', 'exec', 'transaction', 'describeQuery'] as const;

/**
 * The PostgreSQL extensions the migrations create, which PGlite must have loaded to run them:
 * pg_trgm, for the content list's title search (migration 0013_content_list_indexes).
 */
export async function pgliteExtensions() {
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return { pg_trgm };
}

/**
 * PGlite's page cache. PostgreSQL's default (128 MB) lives in the process's memory once touched: a
 * publish reading every content filled it and the server's RSS with it. Pages beyond it come
 * from the operating system's file cache, which costs the process nothing (README "Publishing speed").
 */
export const PGLITE_SHARED_BUFFERS = process.env.PGLITE_SHARED_BUFFERS || '16MB';

async function openPglite(dataDir: string, limits: GuardLimits, snapshot?: Blob): Promise<Database> {
  let target = dataDir;
  let lock: DataLock | undefined;
  if (!dataDir.startsWith('memory://')) {
    mkdirSync(dataDir, { recursive: true });
    // PGlite would let a second process open the folder too, which corrupts the cluster for good.
    lock = lockDataFolder(dataDir);
    target = `${dataDir.replace(/\/$/, '')}/pgdata`;
  }
  let opened: import('@electric-sql/pglite').PGlite | undefined;
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const client = new PGlite(target, {
      extensions: await pgliteExtensions(),
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
      ...(snapshot ? { loadDataDir: snapshot } : {}),
    });
    // PGlite queries itself while it starts up: wrap its entry points only once it is ready.
    await client.waitReady;
    opened = client;
    // Gate first, refusal outermost: a query from inside a transaction must fail before it queues.
    gateMethods(client, PGLITE_ENTRY_POINTS, new ConnectionGate(limits.waitMs));
    refuseInsideTransactions(client, PGLITE_ENTRY_POINTS);
    const db = drizzle(client, { schema });
    markTransactions(db, limits.txTimeoutMs);
    await migrate(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: 'pglite', close: () => client.close().finally(() => lock?.release()) };
  } catch (err) {
    // The folder is free again only once this process no longer has it open.
    await opened?.close().catch(() => {});
    lock?.release();
    throw err;
  }
}

/** The whole PGlite cluster as an uncompressed tarball, for `pgliteSnapshot` (PGlite only). */
export async function dumpPglite(database: Database): Promise<Blob> {
  if (database.kind !== 'pglite') throw new Error('dumpPglite: not a PGlite database');
  const client = (database.db as unknown as { $client: import('@electric-sql/pglite').PGlite }).$client;
  return client.dumpDataDir('none');
}

async function openPostgres(url: string, limits: GuardLimits): Promise<Database> {
  const pg = (await import('pg')).default;
  type PoolClient = import('pg').PoolClient;
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  // bigint (int8) and numeric arrive as strings by default; ids fit in a JS number.
  // A request waits at most `waitMs` for a connection; the server cancels a statement running
  // longer than a transaction may, and ends a session idling inside a transaction that long.
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: limits.waitMs,
    statement_timeout: limits.txTimeoutMs,
    idle_in_transaction_session_timeout: limits.txTimeoutMs,
  });
  // The server may end a connection: an idle pooled one (restart, admin shutdown; the pool then
  // replaces it) or one held by a transaction idling past the limit. Without a listener
  // node-postgres would crash the process on that event; pg-pool listens only while a connection
  // is idle, so every connection gets its own listener for the time it is checked out.
  const lost = (err: Error & { code?: string }) => {
    if (err.code !== '57P01') console.warn(`PostgreSQL connection lost: ${err.message}`);
  };
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', lost));
  // Each transaction's connection, so that a transaction cut at its time limit has its connection
  // closed (the server rolls it back) rather than handed to another request while the abandoned
  // code may still use it.
  const txConnection = new AsyncLocalStorage<{ client?: PoolClient }>();
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => Promise<PoolClient>;
  pool.connect = ((...args: unknown[]) => {
    // pg-pool's own query() asks with a callback: only Drizzle's promise form starts transactions.
    if (args.length) return connect(...args);
    return connect().then((client) => {
      const slot = txConnection.getStore();
      if (slot) slot.client = client;
      return client;
    });
  }) as typeof pool.connect;
  refuseInsideTransactions(pool, ['query', 'connect']);
  const db = drizzle(pool, { schema });
  markTransactions(db, limits.txTimeoutMs, () => void txConnection.getStore()?.client?.end().catch(() => {}));
  const marked = db.transaction.bind(db);
  db.transaction = ((callback, config) => txConnection.run({}, () => marked(callback, config))) as typeof db.transaction;
  // Several processes may start at once against one server: migrate under an advisory lock.
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock(727274)');
    await migrate(db, { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock(727274)').catch(() => {});
    lockClient.release();
  }
  return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
}
