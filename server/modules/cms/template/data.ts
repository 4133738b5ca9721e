import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.ts';
import { ContentStatus } from '../../../../shared/cms/content.ts';
import { cmsArticleDetail, cmsAudio, cmsBook, cmsBookChapter, cmsContent, cmsContentRela, cmsImage, cmsVideo } from '../content/schema.ts';
import { cmsSite, cmsSiteProperty } from '../site/schema.ts';
import { cmsLink, cmsLinkGroup } from '../link/schema.ts';
import { xmodelAnswers } from '../xmodel/template-data.ts';
import { publishedMarkup } from '../customform/markup.ts';
import { voteMarkup } from '../vote/markup.ts';
import { liveAdsOf, publishedWidgets } from '../widget/data.ts';
import type { ContentRow } from './present.ts';
import type { ContentFilter, CountRequest, ListRequest, LoadRequest, WindowAnswer } from './requests.ts';
import { hotWordsForPage, sensitiveWordsForPage } from '../word/page-words.ts';
import { executedRows } from '../../../db/rows.ts';
import { idArray } from '../../../db/id-array.ts';
import { hotWords } from '../searchlog/words.ts';
import { cachedSearch } from '../search-public/recent.ts';

/**
 * Answers the data requests of templates (requests.ts): requests of one kind that can share a
 * query do (bodies, albums, chapters, contents by id), the lists and counts of one round go out as
 * one statement each.
 */

export const CONTENT_COLUMNS = {
  contentId: cmsContent.contentId, siteId: cmsContent.siteId, catalogId: cmsContent.catalogId, contentType: cmsContent.contentType,
  title: cmsContent.title, subTitle: cmsContent.subTitle, shortTitle: cmsContent.shortTitle, titleStyle: cmsContent.titleStyle,
  logo: cmsContent.logo, author: cmsContent.author, editor: cmsContent.editor, original: cmsContent.original, summary: cmsContent.summary,
  tags: cmsContent.tags, keywords: cmsContent.keywords, source: cmsContent.source, sourceUrl: cmsContent.sourceUrl,
  attributes: cmsContent.attributes, linkFlag: cmsContent.linkFlag, redirectUrl: cmsContent.redirectUrl, staticPath: cmsContent.staticPath,
  topFlag: cmsContent.topFlag, publishDate: cmsContent.publishDate, createTime: cmsContent.createTime, updateTime: cmsContent.updateTime,
  viewCount: cmsContent.viewCount, likeCount: cmsContent.likeCount, commentCount: cmsContent.commentCount, favoriteCount: cmsContent.favoriteCount,
  seoTitle: cmsContent.seoTitle, seoKeywords: cmsContent.seoKeywords, seoDescription: cmsContent.seoDescription,
  status: cmsContent.status, copyType: cmsContent.copyType, copyId: cmsContent.copyId, publishPipe: cmsContent.publishPipe, publishPipeProps: cmsContent.publishPipeProps,
};

/**
 * A content row as one JSON value. PGlite decodes a result field by field in JavaScript (37
 * columns: ~60 µs a row, most of a publish's database time); one JSON value per row is parsed by
 * the engine's JSON.parse, 2–3× faster. PostgreSQL's driver gains too. The keys are ours, written
 * into the statement; timestamps arrive as ISO strings with their offset (all are timestamptz)
 * and are turned back into dates by contentRowOf.
 */
