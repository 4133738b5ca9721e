import type { DbOrTx } from '../../../db/client.ts';
import { searchContents, type SearchOptions, type SearchResult } from '../search/query.ts';

/** A search as readers and templates ask it: `tag` looks for the tag word (the index weighs tags with the title). */
export type SearchAsk = Omit<SearchOptions, 'linkOf'> & { q: string; page: number; size: number; tag?: boolean; pipeCode?: string };
export type SearchPage = SearchResult;

/** How long a page of hits is reused (the search page's route searched, its template lists the same page). */
const TTL_MS = 5_000;
const MAX = 500;
const recent = new Map<string, { at: number; page: SearchPage }>();

const keyOf = (a: SearchAsk) => JSON.stringify([a.siteId, a.pipeCode ?? '', a.q, a.catalogId ?? null, !!a.includeChildren, a.contentType ?? null, !!a.onlyTitle, !!a.tag, a.page, a.size]);

/**
 * A page of search hits, reused for a few seconds: the `_search` route searches first (to log the
 * query with its count and cost, and to refuse what it must before rendering), and the page's
 * `cms_search_content` asks the same right after; the second ask is this map, not the index.
 * Only published contents are in the index, so a hit a few seconds old is at worst a page that
 * was taken offline in between (its link then answers 404).
 */
export async function cachedSearch(db: DbOrTx, ask: SearchAsk, linkOf?: SearchOptions['linkOf']): Promise<SearchPage> {
  const key = keyOf(ask);
  const now = Date.now();
  const hit = recent.get(key);
  if (hit && now - hit.at < TTL_MS) return hit.page;
  const { tag, pipeCode: _pipe, ...query } = ask;
  // Tag mode searches the word as a phrase: tags are indexed with the title's weight.
  const page = await searchContents(db, { ...query, q: tag ? `"${query.q.replace(/"/g, ' ')}"` : query.q, linkOf });
  if (recent.size >= MAX) for (const [k, v] of recent) if (now - v.at >= TTL_MS || recent.size >= MAX) recent.delete(k);
  recent.set(key, { at: now, page });
  return page;
}
