import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { executedRows } from '../../../db/rows.ts';
import { cmsCatalog } from '../catalog/schema.ts';
import { loadAnalyzer, parseQueryWith, queryVariants, quote, tsqueryLiteral } from './analyzer.ts';
import { highlightAll, snippet } from './highlight.ts';
import { PAIR_BITS, phraseMask } from './pair-signature.ts';
import { cmsSearchIndex, cmsSearchRebuild } from './schema.ts';
import { catalogTerm, typeTerm } from './filter-terms.ts';
import { coverDays, dayOf } from './time-buckets.ts';
import { expectedShare, forgetTermShares, queryShare, termShares } from './term-frequency.ts';
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
  /** how many contents match: exact, or estimated (to two significant digits) when `totalExact` is false */
  total: number;
  totalExact: boolean;
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
 * The search's bounds (docs/search.md "Speed"), one place; tests shrink them to see each path on a small site.
 */
export const SEARCH_LIMITS = {
  /**
   * How many of a query's matches are ranked: the newest RANKED of them. Ranking every match of a
   * common word on a large site would read tens of thousands of rows; a search engine ranks a bounded
   * window as well. A query matching fewer is ranked whole; results past the window follow, newest
   * first (docs/search.md).
   */
  RANKED: 500,

  /** The deepest result a search pages to (Elasticsearch's max_result_window, which ChestnutCMS keeps). */
  MAX_RESULT_WINDOW: 10_000,

  /**
   * How many of the site's newest contents a query's first look spans (a window of days, through
   * the index's date buckets: time-buckets.ts); widened until it holds enough matches.
   */
  FIRST_WINDOW: 2_000,

  /**
   * How many candidates of a phrase (the contents holding all its words) are read to see the words
   * in a row: about the newest PHRASE_CANDIDATES. Each check reads the content's whole term list
   * (out of line), so a phrase of common words would otherwise read nearly every content; past
   * them, older contents holding the phrase are not found (docs/search.md).
   */
  PHRASE_CANDIDATES: 500,

  /**
   * A query whose words most contents hold (WALK_SHARE or more of them, by the database's
   * statistics: term-frequency.ts) is answered by reading the site's newest contents one by one,
   * at most WALK_MAX of them: through the index it would first list every content holding the word
   * (a hundred thousand on a large site) to keep the newest few hundred.
   */
  WALK_SHARE: 0.5,
  WALK_MAX: 2_000,
};
const L = SEARCH_LIMITS;

const t = cmsSearchIndex;
const columns = sql`${t.contentId} as "contentId", ${t.title} as title, ${t.subTitle} as "subTitle", ${t.summary} as summary,
      ${t.body} as body, ${t.catalogId} as "catalogId", ${t.catalogName} as "catalogName", ${t.catalogPath} as "catalogPath", ${t.contentType} as "contentType",
      ${t.publishDate} as "publishDate", ${t.logo} as logo, ${t.author} as author, ${t.tags} as tags, ${t.staticPath} as "staticPath",
      ${t.linkFlag} as "linkFlag", ${t.redirectUrl} as "redirectUrl"`;

/**
 * What a query looks for: `match` the query; `loose` its phrases as words in any order (what the
 * GIN index answers without reading a term list), when it has phrases; `rank` any of its words,
 * what results are ranked on; `gate` whether a row's word pairs' filter has its phrases' pairs
 * (pair-signature.ts: tested on the row before `match` reads its term list), when it has phrases.
 */
interface Matching { match: SQL; loose: SQL | null; rank: SQL; gate: SQL | null }

/** A window of the site's newest contents: the days from `fromDay` on, about `size` contents; null: all of them. */
type Window = { fromDay: number; toDay: number; size: number } | null;

/** A page of ids with their scores, and how many matches they were drawn from. */
interface Look { page: { id: number; score: number }[]; hits: number }

/**
 * A page of `hits` (a CTE of id, d, head): from the newest `need` ranked (by the ranking terms,
 * newest first among equals) and the others after them newest first, or all newest first.
 */
