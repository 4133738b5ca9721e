import { perServices, type Services } from '../../../core/services.ts';
import { deliverDue, DELIVERY_KEEP_DAYS, pruneDeliveries } from './delivery.ts';
import { queueDeliveries } from './outbox.ts';

/** How often the worker looks for due deliveries. */
export const DELIVERY_POLL_MS = 2000;
const PRUNE_EVERY_MS = 3_600_000;

/** The setting (System → Config) naming how many days the delivery log keeps finished rows. */
export const KEEP_DAYS_SETTING = 'cms.pusher.logKeepDays';

/** The outbox listens to the server's CMS events once per Services, whether or not this process delivers. */
export const listenForPushes = perServices((services) => ({ stop: services.events.listen(async (tx, event) => { await queueDeliveries(tx, event); }) }));

/**
 * The delivery worker of a server process (started with the publish worker, as the search
 * engines' pushes are): sends due deliveries until none is left, every DELIVERY_POLL_MS, and
 * forgets old ones hourly.
 */
export class PusherWorker {
  private timer: NodeJS.Timeout | null = null;
  private busy: Promise<void> | null = null;
  private prunedAt = 0;
  private readonly services: Services;

  constructor(services: Services) {
    this.services = services;
  }

  start(pollMs = DELIVERY_POLL_MS) {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), pollMs);
    this.timer.unref();
  }

  tick(): Promise<void> {
    if (this.busy) return this.busy;
    this.busy = (async () => {
      try {
        while (this.timer && (await deliverDue(this.services)) > 0);
        if (Date.now() - this.prunedAt > PRUNE_EVERY_MS) {
          this.prunedAt = Date.now();
          const days = Number(await this.services.setting(KEEP_DAYS_SETTING).catch(() => undefined));
          await pruneDeliveries(this.services.db, Number.isInteger(days) && days > 0 ? days : DELIVERY_KEEP_DAYS);
        }
      } catch (err) {
        if (this.timer) console.error('pusher worker:', err instanceof Error ? err.message : err);
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

export const pusherWorkerOf = perServices((services) => new PusherWorker(services));
