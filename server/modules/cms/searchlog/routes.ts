import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import { resourceOperations } from '../../../core/resource.ts';
import { routesOf } from '../../../core/resource-routes.ts';
import { chestnutAliases } from '../../../core/chestnut-aliases.ts';
import { aliasRoute, defineRoute, type AnyRoute } from '../../../core/route.ts';
import { readOf, writeOf, type SiteRef } from '../../../core/operation.ts';
import { FieldFailure, failAt } from '../../../core/errors.ts';
import { v } from '../../../../shared/validators/issues.ts';
import { idListSchema } from '../../../../shared/resources/schemas.ts';
import { id } from '../../../../shared/validators/common.ts';
import { searchLogResource } from '../../../../shared/resources/cms/search-log.ts';
import { searchWordResource } from '../../../../shared/resources/cms/search-word.ts';
import { cmsSearchLog, cmsSearchWord, cmsSearchWordDay } from './schema.ts';
import { wordOf } from './logger.ts';
import { editsSite } from '../site/current.ts';

/** The current site's search logs: listed and deleted (a site's records: Edit on it), never written by hand. */
const logs = resourceOperations<SiteRef>(searchLogResource, cmsSearchLog, { siteColumn: 'siteId', access: { remove: editsSite } });

/** The current site's words: an added or renamed word is stored as the search counts it (trimmed, lower case). */
const words = resourceOperations<SiteRef>(searchWordResource, cmsSearchWord, {
  siteColumn: 'siteId',
  access: { create: editsSite, update: editsSite, remove: editsSite },
  beforeSave(_op, values) {
    if (typeof values.word === 'string') {
      values.word = wordOf(values.word);
      if (!values.word) throw new FieldFailure([{ field: 'word', key: 'required', params: {} }], 'searchWord');
    }
  },
});

const day = () => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, v('dateTime'));
const trendQuery = z.object({ wordId: id(), beginTime: day().optional(), endTime: day().optional() });
/** ChestnutCMS's SearchWordToppingRequest: the words and their top flag (larger first). */
const toppingBody = z.object({ wordIds: z.array(id()).min(1, v('required')).max(1000), topFlag: z.coerce.number().int().min(1, v('range', { min: 1, max: 999999 })).max(999999, v('range', { min: 1, max: 999999 })).default(1) });

/** Days of at most a year, ending today unless named; 30 days by default. */
function span(q: { beginTime?: string; endTime?: string }) {
  const end = q.endTime ?? new Date().toISOString().slice(0, 10);
  const begin = q.beginTime ?? new Date(Date.parse(`${end}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
  if (begin > end || Date.parse(end) - Date.parse(begin) > 366 * 86_400_000) throw new FieldFailure([{ field: 'beginTime', key: 'range', params: { min: 0, max: 366 } }], 'searchWord');
  return { begin, end };
}

const listed = (def: typeof searchWordResource | typeof searchLogResource, routes: AnyRoute[]) => [...routes, ...chestnutAliases(routes, def)];
const logRoutes = listed(searchLogResource, routesOf(logs));
const wordRoutes = listed(searchWordResource, routesOf(words));

/** Set-top and cancel-top of the current site's words: a word of another site is as good as none. */
const toppedReply = z.object({ updated: z.int() });

async function setTop(ctx: Parameters<typeof writeOf<SiteRef, unknown>>[0], ids: number[], flag: number) {
  return writeOf(ctx, async (op) => {
    const mine = await op.tx.select({ wordId: cmsSearchWord.wordId }).from(cmsSearchWord).where(and(eq(cmsSearchWord.siteId, op.site.siteId), inArray(cmsSearchWord.wordId, ids)));
    if (mine.length !== new Set(ids).size) throw failAt('wordIds', 'resource.notFound');
    await op.tx.update(cmsSearchWord).set({ topFlag: flag }).where(and(eq(cmsSearchWord.siteId, op.site.siteId), inArray(cmsSearchWord.wordId, ids)));
    return { updated: mine.length };
  });
}

/**
 * The Search Log screen's routes (menu 2053), ChestnutCMS's paths: the logs
 * (`/search/log`, `/cms/search/log`, `/search/log/delete`), the words (`/search/word/list|add|
 * update|delete`, `/cms/search/word/list|add`), `set_top`, `cancel_top` and `trend` (searches of a
 * word per day). All on the current site.
 */
export const searchLogRoutes: AnyRoute[] = [
  ...logRoutes,
  aliasRoute(logRoutes, `GET ${searchLogResource.api}/list`, `GET ${searchLogResource.api}`),
  aliasRoute(logRoutes, `GET ${searchLogResource.api}/list`, 'GET /cms/search/log'),
  ...wordRoutes,
  aliasRoute(wordRoutes, `GET ${searchWordResource.api}/list`, 'GET /cms/search/word/list'),
  aliasRoute(wordRoutes, `POST ${searchWordResource.api}`, 'POST /cms/search/word/add'),
  defineRoute({
    method: 'POST', url: '/search/word/set_top', perm: searchWordResource.perms.edit!, site: true, body: toppingBody, labels: 'searchWord', grants: [editsSite],
    log: { title: searchWordResource.title, type: 'UPDATE' },
    reply: toppedReply,
    handler: (ctx) => setTop(ctx, ctx.body.wordIds, ctx.body.topFlag),
  }),
  defineRoute({
    method: 'POST', url: '/search/word/cancel_top', perm: searchWordResource.perms.edit!, site: true, body: idListSchema, labels: 'searchWord', grants: [editsSite],
    log: { title: searchWordResource.title, type: 'UPDATE' },
    reply: toppedReply,
    handler: (ctx) => setTop(ctx, ctx.body as number[], 0),
  }),
  defineRoute({
    method: 'GET', url: '/search/word/trend', perm: searchWordResource.perms.view, site: true, query: trendQuery, labels: 'searchWord',
    reply: z.object({ word: z.string(), rows: z.array(z.object({ day: z.string(), searches: z.int() })), begin: z.string(), end: z.string() }),
    handler: async (ctx) => {
      const op = readOf(ctx);
      const { begin, end } = span(ctx.query);
      const [word] = await op.tx.select({ wordId: cmsSearchWord.wordId, word: cmsSearchWord.word }).from(cmsSearchWord)
        .where(and(eq(cmsSearchWord.wordId, ctx.query.wordId), eq(cmsSearchWord.siteId, op.site.siteId)));
      if (!word) throw failAt('wordId', 'resource.notFound');
      const rows = await op.tx.select({ day: cmsSearchWordDay.day, n: sql<number>`${cmsSearchWordDay.searches}::int` }).from(cmsSearchWordDay)
        .where(and(eq(cmsSearchWordDay.wordId, word.wordId), gte(cmsSearchWordDay.day, begin), lte(cmsSearchWordDay.day, end))).orderBy(asc(cmsSearchWordDay.day));
      const byDay = new Map(rows.map((r) => [r.day, Number(r.n)]));
      // Every day of the span, zeros where nobody searched: a chart's axis without gaps.
      const days: { day: string; searches: number }[] = [];
      for (let t = Date.parse(`${begin}T00:00:00Z`); t <= Date.parse(`${end}T00:00:00Z`); t += 86_400_000) {
        const d = new Date(t).toISOString().slice(0, 10);
        days.push({ day: d, searches: byDay.get(d) ?? 0 });
      }
      return { word: word.word, rows: days, begin, end };
    },
  }),
];
