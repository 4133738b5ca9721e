import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { executedRows } from '../../../db/rows.ts';
import type { Services } from '../../../core/services.ts';
import { SendFailure } from '../../messaging/index.ts';
import { cmsPusher, cmsPusherDelivery } from './schema.ts';
import { languageOf, sendThrough } from './channel.ts';
import { eventMessage } from './render.ts';

/** Attempts a delivery gets before it is FAILED for good. */
export const MAX_DELIVERY_ATTEMPTS = 5;
/** The wait before the 2nd attempt; each next one waits 4× longer (30 s, 2 min, 8 min, 32 min). */
export const DELIVERY_BACKOFF_MS = 30_000;
/** A claimed (RUNNING) delivery held longer than this was left by a process that stopped: it is taken again. */
export const DELIVERY_LEASE_MS = 60_000;
/** How long the log keeps finished deliveries, unless the setting `cms.pusher.logKeepDays` says otherwise. */
export const DELIVERY_KEEP_DAYS = 30;

/** Failures a retry cannot mend: the pusher's settings must change first. */
const PERMANENT = new Set(['messaging.error.blockedTarget', 'messaging.error.badConfig', 'messaging.recipientRequired', 'pusher.error.disabled']);

export interface DeliverOptions {
  /** deliveries claimed per call (default 20) */
  limit?: number;
  /** the first retry's wait (default DELIVERY_BACKOFF_MS); tests shorten it */
  backoffMs?: number;
  leaseMs?: number;
  timeoutMs?: number;
}

type Claimed = { deliveryId: number; attempts: number };

/**
 * Claims due deliveries: PENDING whose time has come, or RUNNING whose lease ran out (a process
 * stopped while sending). `for update skip locked`: processes on one database take different rows,
 * so each delivery is sent by one of them. The claim is the lease: next_time moves past now.
 */
export async function claimDeliveries(db: DbOrTx, limit: number, leaseMs = DELIVERY_LEASE_MS): Promise<Claimed[]> {
  const res = await db.execute(sql`
    update cms_pusher_delivery u set status = 'RUNNING', attempts = u.attempts + 1, next_time = now() + (${leaseMs}::int * interval '1 millisecond')
    where u.delivery_id in (
      select d.delivery_id from cms_pusher_delivery d where d.status in ('PENDING', 'RUNNING') and d.next_time <= now()
      order by d.next_time, d.delivery_id limit ${limit} for update skip locked)
    returning u.delivery_id, u.attempts`);
  return executedRows(res).map((r) => ({ deliveryId: Number(r.delivery_id), attempts: Number(r.attempts) }));
}

/** What a send threw, as a message key and params (shown in the reader's language, delivery log). */
const failureOf = (err: unknown) => (err instanceof SendFailure ? { key: err.key, params: err.params } : { key: 'messaging.error.other', params: { detail: String((err as Error)?.message ?? err).slice(0, 300) } });

/**
 * Sends one claimed delivery through its pusher as it is now (a pusher disabled since fails it),
 * and records the outcome if the claim is still this one's (a lease taken over is left to its new
 * holder): SENT; PENDING again after a wait growing ×4, until MAX_DELIVERY_ATTEMPTS; FAILED.
 */
async function deliverOne(services: Services, claimed: Claimed, opts: DeliverOptions): Promise<void> {
  const { db } = services;
  const [d] = await db.select().from(cmsPusherDelivery).where(eq(cmsPusherDelivery.deliveryId, claimed.deliveryId));
  if (!d) return;
  const [pusher] = await db.select().from(cmsPusher).where(eq(cmsPusher.pusherId, d.pusherId));
  let failure: { key: string; params: Record<string, unknown> } | null = null;
  try {
    if (!pusher || pusher.status !== '0') throw new SendFailure('pusher.error.disabled');
    const t = services.i18n.translator(languageOf(pusher));
    const msg = eventMessage(t, d.eventType, d.params, d.link, services.config.consoleUrl);
    await sendThrough(pusher, msg, { allowedHosts: services.config.messagingAllowedHosts }, opts.timeoutMs);
  } catch (err) {
    failure = failureOf(err);
  }
  const mine = and(eq(cmsPusherDelivery.deliveryId, d.deliveryId), eq(cmsPusherDelivery.status, 'RUNNING'), eq(cmsPusherDelivery.attempts, claimed.attempts));
  if (!failure) {
    await db.update(cmsPusherDelivery).set({ status: 'SENT', failure: null, sentTime: sql`now()`, endTime: sql`now()`, nextTime: sql`now()` }).where(mine);
    return;
  }
  const retry = !PERMANENT.has(failure.key) && claimed.attempts < MAX_DELIVERY_ATTEMPTS;
  const wait = (opts.backoffMs ?? DELIVERY_BACKOFF_MS) * 4 ** (claimed.attempts - 1);
  await db.update(cmsPusherDelivery).set({
    status: retry ? 'PENDING' : 'FAILED',
    failure,
    nextTime: retry ? sql`now() + (${wait}::bigint * interval '1 millisecond')` : sql`now()`,
    endTime: retry ? null : sql`now()`,
  }).where(mine);
}

/** Sends the deliveries that are due, side by side; returns how many were claimed (0: none due). */
export async function deliverDue(services: Services, opts: DeliverOptions = {}): Promise<number> {
  const claimed = await claimDeliveries(services.db, opts.limit ?? 20, opts.leaseMs);
  await Promise.all(claimed.map((c) => deliverOne(services, c, opts)));
  return claimed.length;
}

/** Puts a FAILED delivery of the site back to be sent now, its attempts counted afresh. */
export async function retryDelivery(db: DbOrTx, siteId: number, deliveryId: number): Promise<boolean> {
  const res = await db.update(cmsPusherDelivery).set({ status: 'PENDING', attempts: 0, nextTime: sql`now()`, endTime: null, failure: null })
    .where(and(eq(cmsPusherDelivery.deliveryId, deliveryId), eq(cmsPusherDelivery.siteId, siteId), eq(cmsPusherDelivery.status, 'FAILED')))
    .returning({ id: cmsPusherDelivery.deliveryId });
  return res.length > 0;
}

/** Forgets deliveries that ended (sent or failed) more than `days` ago. Returns how many went. */
export async function pruneDeliveries(db: DbOrTx, days = DELIVERY_KEEP_DAYS, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - days * 86_400_000);
  const gone = await db.delete(cmsPusherDelivery)
    .where(and(inArray(cmsPusherDelivery.status, ['SENT', 'FAILED']), lt(cmsPusherDelivery.endTime, before)))
    .returning({ id: cmsPusherDelivery.deliveryId });
  return gone.length;
}
