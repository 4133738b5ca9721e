import type { Db } from '../../../db/client.ts';
import { drainQueue, type DrainOptions, type DrainResult, type PublishHost } from '../publish/worker.ts';
import { indexPending } from './pending.ts';

/**
 * Publishes what waits in the queue, then indexes what it published, as the publish worker does
 * once its queue is empty (publish/service.ts): for tests, shots and scripts that publish without
 * the worker and then search.
 */
export async function drainAndIndex(host: PublishHost & { db: Db }, opts: DrainOptions = {}): Promise<DrainResult> {
  const result = await drainQueue(host, opts);
  await indexPending(host.db);
  return result;
}
