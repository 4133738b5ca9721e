import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from './client.ts';
import { ConnectionGate, DatabaseBusy, OuterQueryInTransaction, TransactionTimeout } from './guard.ts';

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

  it.runIf(kind === 'pglite')('a transaction that hangs is cut after its limit and rolled back; others then get the connection', async () => {
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
