import { perServices, type Services } from '../../../core/services.ts';
import { PollingWorker } from '../../../core/polling-worker.ts';
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
export const pushDispatcherOf = perServices((services: Services) => new PollingWorker('push dispatcher', {
  drain: () => dispatchPushes(services.db, { allowedHosts: services.config.pushAllowedHosts }),
  prune: () => prunePushLog(services.db),
  pollMs: PUSH_POLL_MS,
  pruneEveryMs: PRUNE_EVERY_MS,
}));