function pageOf(m: Matching, need: number, ranked: boolean, offset: number, size: number): SQL {
  if (!ranked) return sql`select id, 0::float8 as score from hits order by d desc nulls last, id desc limit ${size} offset ${offset}`;
  return sql`select id, score from (
      select id, d, ts_rank(head, ${m.rank})::float8 as score, 0 as part from (select id, d, head from hits order by d desc nulls last, id desc limit ${need}) w
      union all
      select id, d, 0, 1 from (select id, d from hits order by d desc nulls last, id desc offset ${need} limit ${Math.max(0, offset + size - need)}) rest
    ) x order by part, score desc, d desc nulls last, id desc limit ${size} offset ${offset}`;
}

/** Runs `with hits as (…), page as (…)`: the page's rows and the count of hits. */
async function pageAndCount(tx: DbOrTx, hits: SQL, page: SQL, extra: SQL = sql``): Promise<Look & { extra: Record<string, unknown> }> {
  const rows = executedRows<{ id: number | null; score: number | null; hits: number } & Record<string, unknown>>(await tx.execute(sql`with hits as materialized (${hits}), page as (${page})
    select page.id, page.score, (select count(*) from hits)::int as hits ${extra} from (select 1) one left join page on true`));
  const first = rows[0]!;
  return { page: rows.filter((r) => r.id !== null).map((r) => ({ id: Number(r.id), score: Number(r.score) })), hits: Number(first.hits), extra: first };
}

/** The window's bucket terms ANDed to `query` (parenthesised whole: `@@` and `&&` bind alike, left to right). */
const inWindow = (query: SQL, w: Window): SQL => (w ? sql`((${query}) && ${coverDays(w.fromDay, w.toDay).map((b) => `'${b}'`).join(' | ')}::tsquery)` : query);

/** A page of a window's matches of `query` (through the GIN index: the window is date-bucket terms). */
function look(tx: DbOrTx, where: SQL, query: SQL, m: Matching, w: Window, need: number, ranked: boolean, offset: number, size: number): Promise<Look> {
  // The hits are kept whole (a materialized CTE), with the ranking terms only when ranked.
  const more = ranked ? sql`, ${t.head} as head` : sql``;
  return pageAndCount(tx, sql`select ${t.contentId} as id, ${t.publishDate} as d${more} from ${t} where ${where} and ${t.tsv} @@ ${inWindow(query, w)}`,
    pageOf(m, need, ranked, offset, size));
}

/** A phrase's look: its candidates in the window (`hits`), how many of the newest were checked, and how many hold the phrase. */
interface PhraseLook extends Look { checked: number; matches: number }

/**
 * A page of a phrase's matches among the window's newest PHRASE_CANDIDATES candidates (the
 * contents holding its words, `m.loose`, through the GIN index), in one statement: each candidate's
 * pairs' filter is read with the row the index scan visits anyway, and only a candidate it lets
 * through has its term list read (fetched again by its row's address, ctid: no index lookup) to
 * test the phrase.
 */
async function phraseLook(tx: DbOrTx, where: SQL, m: Matching, w: Window, need: number, ranked: boolean, offset: number, size: number): Promise<PhraseLook> {
  const flag = m.gate ?? sql`true`;
  const rows = executedRows<{ id: number | null; score: number | null; hits: number; checked: number; matches: number }>(await tx.execute(sql`with cand as materialized (
      select ${t.contentId} as id, ${t.publishDate} as d, ctid as tid, ${flag} as flag from ${t} where ${where} and ${t.tsv} @@ ${inWindow(m.loose!, w)}),
    newest as materialized (select id, d, tid, flag from cand order by d desc nulls last, id desc limit ${L.PHRASE_CANDIDATES}),
    hits as materialized (select n.id, n.d, x.head from newest n cross join lateral (select ${t.head} as head from ${t} where ctid = n.tid and ${t.tsv} @@ ${m.match}) x where n.flag),
    page as (${pageOf(m, need, ranked, offset, size)})
    select page.id, page.score, (select count(*) from cand)::int as hits, (select count(*) from newest)::int as checked, (select count(*) from hits)::int as matches
    from (select 1) one left join page on true`));
  const first = rows[0]!;
  return { page: rows.filter((r) => r.id !== null).map((r) => ({ id: Number(r.id), score: Number(r.score) })), hits: Number(first.hits), checked: Number(first.checked), matches: Number(first.matches) };
}

/**
 * The site's newest publish date and that of its `k`-th newest content. Kept a minute per window
 * size (sizes are rounded up to a power of two): they move only as contents are published, and
 * searches ask the same ones. A window reaches to tomorrow whatever the newest was (newestMatches),
 * so a content published since is in it: a kept edge only makes a window a little wider.
 */
