import { perServices, type Services } from '../../../core/services.ts';
import { dispatchPushes } from './dispatch.ts';

/** How often the dispatcher looks for due pushes and purges. */
export const PUSH_POLL_MS = 2000;

/**
 * The push dispatcher of a server process: started with the publish worker (config publishWorker),
 * it sends the pushes and purges publishes queued (seo/queue.ts), beside the publish rather than in
 * it: a slow or failing search engine or CDN never holds a page back.
 */
export class PushDispatcher {
  private timer: NodeJS.Timeout | null = null;
  private busy: Promise<void> | null = null;
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
        while (this.timer && (await dispatchPushes(this.services.db)) > 0);
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
