/** What a polling worker does each round. */
export interface PollingWork {
  /** How often a round starts. */
  pollMs: number;
  /** Works off what is due; answers how many it took (the round goes on while that is above 0). */
  drain(): Promise<number>;
  /** Forgets old rows, at most every `pruneEveryMs`. */
  prune?(): Promise<unknown>;
  pruneEveryMs?: number;
}

/**
 * A server process's loop over what the database holds due (the search engines' pushes and CDN
 * purges, the message pushers' deliveries): every `pollMs` a round drains until nothing is due,
 * then prunes when its time has come; one round at a time; a failure is logged and the next round
 * tries again; `stop` waits for the round under way.
 */
export class PollingWorker {
  private timer: NodeJS.Timeout | null = null;
  private busy: Promise<void> | null = null;
  private prunedAt = 0;

  private readonly name: string;
  private readonly work: PollingWork;

  constructor(name: string, work: PollingWork) {
    this.name = name;
    this.work = work;
  }

  start(pollMs = this.work.pollMs) {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), pollMs);
    this.timer.unref();
  }

  /** One round now (or the one under way); nothing is drained once stopped. */
  tick(): Promise<void> {
    if (this.busy) return this.busy;
    this.busy = (async () => {
      try {
        // Until nothing is due: a large publish queues many at once.
        while (this.timer && (await this.work.drain()) > 0);
        if (this.work.prune && Date.now() - this.prunedAt > (this.work.pruneEveryMs ?? 3_600_000)) {
          this.prunedAt = Date.now();
          await this.work.prune();
        }
      } catch (err) {
        if (this.timer) console.error(`${this.name}:`, err instanceof Error ? err.message : err);
      } finally {
        this.busy = null;
      }
    })();
    return this.busy;
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.busy;
  }
}
