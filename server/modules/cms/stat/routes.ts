import { z } from 'zod';
import { defineRoute, RAW, type AnyRoute } from '../../../core/route.ts';
import { readOf } from '../../../core/operation.ts';
import { workbookBuffer, sendXlsx, XLSX_TYPE } from '../../../core/xlsx.ts';
import { v } from '../../../../shared/validators/issues.ts';
import { periodQuery, rankQuery, STAT_DIMS, STAT_PERM, trendQuery, visitLogQuery } from '../../../../shared/stats/stat.ts';
import { overview, ranking, trend } from './queries.ts';
import { byCatalogReply, byUserReply, dynamicDataReply, overviewReply, rankingReply, trendReply, visitLogReply } from './replies.ts';
import { contentDynamicData, contentStatByCatalog, contentStatByUser, visitLog } from './content-stats.ts';

const dimParams = z.object({ dim: z.enum(STAT_DIMS, { error: v('invalid') }) });
const dynamicQuery = visitLogQuery.extend({ query: z.string().max(200).optional() });

/** Every statistics route: `cms:stat:view` (menu 2080's key) on the current site; field labels from `fields:stat.*`. */
const stat = { perm: STAT_PERM, site: true as const, labels: 'stat' };

/** Values a dimension's export shows in words (the console translates them the same way; countries by their name in the reader's language). */
const WORDED = new Set(['source', 'device']);

/**
 * The Statistics screen's routes (issue 32 item 1) under `/cms/stat/...`, each on the current site:
 * the overview, the trend, the rankings per dimension and their .xlsx exports (aggregates only:
 * queries.ts), and ChestnutCMS's content statistics and visit log (content-stats.ts).
 */
export const statRoutes: AnyRoute[] = [
  defineRoute({ method: 'GET', url: '/cms/stat/site/overview', ...stat, reply: overviewReply, handler: (ctx) => overview(readOf(ctx)) }),
  defineRoute({ method: 'GET', url: '/cms/stat/site/trend', ...stat, query: trendQuery, reply: trendReply, handler: (ctx) => trend(readOf(ctx), ctx.query, ctx.query.granularity) }),
  defineRoute({
    method: 'GET', url: '/cms/stat/site/trend/export', ...stat, query: trendQuery, produces: XLSX_TYPE,
    handler: async (ctx) => {
      const { points, begin, end } = await trend(readOf(ctx), ctx.query, ctx.query.granularity);
      const col = (k: string) => ctx.t(`stat.col.${k}`);
      const buffer = await workbookBuffer([{ name: ctx.t('stat.col.trend'), header: ['at', 'pv', 'uv', 'ips', 'visits'].map(col), rows: points.map((p) => [p.at, p.pv, p.uv, p.ips, p.visits]), width: 20 }]);
      await sendXlsx(ctx.reply, `stat_trend_${begin}_${end}.xlsx`, buffer);
      return RAW;
    },
  }),
  defineRoute({ method: 'GET', url: '/cms/stat/site/:dim', ...stat, params: dimParams, query: rankQuery, reply: rankingReply, handler: (ctx) => ranking(readOf(ctx), ctx.params.dim, ctx.query, ctx.query.limit) }),
  defineRoute({
    method: 'GET', url: '/cms/stat/site/:dim/export', ...stat, params: dimParams, query: rankQuery, produces: XLSX_TYPE,
    handler: async (ctx) => {
      const { dim } = ctx.params;
      const { rows, begin, end } = await ranking(readOf(ctx), dim, ctx.query, ctx.query.limit);
      const col = (k: string) => ctx.t(`stat.col.${k}`);
      const regions = new Intl.DisplayNames([ctx.locale], { type: 'region' });
      const name = (r: { key: string; name: string }) => {
        if (WORDED.has(dim)) return ctx.t(`stat.${dim}.${r.key}`);
        if (dim === 'country' && r.key) return regions.of(r.key) ?? r.key;
        return r.name || ctx.t('stat.none');
      };
      const buffer = await workbookBuffer([{
        name: ctx.t(`stat.dim.${dim}`), header: [ctx.t(`stat.dim.${dim}`), col('pv'), col('uv'), col('visits'), col('share')],
        rows: rows.map((r) => [name(r), r.pv, r.uv, r.visits, r.share]), width: 20,
      }]);
      await sendXlsx(ctx.reply, `stat_${dim}_${begin}_${end}.xlsx`, buffer);
      return RAW;
    },
  }),
  defineRoute({ method: 'GET', url: '/cms/stat/contentStatByCatalog', ...stat, query: periodQuery, reply: byCatalogReply, handler: (ctx) => contentStatByCatalog(readOf(ctx), ctx.query) }),
  defineRoute({ method: 'GET', url: '/cms/stat/contentStatByUser', ...stat, query: periodQuery, reply: byUserReply, handler: (ctx) => contentStatByUser(readOf(ctx), ctx.query) }),
  defineRoute({ method: 'GET', url: '/cms/stat/contentDynamicData', ...stat, query: dynamicQuery, reply: dynamicDataReply, handler: (ctx) => contentDynamicData(readOf(ctx), ctx.query) }),
  defineRoute({ method: 'GET', url: '/cms/stat', ...stat, query: visitLogQuery, reply: visitLogReply, handler: (ctx) => visitLog(readOf(ctx), ctx.query) }),
];