const edgeCache = new Map<string, { at: number; newest: Date | null; edge: Date | null; size: number }>();
const EDGE_TTL_MS = 60_000;
async function edges(tx: DbOrTx, siteId: number, k: number): Promise<{ newest: Date | null; edge: Date | null; size: number }> {
  const key = `${siteId}:${k}`;
  const hit = edgeCache.get(key);
  if (hit && Date.now() - hit.at < EDGE_TTL_MS) return hit;
  const newest = sql`select ${t.publishDate} from ${t} where ${t.siteId} = ${siteId} and ${t.publishDate} is not null order by ${t.publishDate} desc`;
  // The window spans whole days (of UTC, as the buckets): `size` counts the contents of the edge's day too.
  const [r] = executedRows<{ newest: string | Date | null; edge: string | Date | null; size: number | null }>(await tx.execute(sql`select e.newest, e.edge,
      (select count(*)::int from ${t} where ${t.siteId} = ${siteId} and ${t.publishDate} >= to_timestamp(floor(extract(epoch from e.edge) / 86400) * 86400)) as size
    from (select (${newest} limit 1) as newest, (${newest} offset ${k - 1} limit 1) as edge) e`));
  const date = (v: string | Date | null | undefined) => (v ? new Date(v) : null);
  const value = { at: Date.now(), newest: date(r?.newest), edge: date(r?.edge), size: Number(r?.size ?? k) };
  if (edgeCache.size > 1000) edgeCache.clear();
  edgeCache.set(key, value);
  return value;
}

/** How many contents a site has in the index, for estimated counts; kept a minute. */
const siteSizes = new Map<number, { n: number; at: number }>();
async function siteSize(tx: DbOrTx, siteId: number): Promise<number> {
  const hit = siteSizes.get(siteId);
  if (hit && Date.now() - hit.at < 60_000) return hit.n;
  const [r] = executedRows<{ n: number }>(await tx.execute(sql`select count(*)::int as n from ${t} where ${t.siteId} = ${siteId}`));
  const n = Number(r?.n ?? 0);
  siteSizes.set(siteId, { n, at: Date.now() });
  return n;
}

/** `match`, read only of rows whose pairs' filter passes `gate` (a CASE: the planner would test the cheaper-priced `@@` first). */
const gated = (m: Matching): SQL => (m.gate ? sql`case when ${m.gate} then ${t.tsv} @@ ${m.match} else false end` : sql`${t.tsv} @@ ${m.match}`);

/**
 * The site's newest `rows` contents read one by one (its date index, newest first) for the first
 * `limit` that match. `spans`: how many of the site's contents are as new as the last match.
 */
async function walkNewest(tx: DbOrTx, siteId: number, filters: SQL | undefined, m: Matching, rows: number, limit: number, page: SQL): Promise<{ look: Look; spans: number }> {
  // Aliased as the table, so the filters' column names read the walk's.
  const r = await pageAndCount(tx, sql`select id, d, head from (select ${t.contentId} as id, ${t.publishDate} as d, ${t.head} as head, ${t.tsv} as tsv,
        ${t.pairs} as pairs, ${t.catalogId} as catalog_id, ${t.catalogAncestors} as catalog_ancestors, ${t.contentType} as content_type
      from ${t} where ${t.siteId} = ${siteId} and ${t.publishDate} is not null order by ${t.publishDate} desc limit ${rows}) ${t}
    where ${filters ?? sql`true`} and ${gated(m)} limit ${limit}`, page,
  sql`, (select count(*)::int from ${t} where ${t.siteId} = ${siteId} and ${t.publishDate} >= (select min(d) from hits)) as spans`);
  return { look: r, spans: Number(r.extra.spans) };
}

/**
 * The share of the site's newest FIRST_WINDOW contents a query's filters (catalog, type, the
 * catalogs one may view) let through: a window is counted in the site's contents, so a filtered
 * query's first window is widened by it at once (not by a second look, which would read the
 * query's words from the index again), and the newest are read one by one only when enough of them
 * pass. Kept a minute per site and filters.
 */
