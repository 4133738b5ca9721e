import { executedRows } from '../../../db/rows.ts';
import { sql, type SQL } from 'drizzle-orm';
import type { SiteOp } from '../../../core/operation.ts';
import { catalogsWith } from '../catalog/access.ts';
import { ContentStatus } from '../../../../shared/cms/content.ts';
import { VISIT_LOG_CAP, type PeriodQuery } from '../../../../shared/stats/stat.ts';
import { periodOf } from './period.ts';

/**
 * ChestnutCMS's content statistics (`/cms/stat/contentStatByCatalog`, `contentStatByUser`,
 * `contentDynamicData`), over the live contents (not in the recycle bin) of the catalogs the user
 * may view on the current site: their numbers by status, as its cms_catalog_content_stat and
 * cms_user_content_stat tables hold them, plus those published within the period.
 */

type Row = Record<string, unknown>;
const n = (v: unknown) => Number(v ?? 0);

/** `catalog_id` among the granted catalogs (nothing more for administrators). */
async function grantedCatalogs(op: SiteOp, col: SQL): Promise<SQL> {
  const ids = await catalogsWith(op, 'View');
  return ids === null ? sql`true` : sql`${col} = any(${`{${ids.join(',')}}`}::bigint[])`;
}

const byStatus = (begin: string, end: string) => sql`
  count(*) filter (where c.status = ${ContentStatus.DRAFT}) as draft,
  count(*) filter (where c.status = ${ContentStatus.TO_PUBLISH}) as to_publish,
  count(*) filter (where c.status = ${ContentStatus.PUBLISHED}) as published,
  count(*) filter (where c.status = ${ContentStatus.OFFLINE}) as offline,
  count(*) filter (where c.status = ${ContentStatus.EDITING}) as editing,
  count(*) filter (where c.status = ${ContentStatus.PUBLISHED} and c.publish_date >= (${begin}::date::timestamp at time zone 'UTC')
    and c.publish_date < ((${end}::date + 1)::timestamp at time zone 'UTC')) as period_published`;

const totalsOf = (r: Row) => ({
  draftTotal: n(r.draft), toPublishedTotal: n(r.to_publish), publishedTotal: n(r.published), offlineTotal: n(r.offline), editingTotal: n(r.editing),
  total: n(r.draft) + n(r.to_publish) + n(r.published) + n(r.offline) + n(r.editing), periodPublished: n(r.period_published),
});

/** The live contents of a catalog by status, from the counts the content table's trigger keeps (cms_content_count), not from the contents. */
const countsByStatus = sql.join(([['draft', ContentStatus.DRAFT], ['to_publish', ContentStatus.TO_PUBLISH], ['published', ContentStatus.PUBLISHED], ['offline', ContentStatus.OFFLINE], ['editing', ContentStatus.EDITING]] as const)
  .map(([name, status]) => sql`coalesce(sum(n.n) filter (where n.status = ${status}), 0) as ${sql.raw(name)}`), sql`, `);

/**
 * Per catalog (every granted catalog of the site, with zeros), in the catalog tree's order. The
 * totals by status come from cms_content_count (a few rows a catalog); only the contents published
 * within the period are read, by the catalog's publish-date index.
 */
export async function contentStatByCatalog(op: SiteOp, q: PeriodQuery) {
  const { begin, end } = periodOf(q);
  const rows = executedRows<Row>(await op.tx.execute(sql`select k.catalog_id, k.name, ${countsByStatus},
      (select count(*) from cms_content c where c.catalog_id = k.catalog_id and c.recycle_time is null and c.status = ${ContentStatus.PUBLISHED}
        and c.publish_date >= (${begin}::date::timestamp at time zone 'UTC') and c.publish_date < ((${end}::date + 1)::timestamp at time zone 'UTC')) as period_published
    from cms_catalog k left join cms_content_count n on n.catalog_id = k.catalog_id
    where k.site_id = ${op.site.siteId} and k.delete_time is null and ${await grantedCatalogs(op, sql`k.catalog_id`)}
    group by k.catalog_id, k.name, k.ancestors, k.sort_flag order by k.ancestors, k.sort_flag, k.catalog_id`));
  return { begin, end, rows: rows.map((r) => ({ catalogId: n(r.catalog_id), catalogName: String(r.name), ...totalsOf(r) })) };
}

