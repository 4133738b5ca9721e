import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { executedRows } from '../../../db/rows.ts';
import type { Services } from '../../../core/services.ts';
import { AppError, ReplyCode } from '../../../core/errors.ts';
import { ContentStatus } from '../../../../shared/cms/content.ts';
import { cmsSite } from '../site/schema.ts';
import { cmsPublishPipe } from '../pipe/schema.ts';
import { cmsContent } from '../content/schema.ts';
import { cmsSearchWord } from '../searchlog/schema.ts';
import { searchLoggerOf } from '../searchlog/logger.ts';
import { cachedSearch, type SearchPage } from './recent.ts';
import { LinkRules } from '../template/urls.ts';
import { siteBase } from '../../../config.ts';
import type { SearchLinkInfo } from '../search/query.ts';
import type { SearchParams } from './params.ts';

export type { SearchPage };

/**
 * The site a reader's request names, when it is one readers may search: it exists and `pp` is one
 * of its enabled pipes. Anything else is the same 404, saying nothing of which sites exist.
 */
export async function publicSite(db: DbOrTx, siteId: number, pipeCode: string): Promise<{ siteId: number; pipeCode: string }> {
  const [row] = await db.select({ siteId: cmsSite.siteId }).from(cmsSite)
    .innerJoin(cmsPublishPipe, and(eq(cmsPublishPipe.siteId, cmsSite.siteId), eq(cmsPublishPipe.code, pipeCode), eq(cmsPublishPipe.status, '0')))
    .where(eq(cmsSite.siteId, siteId));
  if (!row) throw new AppError('searchPublic.noSite', {}, ReplyCode.FAIL);
  return { siteId, pipeCode };
}

/** The reader behind a request, for the log. */
export interface Reader {
  ip: string;
  userAgent: string | undefined;
}

/**
 * A reader's search of a site's published contents (the index holds nothing else): one page of
 * hits, ranked by relevance then recency. A query with words is logged afterwards (searchlog),
 * its cost measured around the search only; an empty one answers nothing and is not logged.
 */
export async function readerSearch(services: Services, p: SearchParams, reader: Reader, mode: 'words' | 'tag' = 'words'): Promise<SearchPage> {
  const { db } = services;
  const site = await publicSite(db, p.sid, p.pp);
  if (!p.q) return { rows: [], total: 0, totalExact: true };
  const started = performance.now();
  const links = await pipeLinks(services, site.siteId, site.pipeCode);
  const found = await cachedSearch(db, {
    siteId: site.siteId, pipeCode: site.pipeCode, q: p.q, catalogId: p.cid, includeChildren: p.level === 'CurrentAndChild', contentType: p.ct,
    onlyTitle: p.ot, tag: mode === 'tag', page: p.page, size: p.size,
  }, (hit) => linkOfHit(links, hit));
  searchLoggerOf(services).log({ siteId: site.siteId, query: p.q, resultCount: found.total, costMs: performance.now() - started, ip: reader.ip, userAgent: reader.userAgent });
  return found;
}

/** A page of hits as the API answers it: what a reader's page shows, not how links are made. */
export function publicHits(page: SearchPage) {
  return { total: page.total, totalExact: page.totalExact, rows: page.rows.map(({ linkInfo: _l, ...hit }) => hit) };
}

/** The link rules of a site's pipe as its published pages have them (template/urls.ts), its first enabled pipe being the default one. */
async function pipeLinks(services: Services, siteId: number, pipeCode: string): Promise<LinkRules | null> {
  const [row] = await services.db.select().from(cmsSite).where(eq(cmsSite.siteId, siteId));
  if (!row) return null;
  return new LinkRules(row, pipeCode, { siteBase: siteBase(services.config), defaultPipe: (await firstEnabledPipe(services.db, siteId)) === pipeCode, mode: 'publish' });
}

/** The code of a site's first enabled pipe (its default one), '' when it has none. */
export async function firstEnabledPipe(db: DbOrTx, siteId: number): Promise<string> {
  const [first] = await db.select({ code: cmsPublishPipe.code }).from(cmsPublishPipe)
    .where(and(eq(cmsPublishPipe.siteId, siteId), eq(cmsPublishPipe.status, '0'))).orderBy(asc(cmsPublishPipe.sort), asc(cmsPublishPipe.pipeId)).limit(1);
  return first?.code ?? '';
}

/** A hit's address in the pipe: its page, or a link content's web address (an internal one is left out). */
export function linkOfHit(links: LinkRules | null, hit: SearchLinkInfo): string | null {
  if (!links) return null;
  try {
    return links.contentLink(hit, { path: hit.catalogPath }, (u) => (/^https?:\/\//i.test(u) ? u : ''));
  } catch {
    // A static path refused: the content has no page.
    return null;
  }
}

/** `like` pattern of words starting with `q` (its own % and _ taken literally). */
const startsWith = (q: string) => `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Words a reader may mean as they type `q` (`/api/cms/search/suggest`): the site's searched words
 * starting with it (set on top first, then the most searched), then tag words and titles of its
 * published contents starting with it; each once, at most `size`.
 */
export async function suggestWords(db: DbOrTx, siteId: number, q: string, size: number): Promise<string[]> {
  const like = startsWith(q.toLowerCase());
  const words = await db.select({ word: cmsSearchWord.word }).from(cmsSearchWord)
    .where(and(eq(cmsSearchWord.siteId, siteId), sql`lower(${cmsSearchWord.word}) like ${like}`))
    .orderBy(desc(cmsSearchWord.topFlag), desc(cmsSearchWord.searchTotal), asc(cmsSearchWord.word)).limit(size);
  const out = new Set(words.map((w) => w.word));
  if (out.size < size) {
    const live = and(eq(cmsContent.siteId, siteId), eq(cmsContent.status, ContentStatus.PUBLISHED), isNull(cmsContent.recycleTime));
    const tags = await db.execute(sql`select distinct t from ${cmsContent}, jsonb_array_elements_text(${cmsContent.tags}) as t
      where ${live} and lower(t) like ${like} order by t limit ${size}`);
    for (const r of executedRows<{ t: string }>(tags)) if (out.size < size) out.add(r.t);
  }
  if (out.size < size) {
    const titles = await db.select({ title: cmsContent.title }).from(cmsContent)
      .where(and(eq(cmsContent.siteId, siteId), eq(cmsContent.status, ContentStatus.PUBLISHED), isNull(cmsContent.recycleTime), sql`lower(${cmsContent.title}) like ${like}`))
      .orderBy(desc(cmsContent.publishDate)).limit(size);
    for (const r of titles) if (out.size < size) out.add(r.title);
  }
  return [...out];
}
