import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { executedRows } from '../../../db/rows.ts';
import { cmsCatalog } from '../catalog/schema.ts';
import { loadAnalyzer, parseQueryWith, queryVariants, tsqueryLiteral } from './analyzer.ts';
import { highlightAll, snippet } from './highlight.ts';
import { cmsSearchIndex } from './schema.ts';
import { siteWords } from './site-words.ts';

export interface SearchOptions {
  siteId: number;
  /** words, "quoted phrases"; blank: every indexed content of the site, newest first */
  q?: string | null;
  catalogId?: number | null;
  /** with the catalog's descendants */
  includeChildren?: boolean;
  contentType?: string | null;
  /** only these catalogs (the console user's catalog rights); null or absent: all */
  catalogIds?: readonly number[] | null;
  /** match titles only */
  onlyTitle?: boolean;
  /** from 1 */
  page?: number;
  size?: number;
  /** a result's link (the public search: per publish pipe, template/urls.ts LinkRules.contentLink); default the redirect URL of a link content, else null */
  linkOf?: (hit: SearchLinkInfo) => string | null;
}

/** What a link to a result needs (template/urls.ts ContentLinkInfo and the catalog's path). */
export interface SearchLinkInfo {
  contentId: number;
  catalogId: number;
  catalogPath: string;
  staticPath: string | null;
  linkFlag: string;
  redirectUrl: string | null;
}

export interface SearchHit {
  contentId: number;
  title: string;
  /** the title, HTML-escaped, the query's words in <em> */
  titleHighlight: string;
  /** a part of the body (or summary) around the first hit, HTML-escaped, hits in <em> */
  snippet: string;
  catalogId: number;
  catalogName: string;
  contentType: string;
  publishDate: Date | null;
  link: string | null;
  logo: string | null;
  summary: string | null;
  author: string | null;
  tags: string[];
  /** ts_rank_cd: higher is more relevant; 0 when listing without a query */
  score: number;
  linkInfo: SearchLinkInfo;
}

export interface SearchResult {
  rows: SearchHit[];
  total: number;
}

export const MAX_PAGE_SIZE = 100;

/** The catalog filter: the catalog alone, or with its children (its ancestors chain as a prefix). */
async function catalogFilter(tx: DbOrTx, siteId: number, catalogId: number, withChildren: boolean): Promise<SQL> {
  if (!withChildren) return eq(cmsSearchIndex.catalogId, catalogId);
  const [c] = await tx.select({ ancestors: cmsCatalog.ancestors }).from(cmsCatalog).where(and(eq(cmsCatalog.catalogId, catalogId), eq(cmsCatalog.siteId, siteId)));
  if (!c) return sql`false`;
  // Chains end with ':' ("1:5:"), so the catalog's own is a prefix of its descendants' only.
  return sql`${cmsSearchIndex.catalogAncestors} like ${`${c.ancestors}%`}`;
}

/**
 * How many of a query's matches are ranked: the newest RANKED of them. Ranking reads each match's
 * whole term list (its body's too), so ranking every match of a common word on a large site would
 * cost seconds; a search engine ranks a bounded window as well. A query matching fewer is ranked
 * whole; results past the window follow, newest first (docs/search.md).
 */
export const RANKED = 500;

const t = cmsSearchIndex;
const columns = sql`${t.contentId} as "contentId", ${t.title} as title, ${t.subTitle} as "subTitle", ${t.summary} as summary,
      ${t.body} as body, ${t.catalogId} as "catalogId", ${t.catalogName} as "catalogName", ${t.catalogPath} as "catalogPath", ${t.contentType} as "contentType",
      ${t.publishDate} as "publishDate", ${t.logo} as logo, ${t.author} as author, ${t.tags} as tags, ${t.staticPath} as "staticPath",
      ${t.linkFlag} as "linkFlag", ${t.redirectUrl} as "redirectUrl"`;

/**
 * A page of a query's matches, best first. The matches are found through the GIN index and counted
 * without reading their term lists; only the RANKED newest are ranked (ts_rank_cd), and only the
 * page's rows are read whole (their bodies give the snippets).
 */
async function rankedPage(tx: DbOrTx, where: SQL, query: SQL, page: number, size: number): Promise<Record<string, unknown>[]> {
  const offset = (page - 1) * size;
  if (offset >= RANKED) {
    // Past the ranked window: the rest, newest first.
    return executedRows<Record<string, unknown>>(await tx.execute(sql`with hits as materialized (select ${t.contentId} as id, ${t.publishDate} as d from ${t} where ${where}),
      page as (select id from hits order by d desc nulls last, id desc limit ${size} offset ${offset})
      select ${columns}, 0::float8 as score, (select count(*) from hits) as total from ${t} join page on page.id = ${t.contentId}
      order by ${t.publishDate} desc nulls last, ${t.contentId} desc`));
  }
  return executedRows<Record<string, unknown>>(await tx.execute(sql`with hits as materialized (select ${t.contentId} as id, ${t.publishDate} as d from ${t} where ${where}),
    window_ as (select id from hits order by d desc nulls last, id desc limit ${RANKED}),
    ranked as (select ${t.contentId} as id, ${t.publishDate} as d, ts_rank_cd(${t.tsv}, ${query})::float8 as score from ${t} join window_ on window_.id = ${t.contentId}
      order by score desc, d desc nulls last, id desc limit ${size} offset ${offset})
    select ${columns}, ranked.score, (select count(*) from hits) as total from ${t} join ranked on ranked.id = ${t.contentId}
    order by ranked.score desc, ranked.d desc nulls last, ranked.id desc`));
}

