import { and, eq, inArray, sql } from 'drizzle-orm';
import { ContentStatus } from '../../../../shared/cms/content.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { cmsCatalog } from '../catalog/schema.ts';
import { cmsArticleDetail, cmsContent } from '../content/schema.ts';
import { clearHtmlTag, htmlUnescape } from '../template/html.ts';
import { cmsXModelData } from '../xmodel/schema.ts';
import { loadAnalyzer, tsvectorLiteral, type Analyzer, type SiteWords } from './analyzer.ts';
import { cmsSearchIndex } from './schema.ts';
import { siteWords } from './site-words.ts';

/** The body kept and analysed, in characters: enough for any article's snippets and words (20,000 ≈ 10 pages). */
export const BODY_MAX = 20_000;

/** HTML as plain text: a space where each tag was (paragraphs stay apart), entities decoded. */
export function plainText(html: string | null | undefined): string {
  if (!html) return '';
  return htmlUnescape(clearHtmlTag(html.replaceAll('<', ' <'))).replace(/\s+/g, ' ').trim();
}

type IndexRow = typeof cmsSearchIndex.$inferInsert;

/**
 * The index row of a content, its `tsv` a literal of weighted terms: A title, B subtitle, tags and
 * summary, C body, author, catalog name and the extension fields marked searchable.
 */
export function indexRow(e: Analyzer, words: SiteWords, c: Omit<IndexRow, 'tsv' | 'indexedAt'>, extension: string): IndexRow {
  const tsv = tsvectorLiteral(e, [
    { text: c.title, weight: 'A' },
    { text: c.subTitle, weight: 'B' },
    { text: (c.tags ?? []).join(' '), weight: 'B' },
    { text: c.summary, weight: 'B' },
    { text: c.body, weight: 'C' },
    { text: c.author, weight: 'C' },
    { text: c.catalogName, weight: 'C' },
    { text: extension, weight: 'C' },
  ], words);
  return { ...c, tsv };
}

/**
 * (Re)indexes these contents as they are now: a published one of a catalog that is indexed is
 * written (or rewritten), one being edited is left as it was, any other — offline, in the recycle bin, of a catalog not indexed, gone —
 * is removed. Idempotent: the publish queue calls it for each content it renders, and rendering a
 * content again after a crash indexes it again to the same row.
 */
export async function indexContents(tx: DbOrTx, contentIds: number[]): Promise<{ indexed: number; removed: number }> {
  if (!contentIds.length) return { indexed: 0, removed: 0 };
  const rows = await tx.select({
    contentId: cmsContent.contentId, siteId: cmsContent.siteId, catalogId: cmsContent.catalogId, catalogAncestors: cmsContent.catalogAncestors,
    contentType: cmsContent.contentType, title: cmsContent.title, subTitle: cmsContent.subTitle, summary: cmsContent.summary, tags: cmsContent.tags,
    author: cmsContent.author, logo: cmsContent.logo, publishDate: cmsContent.publishDate, staticPath: cmsContent.staticPath, linkFlag: cmsContent.linkFlag,
    redirectUrl: cmsContent.redirectUrl, status: cmsContent.status, recycleTime: cmsContent.recycleTime,
    catalogName: cmsCatalog.name, catalogPath: cmsCatalog.path, contentIndex: cmsCatalog.contentIndex,
  }).from(cmsContent).innerJoin(cmsCatalog, eq(cmsCatalog.catalogId, cmsContent.catalogId)).where(inArray(cmsContent.contentId, contentIds));
  const live = rows.filter((r) => r.status === ContentStatus.PUBLISHED && !r.recycleTime && r.contentIndex !== 'N');
  const liveIds = new Set(live.map((r) => r.contentId));
  // A published content being edited keeps its pages as published (publish/pages.ts), and its index row.
  const editing = new Set(rows.filter((r) => r.status === ContentStatus.EDITING && !r.recycleTime && r.contentIndex !== 'N').map((r) => r.contentId));
  const gone = contentIds.filter((id) => !liveIds.has(id) && !editing.has(id));
  let removed = 0;
  if (gone.length) removed = (await tx.delete(cmsSearchIndex).where(inArray(cmsSearchIndex.contentId, gone)).returning({ id: cmsSearchIndex.contentId })).length;
  if (!live.length) return { indexed: 0, removed };

  const ids = [...liveIds];
  const bodies = new Map((await tx.select({ id: cmsArticleDetail.contentId, html: cmsArticleDetail.contentHtml }).from(cmsArticleDetail).where(inArray(cmsArticleDetail.contentId, ids))).map((r) => [r.id, r.html]));
  const extensions = new Map<number, string>();
  for (const x of await tx.select({ id: cmsXModelData.ownerId, search: cmsXModelData.search }).from(cmsXModelData).where(and(eq(cmsXModelData.dataType, 'content'), inArray(cmsXModelData.ownerId, ids)))) {
    if (x.search) extensions.set(x.id, `${extensions.get(x.id) ?? ''} ${x.search}`);
  }
  const e = await loadAnalyzer();
  const wordsOf = new Map<number, SiteWords>();
  for (const siteId of new Set(live.map((r) => r.siteId))) wordsOf.set(siteId, await siteWords(tx, siteId));
  const values = live.map(({ status: _s, recycleTime: _r, contentIndex: _i, ...c }) => indexRow(e, wordsOf.get(c.siteId)!, {
    ...c, catalogName: c.catalogName ?? '', catalogPath: c.catalogPath ?? '', body: plainText(bodies.get(c.contentId)).slice(0, BODY_MAX),
  }, extensions.get(c.contentId) ?? ''));
  await upsertIndexRows(tx, values);
  return { indexed: values.length, removed };
}

const UPDATED = ['siteId', 'catalogId', 'catalogAncestors', 'catalogName', 'catalogPath', 'contentType', 'title', 'subTitle', 'summary', 'body', 'tags', 'author', 'logo', 'publishDate', 'staticPath', 'linkFlag', 'redirectUrl', 'tsv'] as const;

/** Writes index rows, replacing those of the same contents. */
export async function upsertIndexRows(tx: DbOrTx, values: IndexRow[]): Promise<void> {
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