const CONTENT_JSON = sql<Record<string, unknown>>`json_build_object(${sql.join(
  Object.entries(CONTENT_COLUMNS).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`),
  sql`, `,
)})`;
const CONTENT_DATES = ['publishDate', 'createTime', 'updateTime'] as const;

/** A row of CONTENT_JSON as the loader's ContentRow (dates revived; a driver that parsed json already leaves objects). */
function contentRowOf(value: unknown): ContentRow {
  const row = (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;
  for (const k of CONTENT_DATES) if (typeof row[k] === 'string') row[k] = new Date(row[k] as string);
  return row as unknown as ContentRow;
}

/**
 * Content rows a publish run has read, by id, to be used again (a drain keeps one per site,
 * publish/worker.ts): a catalog's list pages then read the ids of their window and take the rows
 * its contents' pages read a moment ago, instead of every row again (the benchmark site: 10,000
 * rows, half a second of PGlite). As fresh as the run, like everything a session reads.
 */
export class RowCache {
  private readonly rows = new Map<number, ContentRow>();
  private readonly max: number;
  constructor(max = 20_000) {
    this.max = max;
  }

  get(id: number): ContentRow | undefined {
    return this.rows.get(id);
  }

  set(row: ContentRow) {
    this.rows.delete(row.contentId);
    this.rows.set(row.contentId, row);
    if (this.rows.size > this.max) this.rows.delete(this.rows.keys().next().value!);
  }
}

/** Live contents of the site by id (any status), of the reader's catalogs, from the cache when it holds them. */
async function contentRows(db: DbOrTx, scope: LoadScope, ids: number[], cache?: RowCache): Promise<Map<number, ContentRow>> {
  const byId = new Map<number, ContentRow>();
  const missing: number[] = [];
  for (const id of new Set(ids)) {
    const hit = cache?.get(id);
    if (hit) byId.set(id, hit);
    else missing.push(id);
  }
  if (!missing.length) return byId;
  // A plain statement (`execute`): the query builder and its result mapping cost a publish ~15 µs a row.
  const rows = executedRows<{ j: unknown }>(await db.execute(sql`select ${CONTENT_JSON} as j from ${cmsContent}
    where ${cmsContent.siteId} = ${scope.siteId} and ${cmsContent.recycleTime} is null and ${cmsContent.contentId} = any(${idArray(missing)})
    ${scope.catalogIds ? sql`and ${cmsContent.catalogId} = any(${idArray(scope.catalogIds.length ? scope.catalogIds : [-1])})` : sql``}`));
  for (const { j } of rows) {
    const row = contentRowOf(j);
    byId.set(row.contentId, row);
    cache?.set(row);
  }
  return byId;
}

const SORT_COLUMN = {
  Default: cmsContent.sortFlag,
  Recent: cmsContent.publishDate,
  Views: cmsContent.viewCount,
  Likes: cmsContent.likeCount,
  Comments: cmsContent.commentCount,
  Favorites: cmsContent.favoriteCount,
} as const;

export interface LoadScope {
  siteId: number;
  pipeCode: string;
  /**
   * A preview's reader: the catalogs they may view (catalog/access.ts catalogsWith). Every content
   * a tag reads — lists, counts, neighbours, related, by id — is of these catalogs, and they are
   * the only catalogs the session's tree holds (readerCatalogTree); absent or null: every catalog
   * (the publisher, an administrator).
   */
  catalogIds?: number[] | null;
  /** A preview's reader: the sites they may view, the only ones cms_site lists them (absent: no reader) */
  siteIds?: number[] | null;
}

/**
 * What a session's catalog tree holds for the scope's reader (issue 27: a catalog the reader may
 * not View is invisible everywhere, as its contents are). Every tag finds catalogs in this tree
 * (catalogs.ts), by level, id, alias or parent, and so do body links, a content's catalog name and
 * the page's own catalog; so one cut here hides them from all of them. Each catalog's childCount
 * counts the children the reader sees, and the published counts go only with the catalogs kept.
 * No reader, or one who sees every catalog (the publisher, an administrator): unchanged.
 */
export function readerCatalogTree<S extends { catalogs: { catalogId: number; parentId: number; childCount: number }[]; counts: [number, number][] }>(scope: LoadScope, snapshot: S): S {
  if (!scope.catalogIds) return snapshot;
  const seen = new Set(scope.catalogIds);
  const kept = snapshot.catalogs.filter((c) => seen.has(c.catalogId));
  const children = new Map<number, number>();
  for (const c of kept) children.set(c.parentId, (children.get(c.parentId) ?? 0) + 1);
  return {
    ...snapshot,
    catalogs: kept.map((c) => ({ ...c, childCount: children.get(c.catalogId) ?? 0 })),
    counts: snapshot.counts.filter(([catalogId]) => seen.has(catalogId)),
  };
}

/** The reader's catalogs as a row filter (undefined: no reader, or one who sees every catalog). */
const readerCatalogs = (scope: LoadScope): SQL | undefined =>
  scope.catalogIds ? (scope.catalogIds.length ? inArray(cmsContent.catalogId, scope.catalogIds) : sql`false`) : undefined;

/** Published, live contents of the site that go to this pipe (an empty pipe list means every pipe), of the reader's catalogs. */
export function published(scope: LoadScope): SQL {
  return and(
    eq(cmsContent.siteId, scope.siteId),
    readerCatalogs(scope),
    eq(cmsContent.status, ContentStatus.PUBLISHED),
    isNull(cmsContent.recycleTime),
    sql`(${cmsContent.publishPipe} = '[]'::jsonb or ${cmsContent.publishPipe} @> ${JSON.stringify([scope.pipeCode])}::jsonb)`,
  )!;
}

function filtered(scope: LoadScope, f: Omit<ContentFilter, 'catalogs' | 'tag'> & Partial<Pick<ContentFilter, 'catalogs' | 'tag'>>): SQL {
  return and(
    published(scope),
    // One catalog as `=`: the planner then walks that catalog's index in the list's order.
    f.catalogs ? (f.catalogs.length === 1 ? eq(cmsContent.catalogId, f.catalogs[0]!) : inArray(cmsContent.catalogId, f.catalogs.length ? f.catalogs : [-1])) : undefined,
    f.types.length ? inArray(cmsContent.contentType, f.types) : undefined,
    f.has ? sql`(${cmsContent.attributes} & ${f.has}) = ${f.has}` : undefined,
    f.no ? sql`(${cmsContent.attributes} & ${f.no}) = 0` : undefined,
    f.tag ? sql`${cmsContent.tags} @> ${JSON.stringify([f.tag])}::jsonb` : undefined,
  )!;
}

type Row = Record<string, unknown>;
const byContent = <T extends { contentId: number }>(rows: T[]) => {
  const map = new Map<number, T[]>();
  for (const r of rows) {
    const list = map.get(r.contentId);
    if (list) list.push(r);
    else map.set(r.contentId, [r]);
  }
  return map;
};

/**
 * Loads a batch of requests: requests of one kind that can share a query do (bodies, albums,
 * chapters, contents by id); lists and windows run one indexed query each, all in one statement.
 */
export async function loadRequests(db: DbOrTx, scope: LoadScope, requests: LoadRequest[], lookups: { dict(type: string, lang: string): Promise<{ value: string; label: string }[]> }, cache?: RowCache): Promise<Map<LoadRequest, unknown>> {
  const out = new Map<LoadRequest, unknown>();
  const of = <K extends LoadRequest['kind']>(kind: K) => requests.filter((r): r is Extract<LoadRequest, { kind: K }> => r.kind === kind);

  const ids = of('content');
  if (ids.length) {
    const byId = await contentRows(db, scope, ids.map((r) => r.id), cache);
    for (const r of ids) out.set(r, byId.get(r.id) ?? null);
  }

  const articles = of('article');
  if (articles.length) {
    // Bodies of many pages (a publish's chunk of 200): a plain statement, each row one JSON value.
    const rows = executedRows<{ j: unknown }>(await db.execute(sql`select json_build_object('contentId', ${cmsArticleDetail.contentId}, 'contentHtml', ${cmsArticleDetail.contentHtml},
      'pageTitles', ${cmsArticleDetail.pageTitles}) as j from ${cmsArticleDetail} where ${cmsArticleDetail.contentId} = any(${idArray(articles.map((r) => r.contentId))})`))
      .map(({ j }) => (typeof j === 'string' ? JSON.parse(j) : j) as { contentId: number; contentHtml: string; pageTitles: unknown });
    const byId = new Map(rows.map((r) => [r.contentId, r]));
    for (const r of articles) out.set(r, byId.get(r.contentId) ?? { contentId: r.contentId, contentHtml: '', pageTitles: null });
  }

  for (const type of ['image', 'audio', 'video'] as const) {
    const albums = of('album').filter((r) => r.type === type);
    if (!albums.length) continue;
    const table = { image: cmsImage, audio: cmsAudio, video: cmsVideo }[type];
    const rows = byContent(await db.select().from(table).where(inArray(table.contentId, albums.map((r) => r.contentId))).orderBy(asc(table.sortFlag)) as (Row & { contentId: number })[]);
    for (const r of albums) out.set(r, (rows.get(r.contentId) ?? []).slice(0, r.limit));
  }

  const chapterLists = of('chapters');
  if (chapterLists.length) {
    const rows = byContent(await db.select({ chapterId: cmsBookChapter.chapterId, contentId: cmsBookChapter.contentId, title: cmsBookChapter.title, wordCount: cmsBookChapter.wordCount, publishDate: cmsBookChapter.publishDate })
      .from(cmsBookChapter)
      .where(and(inArray(cmsBookChapter.contentId, chapterLists.map((r) => r.contentId)), eq(cmsBookChapter.status, ContentStatus.PUBLISHED)))
      .orderBy(asc(cmsBookChapter.sortFlag), asc(cmsBookChapter.chapterId)));
    for (const r of chapterLists) out.set(r, (rows.get(r.contentId) ?? []).slice(0, r.limit));
  }

  for (const r of of('chapter')) {
    const [row] = await db.select().from(cmsBookChapter).where(eq(cmsBookChapter.chapterId, r.chapterId));
    out.set(r, row ?? null);
  }

  const books = of('book');
  if (books.length) {
    const rows = await db.select().from(cmsBook).where(inArray(cmsBook.contentId, books.map((r) => r.contentId)));
    for (const r of books) out.set(r, rows.find((x) => x.contentId === r.contentId) ?? null);
  }

  const windows = of('window');
  const lists = await loadLists(db, scope, [...of('contents').map((list) => ({ list, total: false })), ...windows.map((w) => ({ list: w.list, total: true }))], cache);
  for (const r of of('contents')) out.set(r, lists.get(r)!.rows);
  for (const w of windows) out.set(w, lists.get(w.list)!);
  for (const [r, n] of await loadCounts(db, scope, of('count'))) out.set(r, n);

  for (const r of of('closest')) {
    // Row comparison in SQL: the neighbour by (sort value, id), the content's own value read there
    // (a date brought into JavaScript would lose its microseconds and miss ties).
    const col = SORT_COLUMN[r.sort];
    const after = r.dir === 'Next';
    const self = sql`(select ${col}, ${cmsContent.contentId} from ${cmsContent} where ${cmsContent.contentId} = ${r.contentId})`;
    const [hit] = await db.select({ j: CONTENT_JSON }).from(cmsContent)
      .where(and(filtered(scope, { ...r, catalogs: [r.catalogId], tag: '' }), after ? sql`(${col}, ${cmsContent.contentId}) > ${self}` : sql`(${col}, ${cmsContent.contentId}) < ${self}`))
      .orderBy(...(after ? [asc(col), asc(cmsContent.contentId)] : [desc(col), desc(cmsContent.contentId)]))
      .limit(1);
    out.set(r, hit ? contentRowOf(hit.j) : null);
  }

  for (const r of of('rela')) {
    const rows = await db.select({ j: CONTENT_JSON }).from(cmsContentRela)
      .innerJoin(cmsContent, eq(cmsContent.contentId, cmsContentRela.relaContentId))
      .where(and(eq(cmsContentRela.contentId, r.contentId), published(scope)))
      .orderBy(asc(cmsContentRela.sortFlag), asc(cmsContent.contentId))
      .limit(r.limit);
    out.set(r, rows.map(({ j }) => contentRowOf(j)));
  }

  for (const r of of('sites')) {
    const [self] = await db.select({ siteId: cmsSite.siteId, parentId: cmsSite.parentId }).from(cmsSite).where(eq(cmsSite.siteId, r.id));
    const level = r.level === 'Root' ? eq(cmsSite.parentId, 0) : r.level === 'Child' ? eq(cmsSite.parentId, r.id) : eq(cmsSite.parentId, self?.parentId ?? 0);
    // cms_site lists the page's own site and the sites below it, never another site's name, path
    // or address (issue 26 N7); a preview's reader only those of them they may view.
    const reader = scope.siteIds ? (scope.siteIds.length ? inArray(cmsSite.siteId, scope.siteIds) : sql`false`) : undefined;
    const where = and(level, or(eq(cmsSite.siteId, scope.siteId), eq(cmsSite.parentId, scope.siteId)), reader);
    out.set(r, await db.select().from(cmsSite).where(where).orderBy(asc(cmsSite.sortFlag), asc(cmsSite.siteId)).limit(r.limit).offset(r.offset));
  }

  for (const r of of('siteProps')) {
    out.set(r, await db.select({ propName: cmsSiteProperty.propName, propCode: cmsSiteProperty.propCode, propValue: cmsSiteProperty.propValue }).from(cmsSiteProperty)
      .where(and(eq(cmsSiteProperty.siteId, scope.siteId), r.code ? eq(cmsSiteProperty.propCode, r.code) : undefined))
      .orderBy(asc(cmsSiteProperty.propCode)).limit(r.limit).offset(r.offset));
  }

  // Friend links: the page's site's groups, a group's links by its code (tags/link.ts).
  for (const r of of('linkGroups')) {
    out.set(r, await db.select({ linkGroupId: cmsLinkGroup.linkGroupId, name: cmsLinkGroup.name, code: cmsLinkGroup.code, sortFlag: cmsLinkGroup.sortFlag }).from(cmsLinkGroup)
      .where(and(eq(cmsLinkGroup.siteId, scope.siteId), r.code ? eq(cmsLinkGroup.code, r.code) : undefined))
      .orderBy(asc(cmsLinkGroup.sortFlag), asc(cmsLinkGroup.linkGroupId)).limit(r.limit).offset(r.offset));
  }
  for (const r of of('links')) {
    out.set(r, await db.select({
      linkId: cmsLink.linkId, groupId: cmsLink.groupId, name: cmsLink.name, url: cmsLink.url, logo: cmsLink.logo, sortFlag: cmsLink.sortFlag, description: cmsLink.description,
    }).from(cmsLink).innerJoin(cmsLinkGroup, eq(cmsLinkGroup.linkGroupId, cmsLink.groupId))
      .where(and(eq(cmsLinkGroup.siteId, scope.siteId), eq(cmsLinkGroup.code, r.code)))
      .orderBy(asc(cmsLink.sortFlag), asc(cmsLink.linkId)).limit(r.limit).offset(r.offset));
  }

  // Extension models: a model's fields by its code, a site's, catalog's or published content's values (xmodel/template-data.ts).
  for (const r of of('xmodelFields')) out.set(r, await xmodelAnswers.fields(db, scope.siteId, r.code));
  for (const r of of('customForm')) out.set(r, await publishedMarkup(db, scope.siteId, r.code));
  // Votes: the page's site's, by code (a stopped one is none).
  for (const r of of('vote')) out.set(r, await voteMarkup(db, scope.siteId, r.code));
  for (const r of of('xmodelData')) out.set(r, await xmodelAnswers.data(db, scope.siteId, r.dataType, r.id, r.dataType === 'content' ? published(scope) : undefined));
  // The pages' own contents' values, display-ready: one batch for a publish's whole chunk of pages.
  const views = of('xmodelView');
  const viewed = await xmodelAnswers.views(db, scope.siteId, views.map((r) => ({ dataType: 'content', id: r.contentId, contentType: r.contentType })));
  views.forEach((r, i) => out.set(r, viewed[i]));
  // Page widgets and ads: the page's site's published ones only; ads live now (widget/data.ts).
  const widgetAsks = of('pageWidget');
  const widgets = await publishedWidgets(db, scope.siteId, [...new Set(widgetAsks.map((r) => r.code))]);
  for (const r of widgetAsks) out.set(r, widgets.find((w) => w.code === r.code) ?? null);
  for (const r of of('ads')) out.set(r, await liveAdsOf(db, scope.siteId, r.code));

  for (const r of of('dict')) out.set(r, await lookups.dict(r.type, r.lang));
  for (const r of of('hotWords')) out.set(r, await hotWordsForPage(db, scope.siteId, r.catalogId, r.group));
  for (const r of of('sensitiveWords')) out.set(r, await sensitiveWordsForPage(db, scope.siteId));

  // Search: the reader's page asked for it a moment ago (the search page) or a template lists hits for a word.
  for (const r of of('search')) {
    const found = await cachedSearch(db, { siteId: scope.siteId, pipeCode: scope.pipeCode, q: r.q, catalogId: r.catalogId ?? undefined, includeChildren: r.includeChildren, contentType: r.contentType || undefined, onlyTitle: r.onlyTitle, tag: r.tag, page: r.page, size: r.size });
    // A preview's reader sees hits of their catalogs only, as every other list.
    const seen = scope.catalogIds ? new Set(scope.catalogIds) : null;
    out.set(r, seen ? { ...found, rows: found.rows.filter((x) => seen.has(x.catalogId)) } : found);
  }
  for (const r of of('searchWords')) out.set(r, await hotWords(db, scope.siteId, r.limit));
  return out;
}

/** Branches of one UNION ALL statement at most (a home page lists one per catalog). */
const BRANCHES_MAX = 100;

/**
 * A list's order, written as its index is (else PostgreSQL sorts the catalog, or walks the whole
 * site's status index: 73 ms instead of 4 for ten rows). The publish date indexes keep nulls last
 * while plain desc puts them first; published contents always have a date (publishing sets it),
 * so the rows and their order are the same.
 */
const listOrder = (r: ListRequest) => [
  ...(r.top ? [desc(cmsContent.topFlag)] : []),
  r.sort === 'Recent' ? sql`${cmsContent.publishDate} desc nulls last` : desc(SORT_COLUMN[r.sort]),
  desc(cmsContent.contentId),
];

/** Runs `each` over `items` in chunks of BRANCHES_MAX. */
async function chunked<T>(items: T[], each: (chunk: T[], base: number) => Promise<void>) {
  for (let i = 0; i < items.length; i += BRANCHES_MAX) await each(items.slice(i, i + BRANCHES_MAX), i);
}

/**
 * The lists of one round in one statement (a home page of fifty catalog lists was fifty selects;
 * each statement costs PGlite time and memory of its own). Every branch is the query the list
 * would be alone (its filter, order, limit and offset, walking the same index), tagged with the
 * list's place and its rows numbered in its order: a UNION ALL promises no order of its own.
 * A list asked `total` also counts every row of its filter (`count(*) over ()`, before the limit).
 */
async function loadLists(db: DbOrTx, scope: LoadScope, lists: { list: ListRequest; total: boolean }[], cache?: RowCache): Promise<Map<ListRequest, WindowAnswer>> {
  const out = new Map<ListRequest, WindowAnswer>();
  await chunked(lists, async (chunk, base) => {
    // With a cache of rows, the lists are read as ids and their rows taken from it (the rest read by id).
    const branch = ({ list: r, total }: { list: ListRequest; total: boolean }, i: number) => {
      const order = listOrder(r);
      return db.select({
        j: cache ? sql<unknown>`null::json`.as('j') : CONTENT_JSON,
        id: cmsContent.contentId,
        q: sql<number>`${base + i}::int`.as('q'),
        rn: sql<number>`row_number() over (order by ${sql.join(order, sql`, `)})`.as('rn'),
        total: (total ? sql<number>`count(*) over ()` : sql<number>`0`).as('total'),
      }).from(cmsContent).where(filtered(scope, r)).orderBy(...order).limit(r.limit).offset(r.offset);
    };
    const [a, b, ...rest] = chunk.map(branch);
    const rows = (b ? await unionAll(a!, b, ...rest) : await a!) as { j: unknown; id: number; q: number; rn: number; total: number }[];
    const cached = cache ? await contentRows(db, scope, rows.map((r) => Number(r.id)), cache) : null;
    const rowOf = (x: { j: unknown; id: number }) => (cached ? cached.get(Number(x.id))! : contentRowOf(x.j));
    const byList = new Map<number, { j: unknown; id: number; rn: number; total: number }[]>();
    for (const row of rows) {
      const list = byList.get(Number(row.q));
      if (list) list.push(row);
      else byList.set(Number(row.q), [row]);
    }
    const needTotal: { list: ListRequest; at: number }[] = [];
    chunk.forEach((l, i) => {
      const found = (byList.get(base + i) ?? []).sort((x, y) => Number(x.rn) - Number(y.rn));
      out.set(l.list, { rows: found.map(rowOf).filter((row) => !!row), total: Number(found[0]?.total ?? 0) });
      // A window past the list's end has no row to carry the total: count it apart.
      if (l.total && !found.length) needTotal.push({ list: l.list, at: i });
    });
    if (needTotal.length) {
      const counts = await loadCounts(db, scope, needTotal.map(({ list: r }) => ({ kind: 'count', catalogs: r.catalogs, types: r.types, has: r.has, no: r.no, tag: r.tag })));
      for (const [i, n] of [...counts.values()].entries()) out.get(needTotal[i]!.list)!.total = n;
    }
  });
  return out;
}

/** The counts of one round in one statement, as loadLists does for lists. */
async function loadCounts(db: DbOrTx, scope: LoadScope, counts: CountRequest[]): Promise<Map<CountRequest, number>> {
  const out = new Map<CountRequest, number>();
  await chunked(counts, async (chunk, base) => {
    const branch = (r: CountRequest, i: number) => db.select({ q: sql<number>`${base + i}::int`.as('q'), n: count() }).from(cmsContent).where(filtered(scope, r));
    const [a, b, ...rest] = chunk.map(branch);
    const rows = b ? await unionAll(a!, b, ...rest) : await a!;
    const byCount = new Map(rows.map((row) => [Number(row.q), Number(row.n)]));
    chunk.forEach((r, i) => out.set(r, byCount.get(base + i) ?? 0));
  });
  return out;
}
