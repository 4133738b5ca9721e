import type { CmsEvent } from '../../shared/cms/events.ts';
import type { DbOrTx } from '../db/client.ts';

export type { CmsEvent, CmsEventType } from '../../shared/cms/events.ts';

/**
 * Takes an event inside the transaction that made it happen: a listener that writes (the pushers'
 * outbox) commits or rolls back with the event's cause, so a push is never sent for a write that
 * did not happen, nor lost for one that did. A listener must use `tx` and nothing else (PGlite has
 * one connection: a query on another handle inside a transaction waits forever).
 */
export type CmsEventListener = (tx: DbOrTx, event: CmsEvent) => Promise<void>;

/**
 * The server's CMS events (Services.events): modules emit, the pushers listen. In the core so an
 * emitting module imports no listening one.
 */
export class CmsEvents {
  private readonly listeners = new Set<CmsEventListener>();

  /** Adds a listener; returns what removes it. */
  listen(listener: CmsEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Hands the event to every listener in turn, in `tx`; a listener's failure fails the emitter's transaction. */
  async emit(tx: DbOrTx, event: CmsEvent): Promise<void> {
    for (const l of [...this.listeners]) await l(tx, event);
  }
}
