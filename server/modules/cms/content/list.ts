import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, like, lte, sql, sum, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { OpContext, SiteOp } from '../../../core/operation.ts';
import { z } from 'zod';
import { paging } from '../../../core/envelope.ts';
import { pageOf, selectedRow } from '../../../core/row-schema.ts';
import { likePattern, parseLocalTime } from '../../../core/query.ts';
import type { ContentListQuery } from '../../../../shared/resources/cms/content.ts';
import { CONTENT_ATTRIBUTES, SEARCH_COUNT_CAP, type ContentSort } from '../../../../shared/cms/content.ts';
import { catalogFilter, catalogRights, catalogsWith } from '../catalog/access.ts';
import { cmsCatalog } from '../catalog/schema.ts';
import { editorLinksOf } from '../resource/editor-links.ts';
import { presentContent } from './save.ts';
import { cmsContent, cmsContentCount } from './schema.ts';
import { contentExtendMatches } from '../xmodel/search.ts';
import type { ContentRow } from './access.ts';

/**
 * The orders of spec §9. Ties fall back to the id, in the order's own direction, so pages never
 * overlap and each order reads straight off one index of the content schema (forwards or backwards).
 * Contents never published have no publish date: they come first going up and last going down,
 * as in the reference (MySQL sorts NULL lowest), which lets one index serve both directions.
 */
const ORDERS: Record<ContentSort, (c: OrderColumns) => SQL[]> = {
  default: (c) => [desc(c.topFlag), desc(c.sortFlag), desc(c.contentId)],
  createTimeAsc: (c) => [asc(c.createTime), asc(c.contentId)],
  createTimeDesc: (c) => [desc(c.createTime), desc(c.contentId)],
  publishDateAsc: (c) => [sql`${c.publishDate} asc nulls first`, asc(c.contentId)],
  publishDateDesc: (c) => [sql`${c.publishDate} desc nulls last`, desc(c.contentId)],
  viewCountDesc: (c) => [desc(c.viewCount), desc(c.contentId)],
  favoriteCountDesc: (c) => [desc(c.favoriteCount), desc(c.contentId)],
  likeCountDesc: (c) => [desc(c.likeCount), desc(c.contentId)],
  commentCountDesc: (c) => [desc(c.commentCount), desc(c.contentId)],
};

/**
 * The columns of a list row: the reference's ListContentVO (shapes.md §13) and what the console's
 * list, recycle bin and pickers show; the editor loads the rest. Fewer columns is less to read,
 * parse and send for every row of every page.
 */
const LIST_COLUMNS = {
  contentId: cmsContent.contentId, siteId: cmsContent.siteId, catalogId: cmsContent.catalogId, contentType: cmsContent.contentType,
  title: cmsContent.title, subTitle: cmsContent.subTitle, shortTitle: cmsContent.shortTitle, titleStyle: cmsContent.titleStyle, logo: cmsContent.logo,
  author: cmsContent.author, editor: cmsContent.editor, original: cmsContent.original, summary: cmsContent.summary, tags: cmsContent.tags, keywords: cmsContent.keywords,
  status: cmsContent.status, attributes: cmsContent.attributes, topFlag: cmsContent.topFlag, topDate: cmsContent.topDate,
  sortFlag: cmsContent.sortFlag, copyType: cmsContent.copyType, copyId: cmsContent.copyId, publishDate: cmsContent.publishDate, offlineDate: cmsContent.offlineDate,
  linkFlag: cmsContent.linkFlag, redirectUrl: cmsContent.redirectUrl, isLock: cmsContent.isLock, lockUser: cmsContent.lockUser,
  viewCount: cmsContent.viewCount, favoriteCount: cmsContent.favoriteCount, likeCount: cmsContent.likeCount, commentCount: cmsContent.commentCount,
  version: cmsContent.version, recycleTime: cmsContent.recycleTime, recycleBy: cmsContent.recycleBy,
  createBy: cmsContent.createBy, createTime: cmsContent.createTime, updateBy: cmsContent.updateBy, updateTime: cmsContent.updateTime,
  contributorId: cmsContent.contributorId,
};

/** A page of the list as replied (`presentContent`: attributes by name, dates as text, the recycle bin's when and who). */
export const contentPageReply = pageOf(
  selectedRow(LIST_COLUMNS).omit({ recycleTime: true, recycleBy: true }).extend({
    attributes: z.array(z.string()),
    createTime: z.string(),
    recycleTime: z.string().optional(),
    recycleBy: z.string().nullable().optional(),
  }),
).extend({ totalCapped: z.literal(true).optional().describe('the total is a lower bound: the search matched more') });

/** A row of a list page: the list's columns, and the list's total where the page's statement carries it. */
type ListRow = Pick<ContentRow, keyof typeof LIST_COLUMNS> & { listTotal?: unknown };

