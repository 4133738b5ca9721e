import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from './client.ts';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { ConnectionGate, DatabaseBusy, GUARD_CHANNEL, OuterQueryInTransaction, TransactionTimeout } from './guard.ts';

// On PGlite's single connection each of these used to wait forever and freeze every later query.
describe.each(process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'])('database guard on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({
      dataDir: 'memory://',
      databaseUrl: kind === 'postgres' ? process.env.DATABASE_URL : undefined,
      limits: { txTimeoutMs: 1500, waitMs: 1000 },
    });
  });
  afterAll(() => database.close());

  /** Drizzle wraps a driver's error in its own; what matters is the cause. */
  const rootCause = async (p: Promise<unknown>) => {
    try {
      await p;
    } catch (err) {
      let e: unknown = err;
      while (e instanceof Error && e.cause) e = e.cause;
      return e;
    }
    throw new Error('expected a failure');
  };
  const one = async (): Promise<unknown> => { const r = await database.db.execute(sql`select 1 as n`); return (r as unknown as { rows: unknown[] }).rows[0]; };

  it('a query on the outer database inside a transaction fails at once, and the database keeps answering', async () => {
    const started = Date.now();
    expect(await rootCause(database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await database.db.execute(sql`select 2`);
    }))).toBeInstanceOf(OuterQueryInTransaction);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await one()).toEqual({ n: 1 });
  });

  it('publishes each refusal on the guard channel (a route reports only a generic failure)', async () => {
    const seen: unknown[] = [];
    const listener = (err: unknown) => void seen.push(err);
    subscribe(GUARD_CHANNEL, listener);
    try {
      await rootCause(database.db.transaction(async () => database.db.execute(sql`select 2`)));
    } finally {
      unsubscribe(GUARD_CHANNEL, listener);
    }
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBeInstanceOf(OuterQueryInTransaction);
  });

  it('a transaction opened on the outer database inside another fails too', async () => {
    expect(await rootCause(database.db.transaction(async () => {
      await database.db.transaction(async (inner) => inner.execute(sql`select 1`));
    }))).toBeInstanceOf(OuterQueryInTransaction);
    expect(await one()).toEqual({ n: 1 });
  });

  it('savepoints through the transaction handle still work, and work started after commit may use the outer database', async () => {
    let later: Promise<unknown> | undefined;
    await database.db.transaction(async (tx) => {
      await tx.transaction(async (sp) => sp.execute(sql`select 1`));
      later = new Promise((r) => setTimeout(r, 20)).then(() => one());
    });
    expect(await later).toEqual({ n: 1 });
  });

  it('a transaction that hangs is cut after its limit and rolled back; others then get the connection', async () => {
    const started = Date.now();
    await expect(database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await new Promise(() => {});
    })).rejects.toBeInstanceOf(TransactionTimeout);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await one()).toEqual({ n: 1 });
  });
});

describe('connection gate', () => {
  it('runs one at a time and fails a caller that waits past the limit without ever running it', async () => {
    const gate = new ConnectionGate(50);
    const ran: string[] = [];
    let release!: () => void;
    const first = gate.run(() => new Promise<void>((r) => { release = r; ran.push('first'); }));
    const second = gate.run(async () => { ran.push('second'); });
    await expect(second).rejects.toBeInstanceOf(DatabaseBusy);
    release();
    await first;
    await gate.run(async () => { ran.push('third'); });
    expect(ran).toEqual(['first', 'third']);
  });
});