const filterShares = new Map<string, { at: number; share: number }>();
async function filterShare(tx: DbOrTx, siteId: number, filters: SQL | undefined, key: string): Promise<number> {
  if (!filters) return 1;
  const k = `${siteId}:${key}`;
  const hit = filterShares.get(k);
  if (hit && Date.now() - hit.at < 60_000) return hit.share;
  // Aliased as the table, so the filters' column names read the newest rows'.
  const [r] = executedRows<{ n: number; of: number }>(await tx.execute(sql`select count(*) filter (where ${filters})::int as n, count(*)::int as of
    from (select ${t.catalogId} as catalog_id, ${t.catalogAncestors} as catalog_ancestors, ${t.contentType} as content_type from ${t}
      where ${t.siteId} = ${siteId} and ${t.publishDate} is not null order by ${t.publishDate} desc limit ${L.FIRST_WINDOW}) ${t}`));
  const share = r && r.of ? Number(r.n) / Number(r.of) : 1;
  if (filterShares.size > 1000) filterShares.clear();
  filterShares.set(k, { at: Date.now(), share });
  return share;
}

/**
 * Forget the kept site sizes, window edges and term shares. They are kept per process, by site id:
 * one process serves one database; tests that open several in one process call this between them.
 */
export function forgetSearchCaches(): void {
  siteSizes.clear();
  edgeCache.clear();
  filterShares.clear();
  forgetTermShares();
}

/** Two significant digits: an estimate says no more than it knows (67,005 → 67,000). */
const roughly = (n: number) => {
  if (n < 100) return Math.round(n);
  const unit = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.round(n / unit) * unit;
};

interface Matches { ids: { id: number; score: number }[]; total: number; totalExact: boolean }

/**
 * The newest matches of `query`, a page of them: the window loop. Looked for in a window of the
 * site's newest contents (FIRST_WINDOW of them, through the index's date buckets), widened until
 * it holds the `need` newest or spans the whole site: a word most contents hold reads a few
 * thousand rows, not every match's. The count is exact when the window spans the site, else
 * estimated from the window's share of the site's contents (as search engines say "about").
 */
async function newestMatches<R extends Look>(tx: DbOrTx, siteId: number, need: number, offset: number, size: number, passing: number, expected: number | null,
  lookIn: (w: Window) => Promise<R>): Promise<Matches & { last: R }> {
  // The page reads past the ranked ones when it straddles them.
  const enough = Math.max(need, offset + size);
  const all = await siteSize(tx, siteId);
  // A filter passing a fifth of the newest: a window five times as wide. With the words' expected
  // share (the statistics' shares, as if independent), one wide enough to hold them at once: one
  // look rather than a first that finds too few.
  let k = Math.max(L.FIRST_WINDOW, 4 * enough, expected ? (1.5 * enough) / expected : 0) / Math.max(passing, 0.01);
  for (;;) {
    // Windows of a power of two contents (edges are kept per size); half the site or more: all of it.
    k = 2 ** Math.ceil(Math.log2(k));
    const { newest, edge, size: spans } = k < all / 2 ? await edges(tx, siteId, k) : { newest: null, edge: null, size: all };
    const w: Window = newest && edge ? { fromDay: dayOf(edge), toDay: Math.max(dayOf(newest), dayOf(new Date())) + 1, size: spans } : null;
    const r = await lookIn(w);
    if (!w) return { ids: r.page, total: r.hits, totalExact: true, last: r };
    if (r.hits >= enough) return { ids: r.page, total: Math.max(r.hits, roughly((r.hits * all) / Math.max(w.size, 1))), totalExact: false, last: r };
    // Wider, by what this window held: enough expected next time.
    k = Math.ceil((k * enough * 1.5) / Math.max(r.hits, 1));
  }
}

/**
 * A page of a query's matches, best first, and how many there are. Words most contents hold:
 * the newest contents read one by one (walkNewest); a phrase: its newest PHRASE_CANDIDATES
 * candidates through the index, then those whose term lists hold its words in a row; else the
 * window loop (newestMatches).
 */
