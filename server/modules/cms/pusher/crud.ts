import { eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { rowSchemaOf } from '../../../core/row-schema.ts';
import { resourceOperations, type ResourceHooks } from '../../../core/resource.ts';
import { routesOf, statusRoute } from '../../../core/resource-routes.ts';
import { defineRoute, noData, type AnyRoute } from '../../../core/route.ts';
import { fail } from '../../../core/errors.ts';
import { readOf, writeOf, type SiteOp, type SiteRef } from '../../../core/operation.ts';

type Row = Record<string, unknown>;
import { formatDateTime } from '../../../../shared/format.ts';
import { id } from '../../../../shared/validators/common.ts';
import { pusherResource } from '../../../../shared/resources/cms/pusher.ts';
import { pusherDeliveryResource } from '../../../../shared/resources/cms/pusher-delivery.ts';
import { SendFailure } from '../../messaging/index.ts';
import { editsSite } from '../site/current.ts';
import { cmsPusher, cmsPusherDelivery } from './schema.ts';
import { languageOf, sendThrough, type PusherRow } from './channel.ts';
import { retryDelivery } from './delivery.ts';

const EDIT = pusherResource.perms.edit!;

/** A site's pushers are part of the site: changing them needs Edit on it, reading them View. */
const writesNeedSiteEdit: ResourceHooks<SiteRef>['access'] = { create: editsSite, update: editsSite, remove: editsSite };

/** The message pushers of the current site; secrets of their settings are write-only (the definition's password sub-fields). */
export const pushers = resourceOperations<SiteRef>(pusherResource, cmsPusher, { siteColumn: 'siteId', access: writesNeedSiteEdit });

/** The delivery log's rows: the pusher's name, and the last failure in the reader's language. */
async function presentDeliveries(rows: Row[], op: SiteOp): Promise<Row[]> {
  const ids = [...new Set(rows.map((r) => Number(r.pusherId)))];
  const names = new Map(ids.length
    ? (await op.tx.select({ id: cmsPusher.pusherId, name: cmsPusher.name }).from(cmsPusher).where(inArray(cmsPusher.pusherId, ids))).map((p) => [p.id, p.name])
    : []);
  return rows.map(({ failure, ...r }) => {
    const f = failure as { key: string; params: Record<string, unknown> } | null;
    return { ...r, pusherName: names.get(Number(r.pusherId)) ?? '', lastError: f ? op.t(f.key, f.params) : '' };
  });
}

/** The current site's deliveries, read-only. */
export const deliveries = resourceOperations<SiteRef>(pusherDeliveryResource, cmsPusherDelivery, {
  siteColumn: 'siteId',
  presentRows: presentDeliveries,
  // The failure's key and parameters become its text (`lastError`).
  reply: rowSchemaOf(cmsPusherDelivery, pusherDeliveryResource).omit({ failure: true }).extend({ pusherName: z.string(), lastError: z.string() }),
});

/**
 * Sends one test message through the pusher now, enabled or not (trying it before switching it on
 * is the point), in its language; answers in the caller's, or fails naming what went wrong.
 */
export async function sendTest(op: SiteOp, pusherId: number): Promise<string> {
  const row = (await pushers.get(op, pusherId)) as Row;
  // The stored settings, secrets included: what `get` replies has them hidden.
  const [stored] = await op.tx.select().from(cmsPusher).where(eq(cmsPusher.pusherId, Number(row.pusherId)));
  const pusher = stored as PusherRow & { name: string };
  const t = op.services.i18n.translator(languageOf(pusher));
  const params = { name: pusher.name, user: op.actor.userName, time: formatDateTime(new Date()) };
  try {
    await sendThrough(pusher, { subject: t('pusher.test.title', params), text: t('pusher.test.text', params) }, { allowedHosts: op.services.config.messagingAllowedHosts });
  } catch (err) {
    const reason = err instanceof SendFailure ? op.t(err.key, err.params) : String(err);
    throw fail('pusher.testFailed', { name: pusher.name, reason });
  }
  return op.t('pusher.testSent', { name: pusher.name });
}

const LOG = { title: pusherResource.title } as const;

export const routes: AnyRoute[] = [
  ...routesOf(pushers),
  statusRoute(pushers, EDIT),
  defineRoute({
    method: 'POST', url: `${pusherResource.api}/:id/test`, perm: EDIT, site: true, grants: [editsSite],
    params: z.object({ id: id() }), log: { ...LOG, type: 'OTHER' },
    reply: z.string().describe('what happened, in the caller\'s language'),
    // A read context: no transaction stays open while the receiver answers.
    handler: (ctx) => sendTest(readOf(ctx) as SiteOp, ctx.params.id),
  }),
  ...routesOf(deliveries),
  defineRoute({
    method: 'PUT', url: `${pusherDeliveryResource.api}/:id/retry`, perm: EDIT, site: true, grants: [editsSite],
    params: z.object({ id: id() }), log: { ...LOG, type: 'UPDATE' },
    reply: noData,
    handler: (ctx) => writeOf(ctx, async (op) => {
      if (!(await retryDelivery(op.tx, (op as SiteOp).site.siteId, ctx.params.id))) throw fail('pusher.retryNotFailed');
      return undefined;
    }),
  }),
];