// PostgreSQL bounds what the guard cannot see: the server cancels a statement running too long
// and ends a session idling inside a transaction too long (both at txTimeoutMs), and the pool
// fails a request that waits for a connection longer than waitMs.
describe.runIf(process.env.DATABASE_URL)('time limits on postgres', () => {
  const open = (limits: { txTimeoutMs: number; waitMs: number }) => openDatabase({ databaseUrl: process.env.DATABASE_URL, limits });
  const rows = async (database: Database, query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const causeOf = async (p: Promise<unknown>) => {
    try {
      await p;
    } catch (err) {
      let e: unknown = err;
      while (e instanceof Error && e.cause) e = e.cause;
      return e as Error & { code?: string };
    }
    throw new Error('expected a failure');
  };
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  let database: Database;
  beforeAll(async () => {
    database = await open({ txTimeoutMs: 1500, waitMs: 1000 });
  });
  afterAll(() => database.close());

  it('a statement running past the limit is cancelled, and the database keeps answering', async () => {
    const started = Date.now();
    const cause = await causeOf(database.db.execute(sql`select pg_sleep(30)`));
    expect(cause.code).toBe('57014'); // query_canceled: statement timeout
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await rows(database, sql`select 1 as n`)).toEqual([{ n: 1 }]);
  });

  it('a connection left idle inside a transaction is ended by the server after the limit, freeing its locks, and the process lives on', async () => {
    // Taken by hand, past Drizzle and the guard's cut: only the server's idle-in-transaction timeout
    // ends it. Its end arrives while no query runs, an event node-postgres throws unless listened to.
    const LOCK = 727_001;
    const lockFree = async () => (await rows(database, sql`select pg_try_advisory_xact_lock(${LOCK}) as free`))[0]!.free;
    const pool = (database.db as unknown as { $client: import('pg').Pool }).$client;
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query(`select pg_advisory_xact_lock(${LOCK})`);
      expect(await lockFree()).toBe(false);
      await sleep(2500);
      expect(await lockFree()).toBe(true);
      // Whatever it meant to commit is gone with the session.
      await expect(client.query('commit')).rejects.toThrow();
    } finally {
      client.release(true);
    }
    expect(await rows(database, sql`select 1 as n`)).toEqual([{ n: 1 }]);
  });

  it('transactions whose code hangs are cut at the limit and give their connections back (the whole pool)', async () => {
    const started = Date.now();
    const hung = Array.from({ length: 10 }, () => database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await new Promise(() => {});
    }));
    for (const outcome of await Promise.allSettled(hung)) {
      expect(outcome.status).toBe('rejected');
      expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(TransactionTimeout);
    }
    expect(Date.now() - started).toBeLessThan(5000);
    const answers = await Promise.all(Array.from({ length: 10 }, () => rows(database, sql`select 1 as n`)));
    expect(answers).toEqual(Array.from({ length: 10 }, () => [{ n: 1 }]));
  });

  it('code that resumes after its transaction was cut cannot run statements on the connection any more', async () => {
    let late: Promise<unknown> | undefined;
    const cut = database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_sleep(1.2)`);
      // The cut comes at 1.5 s, while this waits; the server would end the idle session only at 2.7 s.
      await sleep(800);
      late = tx.execute(sql`select 1`);
      await late;
    });
    expect(await causeOf(cut)).toBeInstanceOf(TransactionTimeout);
    while (!late) await sleep(20);
    expect(await causeOf(late)).toBeInstanceOf(Error);
    expect(await rows(database, sql`select 1 as n`)).toEqual([{ n: 1 }]);
  });

  it('with every connection taken, a query fails after the wait limit instead of queueing, and the pool recovers', async () => {
    const busy = await open({ txTimeoutMs: 10_000, waitMs: 300 });
    try {
      let release!: () => void;
      const gate = new Promise<void>((r) => { release = r; });
      let inside = 0;
      // Each holder takes one connection and keeps it. Opening a connection is itself bounded by
      // the 300 ms wait limit, which a loaded machine (CI, tests in parallel) may exceed: a holder
      // tries again until it is in.
      const hold = async (): Promise<void> => {
        for (let attempt = 1; ; attempt++) {
          try {
            return await busy.db.transaction(async (tx) => {
              await tx.execute(sql`select 1`);
              inside++;
              await gate;
            });
          } catch (err) {
            if (attempt >= 30) throw err;
          }
        }
      };
      const holders = Array.from({ length: 10 }, hold);
      for (const end = Date.now() + 20_000; inside < 10 && Date.now() < end; ) await sleep(10);
      expect(inside).toBe(10);
      const started = Date.now();
      const cause = await causeOf(busy.db.execute(sql`select 1`));
      expect(cause.message).toMatch(/timeout/i);
      expect(Date.now() - started).toBeLessThan(2000);
      release();
      await Promise.all(holders);
      expect(await rows(busy, sql`select 1 as n`)).toEqual([{ n: 1 }]);
    } finally {
      await busy.close();
    }
  });
});
