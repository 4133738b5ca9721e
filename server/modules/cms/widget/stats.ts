import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import { defineRoute, type AnyRoute } from '../../../core/route.ts';
import { pageOf } from '../../../core/row-schema.ts';
import { readOf } from '../../../core/operation.ts';
import { FieldFailure } from '../../../core/errors.ts';
import { v } from '../../../../shared/validators/issues.ts';
import { advertisementResource } from '../../../../shared/resources/cms/advertisement.ts';
import { cmsAdStatDay, cmsAdvertisement } from './schema.ts';
import { widgetsWith } from './grants.ts';

/** yyyy-MM-dd, the day a count was made (UTC). */
const day = () => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, v('dateTime')).optional();
const idParam = () => z.string().regex(/^\d{1,15}$/, v('invalid')).transform(Number).optional();
const statQuery = z.object({ adSpaceId: idParam(), advertisementId: idParam(), beginTime: day(), endTime: day() });

/** Days of at most a year, ending today unless named. */
function span(q: { beginTime?: string; endTime?: string }) {
  const end = q.endTime ?? new Date().toISOString().slice(0, 10);
  const begin = q.beginTime ?? new Date(Date.parse(`${end}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
  if (Date.parse(end) - Date.parse(begin) > 366 * 86_400_000 || begin > end) throw new FieldFailure([{ field: 'beginTime', key: 'range', params: { min: 0, max: 366 } }], 'advertisement');
  return { begin, end };
}

/**
 * The console's ad statistics (ChestnutCMS /cms/ad/stat…): the current site's counts only, an ad
 * or a space of another site is none. `GET /cms/ad/stat`: per ad, impressions and clicks in the
 * span; `GET /cms/ad/stat/chart`: per day, for one ad or one space (the chart).
 */
export const statRoutes: AnyRoute[] = [
  defineRoute({
    method: 'GET', url: '/cms/ad/stat', perm: advertisementResource.perms.view, site: true, query: statQuery,
    reply: pageOf(z.object({ advertisementId: z.int(), adSpaceId: z.int(), name: z.string(), views: z.int(), clicks: z.int() })).extend({ begin: z.string(), end: z.string() }),
    handler: async (ctx) => {
      const op = readOf(ctx);
      const { begin, end } = span(ctx.query);
      const rows = await op.tx.select({
        advertisementId: cmsAdvertisement.advertisementId, adSpaceId: cmsAdvertisement.adSpaceId, name: cmsAdvertisement.name,
        views: sql<number>`coalesce(sum(${cmsAdStatDay.views}), 0)::int`, clicks: sql<number>`coalesce(sum(${cmsAdStatDay.clicks}), 0)::int`,
      }).from(cmsAdvertisement)
        .leftJoin(cmsAdStatDay, and(eq(cmsAdStatDay.advertisementId, cmsAdvertisement.advertisementId), gte(cmsAdStatDay.day, begin), lte(cmsAdStatDay.day, end)))
        .where(and(eq(cmsAdvertisement.siteId, op.site.siteId), ctx.query.adSpaceId ? eq(cmsAdvertisement.adSpaceId, ctx.query.adSpaceId) : undefined, await widgetsWith(op, 'View', cmsAdvertisement.adSpaceId)))
        .groupBy(cmsAdvertisement.advertisementId).orderBy(asc(cmsAdvertisement.advertisementId));
      return { rows: rows.map((r) => ({ ...r, views: Number(r.views), clicks: Number(r.clicks) })), total: rows.length, begin, end };
    },
  }),
  defineRoute({
    method: 'GET', url: '/cms/ad/stat/chart', perm: advertisementResource.perms.view, site: true, query: statQuery,
    reply: z.object({ rows: z.array(z.object({ day: z.string(), views: z.int(), clicks: z.int() })), begin: z.string(), end: z.string() }),
    handler: async (ctx) => {
      const op = readOf(ctx);
      const { begin, end } = span(ctx.query);
      const { advertisementId, adSpaceId } = ctx.query;
      if (!advertisementId && !adSpaceId) throw new FieldFailure([{ field: 'advertisementId', key: 'required', params: {} }], 'advertisement');
      const rows = await op.tx.select({ day: cmsAdStatDay.day, views: sql<number>`sum(${cmsAdStatDay.views})::int`, clicks: sql<number>`sum(${cmsAdStatDay.clicks})::int` })
        .from(cmsAdStatDay)
        .where(and(
          eq(cmsAdStatDay.siteId, op.site.siteId), gte(cmsAdStatDay.day, begin), lte(cmsAdStatDay.day, end), await widgetsWith(op, 'View', cmsAdStatDay.adSpaceId),
          advertisementId ? eq(cmsAdStatDay.advertisementId, advertisementId) : undefined, adSpaceId ? eq(cmsAdStatDay.adSpaceId, adSpaceId) : undefined,
        ))
        .groupBy(cmsAdStatDay.day).orderBy(asc(cmsAdStatDay.day));
      const byDay = new Map(rows.map((r) => [r.day, r]));
      // Every day of the span, zeros where nothing was counted: a chart's axis without gaps.
      const days: { day: string; views: number; clicks: number }[] = [];
      for (let t = Date.parse(`${begin}T00:00:00Z`); t <= Date.parse(`${end}T00:00:00Z`); t += 86_400_000) {
        const d = new Date(t).toISOString().slice(0, 10);
        const r = byDay.get(d);
        days.push({ day: d, views: Number(r?.views ?? 0), clicks: Number(r?.clicks ?? 0) });
      }
      return { rows: days, begin, end };
    },
  }),
];