/** A page of every indexed content matching the filters (no query words), newest first. */
async function newestPage(tx: DbOrTx, where: SQL, page: number, size: number): Promise<Record<string, unknown>[]> {
  return executedRows<Record<string, unknown>>(await tx.execute(sql`with page as (select ${t.contentId} as id from ${t} where ${where}
      order by ${t.publishDate} desc nulls last, ${t.contentId} desc limit ${size} offset ${(page - 1) * size})
    select ${columns}, 0::float8 as score, (select count(*) from ${t} where ${where}) as total from ${t} join page on page.id = ${t.contentId}
    order by ${t.publishDate} desc nulls last, ${t.contentId} desc`));
}

/**
 * Full-text search over one site's index: ranked by relevance (ts_rank_cd over the weighted
 * terms: a title hit outweighs a body hit), newest first among equals. The query goes through the
 * same analyzer as the documents, so simplified finds traditional and the reverse, and "quoted
 * text" is a phrase. Highlights are computed here on the stored text.
 */
export async function searchContents(tx: DbOrTx, opts: SearchOptions): Promise<SearchResult> {
  const e = await loadAnalyzer();
  const size = Math.max(1, Math.min(MAX_PAGE_SIZE, Math.trunc(opts.size ?? 20)));
  const page = Math.max(1, Math.trunc(opts.page ?? 1));
  const q = (opts.q ?? '').trim();
  const siteDict = q ? await siteWords(tx, opts.siteId) : null;
  // Each reading of the query (queryVariants: simplified and traditional, phrase and character) finds its contents.
  const readings = siteDict ? queryVariants(e, q).map((v) => parseQueryWith(e, v, siteDict)) : [];
  const literals = [...new Set(readings.map((p) => tsqueryLiteral(p, !!opts.onlyTitle)).filter((l): l is string => !!l))];
  const tsq = literals.length ? literals.map((l) => `(${l})`).join(' | ') : null;
  // Words that are all stop words or punctuation find nothing (not everything).
  if (q && !tsq) return { rows: [], total: 0 };

  const conds: SQL[] = [eq(cmsSearchIndex.siteId, opts.siteId)];
  if (opts.catalogId) conds.push(await catalogFilter(tx, opts.siteId, opts.catalogId, !!opts.includeChildren));
  if (opts.contentType) conds.push(eq(cmsSearchIndex.contentType, opts.contentType));
  if (opts.catalogIds) conds.push(opts.catalogIds.length ? inArray(cmsSearchIndex.catalogId, [...opts.catalogIds]) : sql`false`);
  const query = tsq ? sql`${tsq}::tsquery` : null;
  if (query) conds.push(sql`${cmsSearchIndex.tsv} @@ ${query}`);
  const where = and(...conds)!;
  const found = await (query ? rankedPage(tx, where, query, page, size) : newestPage(tx, where, page, size));
  let total = Number(found[0]?.total ?? 0);
  // A page past the end still says how many there are.
  if (!found.length && page > 1) {
    const [c] = await tx.select({ n: sql<number>`count(*)::int` }).from(cmsSearchIndex).where(where);
    total = Number(c?.n ?? 0);
  }
  const words = [...new Set(readings.flatMap((p) => p.highlights))];
  const rows = found.map((r): SearchHit => {
    const linkInfo: SearchLinkInfo = {
      contentId: Number(r.contentId), catalogId: Number(r.catalogId), catalogPath: String(r.catalogPath ?? ''),
      staticPath: (r.staticPath as string | null) ?? null, linkFlag: String(r.linkFlag ?? 'N'), redirectUrl: (r.redirectUrl as string | null) ?? null,
    };
    const title = String(r.title ?? '');
    const tags = (typeof r.tags === 'string' ? JSON.parse(r.tags) : r.tags ?? []) as string[];
    return {
      contentId: linkInfo.contentId, title, titleHighlight: highlightAll(e, title, words),
      snippet: snippet(e, [r.body as string, r.summary as string, r.subTitle as string], words),
      catalogId: linkInfo.catalogId, catalogName: String(r.catalogName ?? ''), contentType: String(r.contentType),
      publishDate: r.publishDate ? new Date(r.publishDate as string) : null,
      link: opts.linkOf ? opts.linkOf(linkInfo) : linkInfo.linkFlag === 'Y' ? linkInfo.redirectUrl : null,
      logo: (r.logo as string | null) ?? null, summary: (r.summary as string | null) ?? null, author: (r.author as string | null) ?? null, tags,
      score: Number(r.score ?? 0), linkInfo,
    };
  });
  return { rows, total };
}
