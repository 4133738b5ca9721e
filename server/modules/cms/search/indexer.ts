import { and, eq, getTableColumns, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { ContentStatus } from '../../../../shared/cms/content.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { idArray } from '../../../db/id-array.ts';
import { cmsCatalog } from '../catalog/schema.ts';
import { cmsArticleDetail, cmsContent } from '../content/schema.ts';
import { clearHtmlTag, htmlUnescape } from '../template/html.ts';
import { cmsXModelData } from '../xmodel/schema.ts';
import type { DocTerms, SiteWords } from './analyzer.ts';
import { docTermsOf, type DocFields } from './analysis-pool.ts';
import { cmsSearchIndex } from './schema.ts';
import { siteWords } from './site-words.ts';
import { bucketLiteral } from './time-buckets.ts';
import { filterLiteral } from './filter-terms.ts';

/** `column = any(ids)`, the ids as one parameter (db/id-array.ts). */
const anyOf = (column: AnyColumn, ids: readonly number[]): SQL => sql`${column} = any(${idArray(ids)})`;

/** The body kept and analysed, in characters: enough for any article's snippets and words (20,000 ≈ 10 pages). */
export const BODY_MAX = 20_000;

/** HTML as plain text: a space where each tag was (paragraphs stay apart), entities decoded. */
export function plainText(html: string | null | undefined): string {
  if (!html) return '';
  return htmlUnescape(clearHtmlTag(html.replaceAll('<', ' <'))).replace(/\s+/g, ' ').trim();
}

type IndexRow = typeof cmsSearchIndex.$inferInsert;
/** What a row holds besides what analysis gives. */
type RowFields = Omit<IndexRow, 'tsv' | 'pairs' | 'indexedAt'>;

/** A content's fields as the analyzer weighs them: A title, B subtitle, tags and summary, C body, author, catalog name and the extension fields marked searchable. */
export function indexFields(c: RowFields, extension: string): DocFields {
  return [
    { text: c.title, weight: 'A' },
    { text: c.subTitle, weight: 'B' },
    { text: (c.tags ?? []).join(' '), weight: 'B' },
    { text: c.summary, weight: 'B' },
    { text: c.body, weight: 'C' },
    { text: c.author, weight: 'C' },
    { text: c.catalogName, weight: 'C' },
    { text: extension, weight: 'C' },
  ];
}


/** A content's index row from its analysed terms: `tsv` its weighted terms with its date-bucket and filter terms (time-buckets.ts, filter-terms.ts), `pairs` its word pairs' filter. */
const rowOf = (c: RowFields, t: DocTerms): IndexRow => ({
  ...c, tsv: [t.tsv, bucketLiteral(c.publishDate), filterLiteral(c.catalogAncestors, c.contentType)].filter(Boolean).join(' '), pairs: t.pairs,
});

/**
 * (Re)indexes these contents as they are now: a published one of a catalog that is indexed is
 * written (or rewritten), one being edited is left as it was, any other — offline, in the recycle bin, of a catalog not indexed, gone —
 * is removed. Idempotent: the publish queue calls it for each content it renders, and rendering a
 * content again after a crash indexes it again to the same row.
 */
export async function indexContents(tx: DbOrTx, contentIds: number[]): Promise<{ indexed: number; removed: number }> {
  return writeIndex(tx, await prepareIndex(tx, contentIds));
}

/** What indexing these contents writes: rows to upsert, contents to remove from the index. */
export interface PreparedIndex {
  values: IndexRow[];
  gone: number[];
}

/** Writes what prepareIndex found. */
export async function writeIndex(tx: DbOrTx, p: PreparedIndex): Promise<{ indexed: number; removed: number }> {
  let removed = 0;
  if (p.gone.length) removed = (await tx.delete(cmsSearchIndex).where(inArray(cmsSearchIndex.contentId, p.gone)).returning({ id: cmsSearchIndex.contentId })).length;
  if (p.values.length) await upsertIndexRows(tx, p.values);
  return { indexed: p.values.length, removed };
}

/** How prepareIndex has documents analysed: docTermsOf unless told otherwise (a rebuild starts it on the pool's threads, rebuild.ts). */
export type Analyse = (docs: DocFields[], words: SiteWords) => Promise<DocTerms[]>;

/**
 * Reads and analyses the contents (the slow part, jieba and all) without writing: a rebuild does
 * this outside its transaction, so the connection (PGlite has one) is held only to write. All
 * reading is done before `analyse` is first called.
 */
export async function prepareIndex(tx: DbOrTx, contentIds: number[], analyse: Analyse = docTermsOf): Promise<PreparedIndex> {
  if (!contentIds.length) return { values: [], gone: [] };
  const rows = await tx.select({
    contentId: cmsContent.contentId, siteId: cmsContent.siteId, catalogId: cmsContent.catalogId, catalogAncestors: cmsContent.catalogAncestors,
    contentType: cmsContent.contentType, title: cmsContent.title, subTitle: cmsContent.subTitle, summary: cmsContent.summary, tags: cmsContent.tags,
    author: cmsContent.author, logo: cmsContent.logo, publishDate: cmsContent.publishDate, staticPath: cmsContent.staticPath, linkFlag: cmsContent.linkFlag,
    redirectUrl: cmsContent.redirectUrl, status: cmsContent.status, recycleTime: cmsContent.recycleTime,
    catalogName: cmsCatalog.name, catalogPath: cmsCatalog.path, contentIndex: cmsCatalog.contentIndex,
  }).from(cmsContent).innerJoin(cmsCatalog, eq(cmsCatalog.catalogId, cmsContent.catalogId)).where(anyOf(cmsContent.contentId, contentIds));
  const live = rows.filter((r) => r.status === ContentStatus.PUBLISHED && !r.recycleTime && r.contentIndex !== 'N');
  const liveIds = new Set(live.map((r) => r.contentId));
  // A published content being edited keeps its pages as published (publish/pages.ts), and its index row.
  const editing = new Set(rows.filter((r) => r.status === ContentStatus.EDITING && !r.recycleTime && r.contentIndex !== 'N').map((r) => r.contentId));
  const gone = contentIds.filter((id) => !liveIds.has(id) && !editing.has(id));
  if (!live.length) return { values: [], gone };

  const ids = [...liveIds];
  const bodies = new Map((await tx.select({ id: cmsArticleDetail.contentId, html: cmsArticleDetail.contentHtml }).from(cmsArticleDetail).where(anyOf(cmsArticleDetail.contentId, ids))).map((r) => [r.id, r.html]));
  const extensions = new Map<number, string>();
  for (const x of await tx.select({ id: cmsXModelData.ownerId, search: cmsXModelData.search }).from(cmsXModelData).where(and(eq(cmsXModelData.dataType, 'content'), anyOf(cmsXModelData.ownerId, ids)))) {
    if (x.search) extensions.set(x.id, `${extensions.get(x.id) ?? ''} ${x.search}`);
  }
  const wordsOf = new Map<number, SiteWords>();
  for (const siteId of new Set(live.map((r) => r.siteId))) wordsOf.set(siteId, await siteWords(tx, siteId));
  const docs = live.map(({ status: _s, recycleTime: _r, contentIndex: _i, ...c }) => ({
    ...c, catalogName: c.catalogName ?? '', catalogPath: c.catalogPath ?? '', body: plainText(bodies.get(c.contentId)).slice(0, BODY_MAX),
  }));
  // Analysed site by site (each its own words), on every core when there are many (analysis-pool.ts).
  const values: IndexRow[] = [];
  for (const [siteId, words] of wordsOf) {
    const ofSite = docs.filter((r) => r.siteId === siteId);
    const terms = await analyse(ofSite.map((c) => indexFields(c, extensions.get(c.contentId) ?? '')), words);
    ofSite.forEach((c, i) => values.push(rowOf(c, terms[i]!)));
  }
  return { values, gone };
}

const UPDATED = ['siteId', 'catalogId', 'catalogAncestors', 'catalogName', 'catalogPath', 'contentType', 'title', 'subTitle', 'summary', 'body', 'tags', 'author', 'logo', 'publishDate', 'staticPath', 'linkFlag', 'redirectUrl', 'tsv', 'pairs'] as const;

/** Rows per statement: one JSON parameter of ~7 KB a row. */
const UPSERT_ROWS = 500;

/**
 * Writes index rows, replacing those of the same contents: each statement takes its rows as one
 * JSON parameter (json_to_recordset), the columns as the table declares them. A VALUES list of
 * ~20 parameters a row cost as much to build (Drizzle, per value) and to send as the database
 * took to store it. A column some rows leave out (its default then) goes through Drizzle's insert.
 */
export async function upsertIndexRows(tx: DbOrTx, values: IndexRow[]): Promise<void> {
  if (!values.length) return;
  const columns = Object.entries(getTableColumns(cmsSearchIndex)).filter(([k]) => values[0]![k as keyof IndexRow] !== undefined);
  if (values.some((v) => columns.some(([k]) => v[k as keyof IndexRow] === undefined) || Object.keys(v).length !== columns.length)) return upsertRowsWithDrizzle(tx, values);
  const names = sql.raw(columns.map(([, c]) => `"${c.name}"`).join(', '));
  const types = sql.raw(columns.map(([, c]) => `"${c.name}" ${c.getSQLType()}`).join(', '));
  const set = sql.raw([...UPDATED.map((k) => `"${cmsSearchIndex[k].name}" = excluded."${cmsSearchIndex[k].name}"`), `"${cmsSearchIndex.indexedAt.name}" = now()`].join(', '));
  for (let i = 0; i < values.length; i += UPSERT_ROWS) {
    // Keyed by column name; a Date as ISO text and tags as a JSON array, as their columns read them.
    const chunk = values.slice(i, i + UPSERT_ROWS);
    const rows = JSON.stringify(chunk.map((v) => Object.fromEntries(columns.map(([k, c]) => [c.name, v[k as keyof IndexRow] ?? null]))));
    // A lone surrogate (escaped by JSON.stringify) is an error to PostgreSQL's JSON, where a
    // parameter's text has it replaced; a NUL fails either way: those rows go as parameters.
    if (/\\u(?:[dD][89a-fA-F]|0000)/.test(rows)) {
      await upsertRowsWithDrizzle(tx, chunk);
      continue;
    }
    await tx.execute(sql`insert into ${cmsSearchIndex} (${names}) select ${names} from json_to_recordset(${rows}::json) as x(${types})
      on conflict (${sql.raw(`"${cmsSearchIndex.contentId.name}"`)}) do update set ${set}`);
  }
}

async function upsertRowsWithDrizzle(tx: DbOrTx, values: IndexRow[]): Promise<void> {
  const set: Record<string, unknown> = { indexedAt: sql`now()` };
  for (const k of UPDATED) set[k] = sql.raw(`excluded.${cmsSearchIndex[k].name}`);
  for (let i = 0; i < values.length; i += 100) {
    await tx.insert(cmsSearchIndex).values(values.slice(i, i + 100)).onConflictDoUpdate({ target: cmsSearchIndex.contentId, set });
  }
}

/** Removes contents from the index (the content index screen's delete). */
export async function removeFromIndex(tx: DbOrTx, siteId: number, contentIds: number[]): Promise<number> {
  if (!contentIds.length) return 0;
  return (await tx.delete(cmsSearchIndex).where(and(eq(cmsSearchIndex.siteId, siteId), inArray(cmsSearchIndex.contentId, contentIds))).returning({ id: cmsSearchIndex.contentId })).length;
}
