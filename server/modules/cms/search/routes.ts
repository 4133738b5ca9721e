import { and, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { id } from '../../../../shared/validators/common.ts';
import { v } from '../../../../shared/validators/issues.ts';
import { contentIds } from '../../../../shared/resources/cms/content.ts';
import { defineRoute, type AnyRoute } from '../../../core/route.ts';
import { pageOf, rowSchemaOf, selectedRow } from '../../../core/row-schema.ts';
import { fail } from '../../../core/errors.ts';
import { paging, table } from '../../../core/envelope.ts';
import { likePattern } from '../../../core/query.ts';
import { readOf, writeOf, type SiteOp } from '../../../core/operation.ts';
import { catalogsWith } from '../catalog/access.ts';
import { onContents } from '../content/needs.ts';
import { editsSite } from '../site/current.ts';
import { indexContents, removeFromIndex } from './indexer.ts';
import { searchContents } from './query.ts';
import { withoutInternalTerms } from './filter-terms.ts';
import { beginRebuild, rebuildState, submitRebuild } from './rebuild.ts';
import { cmsSearchDictWord, cmsSearchIndex } from './schema.ts';
import { searchPageReply } from './replies.ts';
// The catalog tree's changes reach the index rows (registered on import).
import './catalog-changes.ts';
import { forgetSiteWords, siteWords } from './site-words.ts';
import { segmentation, MAX_QUERY } from './analyzer.ts';
import { loadAnalyzer } from './analyzer.ts';

const INDEX_VIEW = 'cms:contentindex:view';
const flag = z.preprocess((x) => x === true || x === 'true' || x === 'Y' || x === '1', z.boolean()).optional();
const idQuery = z.string().regex(/^\d{1,15}$/).transform(Number).optional();
const listQuery = z.object({
  query: z.string().max(MAX_QUERY, v('tooLong')).optional(),
  onlyTitle: flag,
  contentType: z.string().max(20).optional(),
  catalogId: idQuery,
  includeChild: flag,
  pageNum: z.string().optional(),
  pageSize: z.string().optional(),
});
const contentParam = z.object({ contentId: z.string().regex(/^\d{1,15}$/).transform(Number) });
/** The id list itself (ChestnutCMS) or `{ contentIds }` / `{ wordIds }`. */
const idsBody = (key: string) => z.preprocess((b) => (Array.isArray(b) ? { [key]: b } : b), z.object({ [key]: contentIds() })).transform((b) => b[key] as number[]);
const WORD_TYPES = ['WORD', 'STOP'] as const;
const wordsBody = z.object({
  wordType: z.enum(WORD_TYPES, { error: v('invalid') }),
  words: z.array(z.string().trim().min(1, v('required')).max(100, v('tooLong'))).min(1, v('required')).max(1000, v('tooMany', { max: 1000 })),
});

/**
 * The contents a console user finds: the current site's index, in the catalogs they may view
 * (their catalog rights), with highlights. The content index screen and the content list's
 * full-text mode both read it.
 */
async function listIndexed(op: SiteOp, q: z.infer<typeof listQuery>) {
  const { pageNum, pageSize } = paging(q);
  const catalogIds = await catalogsWith(op, 'View');
  return searchContents(op.tx, {
    siteId: op.site.siteId, q: q.query, onlyTitle: q.onlyTitle, contentType: q.contentType || null, catalogId: q.catalogId ?? null,
    includeChildren: q.includeChild, catalogIds, page: pageNum, size: Math.min(pageSize, 100),
  });
}

// The contents named are checked where they are stored (the current site's, in catalogs one may view): every id of a batch.
const builtContent = onContents('View', 'params.contentId');
const unindexed = onContents('View', 'body');

export const searchRoutes: AnyRoute[] = [
  // The content index screen's list (ChestnutCMS query/onlyTitle/contentType) and the content list's full-text mode (cms:content:view).
  defineRoute({
    method: 'GET', url: '/cms/search/contents', perm: { anyOf: [INDEX_VIEW, 'cms:content:view'] }, site: true, query: listQuery,
    // The hits (query.ts SearchHit, without how to link them), highlights HTML-escaped with <em>.
    reply: searchPageReply,
    handler: async (ctx) => {
      const r = await listIndexed(readOf(ctx), ctx.query);
      return { ...table(r.rows.map(({ linkInfo: _l, ...row }) => row), r.total), totalExact: r.totalExact };
    },
  }),
  // One indexed document as stored, its terms included (the tsvector as text, without the date buckets and filter terms: time-buckets.ts, filter-terms.ts).
  defineRoute({
    method: 'GET', url: '/cms/search/content/:contentId', perm: INDEX_VIEW, site: true, params: contentParam,
    reply: rowSchemaOf(cmsSearchIndex).omit({ head: true, pairs: true }).extend({ tsv: z.string().describe('the terms, as text') }),
    handler: async (ctx) => {
      const [row] = await ctx.db.select({ doc: cmsSearchIndex, tsv: sql<string>`${cmsSearchIndex.tsv}::text` }).from(cmsSearchIndex)
        .where(and(eq(cmsSearchIndex.contentId, ctx.params.contentId), eq(cmsSearchIndex.siteId, ctx.site.siteId)));
      if (!row) throw fail('resource.notFound');
      // The ranking terms and the pairs filter are the index's own (the dialog shows the words).
      const { head: _head, pairs: _pairs, ...doc } = row.doc;
      return { ...doc, tsv: withoutInternalTerms(row.tsv) };
    },
  }),
  // Index one content again now (as the publish queue would).
  defineRoute({
    method: 'POST', url: '/cms/search/build/:contentId', perm: 'cms:contentindex:rebuild', site: true, params: contentParam, grants: [builtContent],
    log: { title: 'oplog.searchIndexBuild', type: 'UPDATE' },
    reply: z.object({ indexed: z.int(), removed: z.int() }),
    handler: async (ctx) => {
      await loadAnalyzer();
      return writeOf(ctx, (op) => indexContents(op.tx, [ctx.params.contentId]));
    },
  }),
  defineRoute({
    method: 'POST', url: '/cms/search/contents/delete', perm: 'cms:contentindex:remove', site: true, body: idsBody('contentIds'), grants: [unindexed],
    log: { title: 'oplog.searchIndexDelete', type: 'DELETE' },
    reply: z.object({ removed: z.int() }),
    handler: (ctx) => writeOf(ctx, async (op) => ({ removed: await removeFromIndex(op.tx, op.site.siteId, ctx.body) })),
  }),
  // Rebuild the site's index: an async task (the async task view shows it), resumed after a restart.
  defineRoute({
    method: 'POST', url: '/cms/search/rebuild', perm: 'cms:contentindex:rebuild', site: true, grants: [editsSite],
    log: { title: 'oplog.searchIndexRebuild', type: 'UPDATE' },
    reply: z.object({ taskId: z.string() }),
    handler: async (ctx) => {
      await beginRebuild(ctx.db, ctx.site.siteId, ctx.actor.userName);
      const task = submitRebuild(ctx.services, ctx.site.siteId, ctx.actor.userName);
      return { taskId: task.taskId };
    },
  }),
  // Where the site's rebuild stands (null: none under way), for the screen's progress bar.
  defineRoute({
    method: 'GET', url: '/cms/search/rebuild', perm: INDEX_VIEW, site: true,
    reply: z.object({ total: z.number(), done: z.number(), startTime: z.string() }).nullable(),
    handler: async (ctx) => (await rebuildState(ctx.db, ctx.site.siteId)) ?? null,
  }),

  // The index dictionary: the current site's custom and stop words.
  defineRoute({
    method: 'GET', url: '/search/dict', perm: 'search:dict:view', site: true,
    query: z.object({ query: z.string().max(100).optional(), wordType: z.enum(WORD_TYPES).optional(), pageNum: z.string().optional(), pageSize: z.string().optional() }),
    reply: pageOf(selectedRow({ wordId: cmsSearchDictWord.wordId, word: cmsSearchDictWord.word, wordType: cmsSearchDictWord.type, createBy: cmsSearchDictWord.createBy, createTime: cmsSearchDictWord.createTime })),
    handler: async (ctx) => {
      const { offset, limit } = paging(ctx.query);
      const t = cmsSearchDictWord;
      const where = and(eq(t.siteId, ctx.site.siteId), ctx.query.wordType ? eq(t.type, ctx.query.wordType) : undefined, ctx.query.query ? ilike(t.word, likePattern(ctx.query.query)) : undefined);
      const rows = await ctx.db.select({ wordId: t.wordId, word: t.word, wordType: t.type, createBy: t.createBy, createTime: t.createTime }).from(t).where(where)
        .orderBy(desc(t.wordId)).limit(limit).offset(offset);
      const [c] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(t).where(where);
      return table(rows, Number(c?.n ?? 0));
    },
  }),
  defineRoute({
    method: 'POST', url: '/search/dict', perm: 'search:dict:add', site: true, body: wordsBody, grants: [editsSite],
    log: { title: 'oplog.searchDictAdd', type: 'ADD' },
    reply: z.object({ added: z.int() }),
    handler: async (ctx) => {
      const words = [...new Set(ctx.body.words)];
      const added = await writeOf(ctx, (op) => op.tx.insert(cmsSearchDictWord)
        .values(words.map((word) => ({ siteId: op.site.siteId, word, type: ctx.body.wordType, createBy: op.actor.userName })))
        .onConflictDoNothing().returning({ id: cmsSearchDictWord.wordId }));
      forgetSiteWords(ctx.site.siteId);
      return { added: added.length };
    },
  }),
  defineRoute({
    method: 'POST', url: '/search/dict/delete', perm: 'search:dict:remove', site: true, body: idsBody('wordIds'), grants: [editsSite],
    log: { title: 'oplog.searchDictDelete', type: 'DELETE' },
    reply: z.object({ removed: z.int() }),
    handler: async (ctx) => {
      const removed = await writeOf(ctx, async (op) => {
        const rows = await op.tx.select({ siteId: cmsSearchDictWord.siteId }).from(cmsSearchDictWord).where(inArray(cmsSearchDictWord.wordId, ctx.body));
        if (rows.length !== new Set(ctx.body).size || rows.some((r) => r.siteId !== op.site.siteId)) throw fail('resource.notFound');
        return (await op.tx.delete(cmsSearchDictWord).where(inArray(cmsSearchDictWord.wordId, ctx.body)).returning({ id: cmsSearchDictWord.wordId })).length;
      });
      forgetSiteWords(ctx.site.siteId);
      return { removed };
    },
  }),
  // How a text is segmented with the site's words: each word, the term searched for it (none: a stop word), its sub-words.
  defineRoute({
    method: 'POST', url: '/search/dict/analyze', perm: 'search:dict:view', site: true,
    body: z.object({ text: z.string().max(5000, v('tooLong')), type: z.string().optional() }),
    reply: z.array(z.object({ word: z.string(), term: z.string().nullable().describe('null: a stop word'), subWords: z.array(z.string()) })),
    handler: async (ctx) => segmentation(ctx.body.text, await siteWords(ctx.db, ctx.site.siteId)),
  }),
];