/** What the orders sort by: the table's columns, or those of a subquery of list rows. */
type OrderColumns = Record<'recycleTime' | 'topFlag' | 'sortFlag' | 'contentId' | 'createTime' | 'publishDate' | 'viewCount' | 'favoriteCount' | 'likeCount' | 'commentCount', AnyPgColumn>;

/**
 * A search confined to catalogs holding at most this share of the site's catalogs (a section's
 * subtree, an editor granted a few desks) reads its matches through the trigram and catalog indexes
 * together, then sorts them; see `listContents`.
 */
const FEW_CATALOGS_SHARE = 1 / 5;

/** Whether a list's catalogs are few next to the site's (its live catalogs counted, one small read). */
async function fewCatalogs(op: SiteOp, catalogs: number[] | null): Promise<boolean> {
  if (catalogs === null) return false;
  const [all] = await op.tx.select({ n: count() }).from(cmsCatalog).where(and(eq(cmsCatalog.siteId, op.site.siteId), isNull(cmsCatalog.deleteTime)));
  return catalogs.length <= Number(all?.n ?? 0) * FEW_CATALOGS_SHARE;
}

/**
 * The catalogs a list covers: the chosen one (and, with includeChild, everything below it) or the
 * whole site, narrowed to those the actor may view. Null = every catalog of the site.
 */
async function listedCatalogs(op: SiteOp, q: ContentListQuery): Promise<number[] | null> {
  const rights = await catalogRights(op);
  const viewable = await catalogsWith(op, 'View', rights);
  if (q.catalogId === undefined) return viewable;
  // One catalog: the list's own site condition keeps another site's catalog empty, no lookup needed.
  if (q.includeChild !== 'true') return viewable === null || viewable.includes(q.catalogId) ? [q.catalogId] : [];
  const [root] = await op.tx.select({ ancestors: cmsCatalog.ancestors }).from(cmsCatalog).where(and(eq(cmsCatalog.catalogId, q.catalogId), eq(cmsCatalog.siteId, op.site.siteId)));
  if (!root) return [];
  const chosen = (await op.tx.select({ id: cmsCatalog.catalogId }).from(cmsCatalog)
    .where(and(eq(cmsCatalog.siteId, op.site.siteId), like(cmsCatalog.ancestors, `${root.ancestors}%`)))).map((r) => r.id);
  return viewable === null ? chosen : chosen.filter((id) => viewable.includes(id));
}

/**
 * GET /cms/content/list: a page of the live contents of a catalog (or its subtree, or the site),
 * filtered and ordered as asked, only from catalogs the actor may view. The total comes from the
 * kept counts when only catalog, type and status filter the list, so it never counts the table.
 */
