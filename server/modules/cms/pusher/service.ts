import { perServices, type Services } from '../../../core/services.ts';
import { PollingWorker } from '../../../core/polling-worker.ts';
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
export const pusherWorkerOf = perServices((services: Services) => new PollingWorker('pusher worker', {
  drain: () => deliverDue(services),
  prune: async () => {
    const days = Number(await services.setting(KEEP_DAYS_SETTING).catch(() => undefined));
    await pruneDeliveries(services.db, Number.isInteger(days) && days > 0 ? days : DELIVERY_KEEP_DAYS);
  },
  pollMs: DELIVERY_POLL_MS,
  pruneEveryMs: PRUNE_EVERY_MS,
}));