/** Per editor (who created the contents), most contents first. */
export async function contentStatByUser(op: SiteOp, q: PeriodQuery) {
  const { begin, end } = periodOf(q);
  const rows = executedRows<Row>(await op.tx.execute(sql`select c.create_by, ${byStatus(begin, end)} from cms_content c
    where c.site_id = ${op.site.siteId} and c.recycle_time is null and ${await grantedCatalogs(op, sql`c.catalog_id`)}
    group by c.create_by order by count(*) desc, c.create_by`));
  return { begin, end, rows: rows.map((r) => ({ userName: String(r.create_by), ...totalsOf(r) })) };
}

/** The contents' dynamic data (views, likes, favorites, comments), most viewed first, paged; `query` filters titles. */
export async function contentDynamicData(op: SiteOp, q: { query?: string; pageNum: number; pageSize: number }) {
  const title = q.query?.trim() ? sql` and c.title ilike ${`%${q.query.trim().replace(/[\\%_]/g, (m) => `\\${m}`)}%`}` : sql``;
  const where = sql`c.site_id = ${op.site.siteId} and c.recycle_time is null and c.status = ${ContentStatus.PUBLISHED} and ${await grantedCatalogs(op, sql`c.catalog_id`)}${title}`;
  const [count] = executedRows<Row>(await op.tx.execute(sql`select count(*) as n from cms_content c where ${where}`));
  const rows = executedRows<Row>(await op.tx.execute(sql`select c.content_id, c.title, k.name as catalog_name, c.view_count, c.like_count, c.favorite_count, c.comment_count
    from cms_content c join cms_catalog k on k.catalog_id = c.catalog_id where ${where}
    order by c.view_count desc, c.content_id desc limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`));
  return {
    total: n(count?.n),
    rows: rows.map((r) => ({ contentId: n(r.content_id), title: String(r.title), catalogName: String(r.catalog_name), pv: n(r.view_count), likeCount: n(r.like_count), favoriteCount: n(r.favorite_count), commentCount: n(r.comment_count) })),
  };
}

/**
 * The site's visit log (ChestnutCMS `GET /cms/stat`): the latest raw events, newest first, without
 * their hashes, over the latest VISIT_LOG_CAP only: the total stops there and a page past it is
 * empty, so no request makes the database skip millions of rows (the index on (site, time) is read
 * backwards, at most VISIT_LOG_CAP entries).
 */
export async function visitLog(op: SiteOp, q: { pageNum: number; pageSize: number }) {
  const offset = (q.pageNum - 1) * q.pageSize;
  const [count] = executedRows<Row>(await op.tx.execute(sql`select count(*) as n from (select 1 from cms_stat_event where site_id = ${op.site.siteId} limit ${VISIT_LOG_CAP}) x`));
  const take = Math.max(0, Math.min(q.pageSize, VISIT_LOG_CAP - offset));
  const rows = take === 0 ? [] : executedRows<Row>(await op.tx.execute(sql`select e.event_id, e.at, e.path, e.content_id, c.title, e.source, e.engine, e.word, e.ref_host, e.browser, e.os, e.device, e.country, e.entry
    from cms_stat_event e left join cms_content c on c.content_id = e.content_id
    where e.site_id = ${op.site.siteId} order by e.at desc, e.event_id desc limit ${take} offset ${offset}`));
  return {
    total: n(count?.n),
    rows: rows.map((r) => ({
      id: n(r.event_id), evtTime: new Date(String(r.at)).toISOString(), path: String(r.path), contentId: r.content_id == null ? null : n(r.content_id), title: r.title == null ? null : String(r.title),
      source: String(r.source), engine: r.engine ?? null, word: r.word ?? null, referer: r.ref_host ?? null, browser: String(r.browser), os: String(r.os), device: String(r.device), country: r.country ?? null, entry: Boolean(r.entry),
    })),
  };
}
