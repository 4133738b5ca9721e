import { and, eq, sql } from 'drizzle-orm';
import type { CmsEvent } from '../../../core/cms-events.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { cmsPusher, cmsPusherDelivery } from './schema.ts';

const ENABLED = '0';

/**
 * The pushers' listener of CMS events (Services.events): one delivery row per enabled pusher of the
 * event's site subscribed to its type, written in the emitter's transaction (`tx`, and nothing
 * else), so a rolled-back write sends nothing and a committed one is never lost. An event of no
 * site (a system's async task) goes to the subscribed pushers of every site.
 */
export async function queueDeliveries(tx: DbOrTx, event: CmsEvent): Promise<number> {
  const subscribed = sql`${cmsPusher.events} @> ${JSON.stringify([event.type])}::jsonb`;
  const site = event.siteId === null ? undefined : eq(cmsPusher.siteId, event.siteId);
  const pushers = await tx.select({ pusherId: cmsPusher.pusherId, siteId: cmsPusher.siteId }).from(cmsPusher)
    .where(and(site, eq(cmsPusher.status, ENABLED), subscribed));
  if (!pushers.length) return 0;
  await tx.insert(cmsPusherDelivery).values(pushers.map((p) => ({
    siteId: p.siteId, pusherId: p.pusherId, eventType: event.type, params: event.params, link: event.link?.slice(0, 500) ?? null,
  })));
  return pushers.length;
}
