import { perServices, type Services } from '../../../core/services.ts';
import { dispatchPushes, prunePushLog } from './dispatch.ts';

/** How often the dispatcher looks for due pushes and purges. */
export const PUSH_POLL_MS = 2000;
/** How often the log's old rows are forgotten. */
const PRUNE_EVERY_MS = 3_600_000;

/**
 * The push dispatcher of a server process: started with the publish worker (config publishWorker),
 * it sends the pushes and purges publishes queued (seo/queue.ts), beside the publish rather than in
 * it: a slow or failing search engine or CDN never holds a page back.
 */
export class PushDispatcher {
  private timer: NodeJS.Timeout | null = null;
  private busy: Promise<void> | null = null;
  private prunedAt = 0;
  private readonly services: Services;

  constructor(services: Services) {
    this.services = services;
  }

  start(pollMs = PUSH_POLL_MS) {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), pollMs);
    this.timer.unref();
  }

  private tick() {
    if (this.busy) return this.busy;
    this.busy = (async () => {
      try {
        // Until nothing is due: a large publish queues many jobs.
        while (this.timer && (await dispatchPushes(this.services.db, { allowedHosts: this.services.config.pushAllowedHosts })) > 0);
        if (Date.now() - this.prunedAt > PRUNE_EVERY_MS) {
          this.prunedAt = Date.now();
          await prunePushLog(this.services.db);
        }
      } catch (err) {
        if (this.timer) console.error('push dispatcher:', err instanceof Error ? err.message : err);
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

export const pushDispatcherOf = perServices((services) => new PushDispatcher(services));
