import { AsyncLocalStorage } from 'node:async_hooks';
import { channel } from 'node:diagnostics_channel';

/**
 * Keeps one bad query from freezing the whole API.
 *
 * PGlite is a single connection: while a transaction runs, every query on the outer database
 * waits for it to end. A query on the outer `db` issued *from inside* a transaction therefore
 * waits for itself, forever, and every later request queues behind it. On PostgreSQL the same
 * mistake takes a second connection and reads data the transaction cannot see (or waits on a
 * row lock the transaction holds). Either way it is a bug, so it fails at once, loudly, on both
 * databases: the transaction's callback runs inside an AsyncLocalStorage marker, and the outer
 * client's entry points refuse to run while that marker is open.
 *
 * What is not a bug but still must not take the server down (a transaction that hangs on
 * something else, a flood of requests) is bounded by time: on PGlite a transaction is cut after
 * `txTimeoutMs` and a query that cannot get the connection within `waitMs` fails; on PostgreSQL
 * the server's statement and idle-in-transaction timeouts and the pool's wait limit do the same,
 * and a transaction whose code outlives `txTimeoutMs` is cut too, so its connection goes back.
 */

/**
 * Every error the guard raises is also published on this diagnostics channel: the route that meets
 * it answers a generic failure, so whoever watches (tests, monitoring) learns the cause here.
 */
export const GUARD_CHANNEL = 'castanea:db-guard';
const guardChannel = channel(GUARD_CHANNEL);
function tripped<E extends Error>(err: E): E {
  if (guardChannel.hasSubscribers) guardChannel.publish(err);
  return err;
}

export class OuterQueryInTransaction extends Error {
  constructor() {
    super('A query ran on the outer database inside a transaction; use the transaction handle (op.tx) instead');
    this.name = 'OuterQueryInTransaction';
  }
}

export class DatabaseBusy extends Error {
  constructor(waitMs: number) {
    super(`The database stayed busy for ${waitMs} ms`);
    this.name = 'DatabaseBusy';
  }
}

export class TransactionTimeout extends Error {
  constructor(ms: number) {
    super(`A transaction ran longer than ${ms} ms and was rolled back`);
    this.name = 'TransactionTimeout';
  }
}

export interface GuardLimits {
  /** longest a query or transaction waits for PGlite's one connection */
  waitMs: number;
  /** longest a transaction may hold it */
  txTimeoutMs: number;
}

export const DEFAULT_LIMITS: GuardLimits = { waitMs: 30_000, txTimeoutMs: 60_000 };

interface TxMarker {
  open: boolean;
}
const insideTransaction = new AsyncLocalStorage<TxMarker>();

function assertOutside() {
  if (insideTransaction.getStore()?.open) throw tripped(new OuterQueryInTransaction());
}

type AnyFn = (...args: any[]) => any;

/** Makes `methods` of the outer client refuse to run inside a transaction's callback. */
export function refuseInsideTransactions(client: object, methods: readonly string[]) {
  const target = client as Record<string, AnyFn>;
  for (const name of methods) {
    const original = target[name];
    if (typeof original !== 'function') continue;
    target[name] = function guarded(this: unknown, ...args: unknown[]) {
      assertOutside();
      return original.apply(this ?? client, args);
    };
  }
}

/**
 * Wraps a Drizzle database's `transaction` so its callback runs under the marker; with `cutAfterMs`
 * the callback is abandoned (and the transaction rolled back) when it outlives the limit, and
 * `onCut` runs first (PostgreSQL closes the transaction's connection there, so code that resumes
 * later cannot run statements on it once it serves another request). A cut transaction fails
 * with TransactionTimeout, whatever its rollback then met.
 */
export function markTransactions(db: { transaction: AnyFn }, cutAfterMs?: number, onCut?: () => void) {
  const original = db.transaction.bind(db);
  db.transaction = async (callback: AnyFn, config?: unknown) => {
    let cut: TransactionTimeout | undefined;
    try {
      return await original(async (tx: unknown) => {
        const marker: TxMarker = { open: true };
        try {
          const work = insideTransaction.run(marker, () => callback(tx));
          if (!cutAfterMs) return await work;
          return await withDeadline(work, cutAfterMs, (err) => {
            cut = err;
            onCut?.();
          });
        } finally {
          marker.open = false;
        }
      }, config);
    } catch (err) {
      throw cut ?? err;
    }
  };
}

async function withDeadline<T>(work: Promise<T>, ms: number, onTimeout: (err: TransactionTimeout) => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const err = tripped(new TransactionTimeout(ms));
      onTimeout(err);
      reject(err);
    }, ms);
    timer.unref();
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * One-at-a-time gate in front of PGlite's connection, with a wait limit: a caller that cannot get
 * in within `waitMs` fails with DatabaseBusy and never runs later (so a write that was reported
 * as failed cannot happen behind the caller's back).
 */
export class ConnectionGate {
  private busy = false;
  private readonly waiting: { grant: () => void; timer: NodeJS.Timeout }[] = [];
  private readonly waitMs: number;
  constructor(waitMs: number) {
    this.waitMs = waitMs;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private acquire(): Promise<void> {
    if (!this.busy) {
      this.busy = true;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const entry = {
        grant: () => {
          clearTimeout(entry.timer);
          resolve();
        },
        timer: setTimeout(() => {
          const i = this.waiting.indexOf(entry);
          if (i >= 0) this.waiting.splice(i, 1);
          reject(tripped(new DatabaseBusy(this.waitMs)));
        }, this.waitMs),
      };
      this.waiting.push(entry);
    });
  }

  private release() {
    const next = this.waiting.shift();
    if (next) next.grant();
    else this.busy = false;
  }
}

/** Puts `methods` of the client behind the gate (each call, or each whole transaction, is one turn). */
export function gateMethods(client: object, methods: readonly string[], gate: ConnectionGate) {
  const target = client as Record<string, AnyFn>;
  for (const name of methods) {
    const original = target[name];
    if (typeof original !== 'function') continue;
    target[name] = function gated(this: unknown, ...args: unknown[]) {
      return gate.run(() => original.apply(this ?? client, args));
    };
  }
}
