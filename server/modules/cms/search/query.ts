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
 * How many of a phrase's candidates (the contents holding all its words) are read to see the words
 * in a row: the newest PHRASE_CANDIDATES. A phrase of common words has nearly every content as a
 * candidate and each check reads the content's term list, a second per query on a large site;
 * past this many, older contents holding the phrase are not found (docs/search.md).
 */
export const PHRASE_CANDIDATES = 2000;

/** What a page of matches is drawn from: `match` the query, `loose` its GIN-only form when it holds phrases. */
interface Matching { match: SQL; loose: SQL | null }

/** The matches as (id, date) rows: through the GIN index, a phrase checked among its newest candidates only. */
function hitsOf(where: SQL, m: Matching): SQL {
  if (!m.loose) return sql`select ${t.contentId} as id, ${t.publishDate} as d from ${t} where ${where} and ${t.tsv} @@ ${m.match}`;
  return sql`select c.id, c.d from (select ${t.contentId} as id, ${t.publishDate} as d from ${t} where ${where} and ${t.tsv} @@ ${m.loose}
      order by ${t.publishDate} desc nulls last, ${t.contentId} desc limit ${PHRASE_CANDIDATES}) c
    join ${t} on ${t.contentId} = c.id where ${t.tsv} @@ ${m.match}`;
}

/**
 * A page of a query's matches, best first. The matches are found through the GIN index and counted
 * without reading their term lists; only the RANKED newest are ranked (ts_rank_cd), and only the
 * page's rows are read whole (their bodies give the snippets).
 */
async function rankedPage(tx: DbOrTx, where: SQL, m: Matching, page: number, size: number): Promise<Record<string, unknown>[]> {
  const offset = (page - 1) * size;
  if (offset >= RANKED) {
    // Past the ranked window: the rest, newest first.
    return executedRows<Record<string, unknown>>(await tx.execute(sql`with hits as materialized (${hitsOf(where, m)}),
      page as (select id from hits order by d desc nulls last, id desc limit ${size} offset ${offset})
      select ${columns}, 0::float8 as score, (select count(*) from hits) as total from ${t} join page on page.id = ${t.contentId}
      order by ${t.publishDate} desc nulls last, ${t.contentId} desc`));
  }
  return executedRows<Record<string, unknown>>(await tx.execute(sql`with hits as materialized (${hitsOf(where, m)}),
    window_ as (select id from hits order by d desc nulls last, id desc limit ${RANKED}),
    ranked as (select ${t.contentId} as id, ${t.publishDate} as d, ts_rank_cd(${t.tsv}, ${m.match})::float8 as score from ${t} join window_ on window_.id = ${t.contentId}
      order by score desc, d desc nulls last, id desc limit ${size} offset ${offset})
    select ${columns}, ranked.score, (select count(*) from hits) as total from ${t} join ranked on ranked.id = ${t.contentId}
    order by ranked.score desc, ranked.d desc nulls last, ranked.id desc`));
}

/**
 * Runs a query's search with the GIN index as the only way to its matches. The planner prices
 * `tsv @@ query` as nearly free, so for a word most contents hold it scans the table (or the site's
 * date index) and tests each row, reading each row's whole term list out of line: seconds on a
 * large site (docs/search.md "Speed"). Through the GIN index a plain query is answered without
 * reading one term list; a phrase reads those of the contents holding all its words only. Hence
 * no sequential scan, and the site's filter written so that its index does not apply
 * (siteFilter); SET LOCAL lasts to the end of the savepoint's transaction, so it is put back.
 */
async function throughGin<T>(tx: DbOrTx, run: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return tx.transaction(async (inner) => {
    await inner.execute(sql`set local enable_seqscan = off`);
    const r = await run(inner);
    await inner.execute(sql`set local enable_seqscan to default`);
    return r;
  });
}

/** The site's condition: with a query, `+ 0` keeps the planner off the site's date index (throughGin). */
const siteFilter = (siteId: number, withQuery: boolean): SQL => (withQuery ? sql`${t.siteId} + 0 = ${siteId}` : eq(t.siteId, siteId));

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
  const orOf = (loose: boolean) => {
    const literals = [...new Set(readings.map((p) => tsqueryLiteral(p, !!opts.onlyTitle, loose)).filter((l): l is string => !!l))];
    return literals.length ? literals.map((l) => `(${l})`).join(' | ') : null;
  };
  const tsq = orOf(false);
  const looseTsq = orOf(true);
  // Words that are all stop words or punctuation find nothing (not everything).
  if (q && !tsq) return { rows: [], total: 0 };

  const conds: SQL[] = [siteFilter(opts.siteId, !!tsq)];
  if (opts.catalogId) conds.push(await catalogFilter(tx, opts.siteId, opts.catalogId, !!opts.includeChildren));
  if (opts.contentType) conds.push(eq(cmsSearchIndex.contentType, opts.contentType));
  if (opts.catalogIds) conds.push(opts.catalogIds.length ? inArray(cmsSearchIndex.catalogId, [...opts.catalogIds]) : sql`false`);
  const matching: Matching | null = tsq ? { match: sql`${tsq}::tsquery`, loose: looseTsq && looseTsq !== tsq ? sql`${looseTsq}::tsquery` : null } : null;
  const where = and(...conds)!;
  const viaIndex = <T>(f: (tx: DbOrTx) => Promise<T>) => (matching ? throughGin(tx, f) : f(tx));
  const found = await viaIndex((inner) => (matching ? rankedPage(inner, where, matching, page, size) : newestPage(inner, where, page, size)));
  let total = Number(found[0]?.total ?? 0);
  // A page past the end still says how many there are.
  if (!found.length && page > 1) {
    const counted = await viaIndex(async (inner) => executedRows<{ n: number }>(await inner.execute(
      matching ? sql`select count(*)::int as n from (${hitsOf(where, matching)}) h` : sql`select count(*)::int as n from ${t} where ${where}`)));
    total = Number(counted[0]?.n ?? 0);
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