async function matchPage(tx: DbOrTx, siteId: number, where: SQL, m: Matching, page: number, size: number, walk: { filters: SQL | undefined; filterKey: string; share: number; expected: number | null }): Promise<Matches> {
  const offset = (page - 1) * size;
  // Past the deepest page: nothing, and still how many there are.
  if (offset >= L.MAX_RESULT_WINDOW) return { ...(await matchPage(tx, siteId, where, m, 1, 1, walk)), ids: [] };
  const ranked = offset < L.RANKED;
  const need = ranked ? L.RANKED : offset + size;
  const all = await siteSize(tx, siteId);
  const passing = await filterShare(tx, siteId, walk.filters, walk.filterKey);
  // Read one by one when half the newest read would match: the words' share of the contents, of those the filters pass.
  const common = walk.share * passing >= L.WALK_SHARE && all > L.WALK_MAX;
  if (m.loose && common) {
    // A phrase of words most contents hold: its candidates are nearly every content, so the newest are read one by one.
    const r = await walkNewest(tx, siteId, walk.filters, m, L.PHRASE_CANDIDATES, need, pageOf(m, need, ranked, offset, size));
    return { ids: r.look.page, total: Math.max(r.look.hits, roughly((r.look.hits * all) / L.PHRASE_CANDIDATES)), totalExact: false };
  }
  if (m.loose) {
    // The window loop over the phrase's candidates; the newest of them checked in the same statement (phraseLook).
    const cand = await newestMatches(tx, siteId, L.PHRASE_CANDIDATES, 0, 0, passing, walk.expected, (w) => phraseLook(tx, where, m, w, need, ranked, offset, size));
    const r = cand.last;
    // Every candidate checked: exact; else the phrase's share of the candidates checked, of all candidates.
    if (cand.totalExact && cand.total <= L.PHRASE_CANDIDATES) return { ids: r.page, total: r.matches, totalExact: true };
    return { ids: r.page, total: Math.max(r.matches, roughly((r.matches * cand.total) / Math.max(r.checked, 1))), totalExact: false };
  }
  if (ranked && common) {
    const enough = Math.max(L.RANKED, offset + size);
    const r = await walkNewest(tx, siteId, walk.filters, m, L.WALK_MAX, enough, pageOf(m, L.RANKED, true, offset, size));
    // Fewer among the newest: rarer there than the statistics said; the window loop finds them.
    if (r.look.hits >= enough) return { ids: r.look.page, total: Math.max(r.look.hits, roughly((r.look.hits * all) / Math.max(r.spans, 1))), totalExact: false };
  }
  return newestMatches(tx, siteId, need, offset, size, passing, walk.expected, (w) => look(tx, where, m.match, m, w, need, ranked, offset, size));
}

/**
 * Runs a query's search with the GIN index as the only way to its matches. The planner prices
 * `tsv @@ query` as nearly free, so for a word most contents hold it scans the table (or the site's
 * date index) and tests each row, reading each row's whole term list out of line: seconds on a
 * large site (docs/search.md "Speed"). Hence no sequential scan, and the site's filter written so
 * that its index does not apply (siteFilter); SET LOCAL lasts to the end of the savepoint's
 * transaction, so it is put back.
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

/** Any word of the query's readings (a long word's sub-words too): what a result is ranked on. */
function rankQuery(readings: ReturnType<typeof parseQueryWith>[]): string {
  const terms = new Set(readings.flatMap((p) => p.items.flatMap((i) => [...i.terms, ...(i.subs ?? [])])));
  return [...terms].map(quote).join(' | ');
}

/**
 * Whether a row may hold the query's phrases, by its pairs' filter: for some reading, every pair
 * of its phrases (pair-signature.ts). Null when a reading has no phrase (nothing to test); a row
 * without a filter (written before it existed) always may.
 */
function pairsGate(readings: ReturnType<typeof parseQueryWith>[]): SQL | null {
  const masks = readings.map((p) => phraseMask(p.items.filter((i) => i.terms.length > 1).map((i) => i.terms.map(quote))));
  if (!masks.length || masks.some((x) => x === null)) return null;
  const p = t.pairs;
  const tests = [...new Set(masks as string[])].map((x) => sql`(${p} & ${x}::bit(${sql.raw(String(PAIR_BITS))})) = ${x}::bit(${sql.raw(String(PAIR_BITS))})`);
  return sql`(${p} is null or ${sql.join(tests, sql` or `)})`;
}

/** Catalog lists longer than this are left to the row filter (a tsquery of hundreds of terms costs more than it saves). */
const MAX_CATALOG_TERMS = 32;