export async function listContents(op: SiteOp, q: ContentListQuery, recycled = false) {
  const catalogs = await listedCatalogs(op, q);
  if (catalogs !== null && !catalogs.length) return { rows: [], total: 0 };
  const catalogCond = catalogs === null ? undefined : catalogs.length === 1 ? eq(cmsContent.catalogId, catalogs[0]!) : inArray(cmsContent.catalogId, catalogs);
  const attrs = (q.attributes ?? '').split(',').map((a) => CONTENT_ATTRIBUTES[a.trim() as keyof typeof CONTENT_ATTRIBUTES]).filter(Boolean);
  const mask = attrs.reduce((m, b) => m | b, 0);
  const from = parseLocalTime(q.beginTime, 'begin');
  const to = parseLocalTime(q.endTime, 'end');
  const narrow = [
    q.title ? ilike(cmsContent.title, likePattern(q.title)) : undefined,
    q.extend ? contentExtendMatches(q.extend) : undefined,
    mask ? sql`${cmsContent.attributes} & ${mask} = ${mask}` : undefined,
    from ? gte(cmsContent.createTime, from) : undefined,
    to ? lte(cmsContent.createTime, to) : undefined,
    // Members' contributions (the kept counts know no contributor: a narrowing, counted on the table).
    q.contribution === 'Y' ? isNotNull(cmsContent.contributorId) : undefined,
  ].filter(Boolean) as SQL[];
  const where = and(
    eq(cmsContent.siteId, op.site.siteId),
    recycled ? isNotNull(cmsContent.recycleTime) : isNull(cmsContent.recycleTime),
    catalogCond,
    q.contentType ? eq(cmsContent.contentType, q.contentType) : undefined,
    q.status ? eq(cmsContent.status, q.status) : undefined,
    ...narrow,
  );
  const { limit, offset } = paging(q);
  const orderOf = (c: OrderColumns) => recycled ? [desc(c.recycleTime), desc(c.contentId)] : ORDERS[q.sort ?? 'default'](c);
  const totalQuery = !recycled && !narrow.length
    ? op.tx.select({ n: sum(cmsContentCount.n) }).from(cmsContentCount).where(and(
      eq(cmsContentCount.siteId, op.site.siteId),
      catalogs === null ? undefined : inArray(cmsContentCount.catalogId, catalogs),
      q.contentType ? eq(cmsContentCount.contentType, q.contentType) : undefined,
      q.status ? eq(cmsContentCount.status, q.status) : undefined,
    ))
    : op.tx.select({ n: count() }).from(cmsContent).where(where);
  const countAll = async () => Number((await totalQuery)[0]?.n ?? 0);
  let rows: ListRow[];
  let total: number;
  let totalCapped = false;
  if (narrow.length) {
    // A search. Read in the order's index, a page stops after its twenty matches: quick when
    // matches are dense (a common word), but a rare one (a number, a name) never fills the page
    // and the scan goes through every row of the site (86 ms at 100,000 contents). Read through
    // the trigram index (and the catalogs' index), the matches cost what they number. So: a
    // search in a few catalogs, whose matches are few anyway, takes them all at once; elsewhere
    // the matches are counted first, at most SEARCH_COUNT_CAP past this page (a common word
    // would otherwise re-read thousands of rows on every page, for a figure nobody pages
    // through), and only past that cap is the page read in the order's index.
    const cap = offset + SEARCH_COUNT_CAP;
    let counted: number | undefined;
    if (!await fewCatalogs(op, catalogs)) {
      const upTo = op.tx.select({ one: sql`1` }).from(cmsContent).where(where).limit(cap + 1).as('upTo');
      counted = Number((await op.tx.select({ n: count() }).from(upTo))[0]?.n ?? 0);
    }
    if (counted !== undefined && counted > cap) {
      rows = await op.tx.select(LIST_COLUMNS).from(cmsContent).where(where).orderBy(...orderOf(cmsContent)).limit(limit).offset(offset);
      total = cap;
      totalCapped = true;
    } else if (counted !== undefined && counted <= offset) {
      rows = [];
      total = counted;
    } else {
      // All the matches, counted by a window over them, sorted, and the page cut out. The limit,
      // far above any site's contents, keeps the subquery planned on its own (a subquery with a
      // limit is not merged into the outer query), for all its rows rather than the first
      // twenty in order.
      const matches = op.tx.select({ ...LIST_COLUMNS, listTotal: sql<string>`count(*) over ()`.as('list_total') })
        .from(cmsContent).where(where).limit(2 ** 31 - 1).as('matches');
      rows = await op.tx.select().from(matches).orderBy(...orderOf(matches)).limit(limit).offset(offset);
      total = counted ?? (rows.length ? Number(rows[0]!.listTotal) : offset ? await countAll() : 0);
    }
  } else {
    // The total rides on the page's own statement (an uncorrelated subquery, run once): on
    // PostgreSQL every statement is a round trip. A page past the end has no row to carry it.
    rows = await op.tx.select({ ...LIST_COLUMNS, listTotal: sql<string>`(${totalQuery})` }).from(cmsContent).where(where).orderBy(...orderOf(cmsContent)).limit(limit).offset(offset);
    total = rows.length ? Number(rows[0]!.listTotal ?? 0) : offset ? await countAll() : 0;
  }
  // Logos are stored as internal links: the console shows them at their addresses.
  const links = rows.some((r) => r.logo?.startsWith('iurl://')) ? await editorLinksOf(op.tx, op.site.siteId) : null;
  const present = ({ listTotal: _, ...r }: ListRow) => presentContent({ ...r, logo: links && r.logo ? links.show(r.logo) : r.logo });
  return { rows: rows.map(present), total, ...(totalCapped ? { totalCapped } : {}) };
}

/** Home's dashboard for the current site: live contents by status and by type, catalogs, resources. */
export async function siteCounts(op: SiteOp, rights?: Map<number, number> | null) {
  const catalogs = await catalogFilter(op, 'View', cmsContentCount.catalogId, rights);
  const rows = await op.tx.select({ status: cmsContentCount.status, contentType: cmsContentCount.contentType, n: sum(cmsContentCount.n) })
    .from(cmsContentCount).where(and(eq(cmsContentCount.siteId, op.site.siteId), catalogs)).groupBy(cmsContentCount.status, cmsContentCount.contentType);
  const byStatus: Record<string, number> = {};
  const byType: Record<string, number> = {};
  for (const r of rows) {
    byStatus[r.status] = (byStatus[r.status] ?? 0) + Number(r.n);
    byType[r.contentType] = (byType[r.contentType] ?? 0) + Number(r.n);
  }
  const [cat] = await op.tx.select({ n: count() }).from(cmsCatalog).where(and(eq(cmsCatalog.siteId, op.site.siteId), isNull(cmsCatalog.deleteTime), await catalogFilter(op, 'View', cmsCatalog.catalogId, rights)));
  return { siteId: op.site.siteId, siteName: op.site.siteName, byStatus, byType, catalogs: Number(cat?.n ?? 0) };
}