/**
 * The search's catalog and type filters as a tsquery of filter terms (filter-terms.ts); null:
 * none, or the site's index is being rebuilt (rows written before these terms existed may lack
 * them, and only the row filter finds those).
 */
async function filterTerms(tx: DbOrTx, opts: SearchOptions): Promise<string | null> {
  const parts: string[] = [];
  if (opts.catalogId) parts.push(quote(catalogTerm(opts.catalogId)));
  if (opts.contentType) parts.push(quote(typeTerm(opts.contentType)));
  if (opts.catalogIds?.length && opts.catalogIds.length <= MAX_CATALOG_TERMS) parts.push(`(${opts.catalogIds.map((c) => quote(catalogTerm(c))).join(' | ')})`);
  if (!parts.length) return null;
  const [rebuilding] = await tx.select({ siteId: cmsSearchRebuild.siteId }).from(cmsSearchRebuild).where(eq(cmsSearchRebuild.siteId, opts.siteId));
  return rebuilding ? null : parts.join(' & ');
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
  const orOf = (loose: boolean) => {
    const literals = [...new Set(readings.map((p) => tsqueryLiteral(p, !!opts.onlyTitle, loose)).filter((l): l is string => !!l))];
    return literals.length ? literals.map((l) => `(${l})`).join(' | ') : null;
  };
  // The catalog and type filters as index terms too (filter-terms.ts): the index keeps to the filter's rows.
  const narrow = (l: string | null) => (l && terms ? `(${l}) & ${terms}` : l);
  const terms = q ? await filterTerms(tx, opts) : null;
  const tsq = narrow(orOf(false));
  const looseTsq = narrow(orOf(true));
  // Words that are all stop words or punctuation find nothing (not everything).
  if (q && !tsq) return { rows: [], total: 0, totalExact: true };

  const filters: SQL[] = [];
  if (opts.catalogId) filters.push(await catalogFilter(tx, opts.siteId, opts.catalogId, !!opts.includeChildren));
  if (opts.contentType) filters.push(eq(cmsSearchIndex.contentType, opts.contentType));
  if (opts.catalogIds) filters.push(opts.catalogIds.length ? inArray(cmsSearchIndex.catalogId, [...opts.catalogIds]) : sql`false`);
  const where = and(siteFilter(opts.siteId, !!tsq), ...filters)!;
  let found: Record<string, unknown>[];
  let total: number;
  let totalExact = true;
  if (tsq) {
    const matching: Matching = {
      match: sql`${tsq}::tsquery`, loose: looseTsq && looseTsq !== tsq ? sql`${looseTsq}::tsquery` : null,
      rank: sql`${rankQuery(readings)}::tsquery`, gate: pairsGate(readings),
    };
    const distinct = [...new Map(readings.map((p) => [JSON.stringify(p.items), p.items])).values()];
    const shares = await termShares(tx);
    const share = queryShare(shares, distinct);
    // What share of the contents the query's words are expected to match (null: no statistics yet).
    const expected = shares.share.size ? expectedShare(shares, distinct) : null;
    const m = await throughGin(tx, (inner) => matchPage(inner, opts.siteId, where, matching, page, size, {
      filters: filters.length ? and(...filters) : undefined, filterKey: JSON.stringify([opts.catalogId ?? null, !!opts.includeChildren, opts.contentType ?? null, opts.catalogIds ?? null]), share, expected,
    }));
    ({ total, totalExact } = m);
    const scores = new Map(m.ids.map((r) => [r.id, r.score]));
    found = m.ids.length ? executedRows<Record<string, unknown>>(await tx.execute(sql`select ${columns} from ${t} where ${inArray(t.contentId, m.ids.map((r) => r.id))}`)) : [];
    const order = new Map(m.ids.map((r, i) => [r.id, i]));
    found.sort((a, b) => order.get(Number(a.contentId))! - order.get(Number(b.contentId))!);
    for (const r of found) r.score = scores.get(Number(r.contentId)) ?? 0;
  } else {
    found = await newestPage(tx, where, page, size);
    total = Number(found[0]?.total ?? 0);
    // A page past the end still says how many there are.
    if (!found.length && page > 1) total = Number(executedRows<{ n: number }>(await tx.execute(sql`select count(*)::int as n from ${t} where ${where}`))[0]?.n ?? 0);
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
  return { rows, total, totalExact };
}
