import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import { z } from 'zod';
import { defineRoute, noData, type AnyRoute } from '../../../core/route.ts';
import { readOf, writeOf, type OpContext, type SiteOp } from '../../../core/operation.ts';
import { fail } from '../../../core/errors.ts';
import { table } from '../../../core/envelope.ts';
import { pageOf, rowSchemaOf } from '../../../core/row-schema.ts';
import { formatDateTime } from '../../../../shared/format.ts';
import { chapterCreateSchema, chapterUpdateSchema, CHAPTER_ACTIONS } from '../../../../shared/resources/cms/chapter.ts';
import { ContentStatus } from '../../../../shared/cms/content.ts';
import { countWords } from '../../../../shared/cms/words.ts';
import { enqueueContents } from '../publish/enqueue.ts';
import { assertUnlocked } from './access.ts';
import { onBook, onChapters, type ChapterRow } from './needs.ts';
import { editorLinksOf } from '../resource/editor-links.ts';
import { storeRichText } from './details.ts';
import { cmsBookChapter } from './schema.ts';

const API = '/cms/book/chapter';
const LOG = { title: 'oplog.chapter' } as const;
const digits = z.string().regex(/^\d{1,15}$/).transform(Number);

// What each call needs on the book (its stored catalog's grants): checked by the pipeline before
// the handler runs. Saving a chapter changes the book (EditContent); publishing it, unless saved
// as a draft, also needs Publish.
const viewedBook = onBook('View', 'query.contentId');
const viewedChapter = onChapters('View', 'params.chapterId');
const bookToAddTo = onBook('EditContent', 'body.contentId');
const bookToPublishIn = onBook('Publish', 'body.contentId', { unless: { at: 'body.action', is: 'draft' } });
const savedChapter = onChapters('EditContent', 'body.chapterId');
const chapterToPublish = onChapters('Publish', 'body.chapterId', { unless: { at: 'body.action', is: 'draft' } });
const removedChapters = onChapters('EditContent', 'body.chapterIds');
const sortedBook = onBook('EditContent', 'body.contentId');

const present = (c: ChapterRow) => ({ ...c, publishDate: c.publishDate ? formatDateTime(c.publishDate) : null, createTime: formatDateTime(c.createTime), updateTime: c.updateTime ? formatDateTime(c.updateTime) : null });

/** A chapter as replied (`present`): dates as text. */
const chapterReply = rowSchemaOf(cmsBookChapter).extend({ publishDate: z.string().nullable(), createTime: z.string(), updateTime: z.string().nullable() });

/** The chapter's status from its publish choice (spec §4 Book chapter): now, scheduled, or offline. */
function statusFor(action: (typeof CHAPTER_ACTIONS)[number], publishDate: Date | null | undefined): { status: string; publishDate: Date | null } {
  const now = new Date();
  if (action === 'offline') return { status: ContentStatus.OFFLINE, publishDate: publishDate ?? null };
  if (action === 'draft') return { status: ContentStatus.DRAFT, publishDate: publishDate ?? null };
  if (action === 'schedule' && publishDate && publishDate > now) return { status: ContentStatus.TO_PUBLISH, publishDate };
  return { status: ContentStatus.PUBLISHED, publishDate: publishDate && publishDate <= now ? publishDate : now };
}

/** A published book's pages (its chapter pages among them) are rewritten when a chapter changes. */
async function republishBook(op: OpContext, book: { contentId: number; siteId: number; catalogAncestors: string; status: string }) {
  if (book.status === ContentStatus.PUBLISHED) await enqueueContents(op.tx, [book], op.actor.userName);
}

export const chapterRoutes: AnyRoute[] = [
  defineRoute({
    method: 'GET',
    url: `${API}/list`,
    perm: 'cms:content:view',
    site: true,
    grants: [viewedBook],
    query: z.object({ contentId: digits }),
    reply: pageOf(chapterReply.omit({ content: true })),
    handler: async (ctx) => {
      const op = readOf(ctx);
      const rows = await op.tx.select({ chapterId: cmsBookChapter.chapterId, title: cmsBookChapter.title, status: cmsBookChapter.status, publishDate: cmsBookChapter.publishDate, wordCount: cmsBookChapter.wordCount, sortFlag: cmsBookChapter.sortFlag, createTime: cmsBookChapter.createTime, updateTime: cmsBookChapter.updateTime, contentId: cmsBookChapter.contentId, content: sql<string>`''`, createBy: cmsBookChapter.createBy, updateBy: cmsBookChapter.updateBy, remark: cmsBookChapter.remark })
        .from(cmsBookChapter).where(eq(cmsBookChapter.contentId, ctx.query.contentId)).orderBy(asc(cmsBookChapter.sortFlag), asc(cmsBookChapter.chapterId));
      return table(rows.map((r) => { const { content: _c, ...rest } = present(r as ChapterRow); return rest; }));
    },
  }),
  defineRoute({
    method: 'GET',
    url: `${API}/:chapterId`,
    perm: 'cms:content:view',
    site: true,
    grants: [viewedChapter],
    params: z.object({ chapterId: digits }),
    reply: chapterReply,
    handler: async (ctx) => {
      const op = readOf(ctx);
      const { chapter, book } = ctx.held.row(viewedChapter);
      // The editor's text: addresses the console shows instead of the stored internal links.
      return present({ ...chapter, content: (await editorLinksOf(op.tx, book.siteId)).showHtml(chapter.content) });
    },
  }),
  defineRoute({
    method: 'POST',
    url: API,
    perm: 'cms:content:edit',
    site: true,
    grants: [bookToAddTo, bookToPublishIn],
    labels: ['chapter', 'content'],
    body: chapterCreateSchema,
    log: { ...LOG, type: 'ADD' },
    reply: z.object({ chapterId: z.int() }),
    handler: (ctx) =>
      writeOf(ctx, async (op) => {
        const book = ctx.held.row(bookToAddTo);
        assertUnlocked(op, [book]);
        const [last] = await op.tx.select({ n: max(cmsBookChapter.sortFlag) }).from(cmsBookChapter).where(eq(cmsBookChapter.contentId, book.contentId));
        const content = await storeRichText(op.tx, ctx.body.content, await editorLinksOf(op.tx, book.siteId));
        const [row] = await op.tx.insert(cmsBookChapter).values({
          contentId: book.contentId, title: ctx.body.title, content, wordCount: countWords(content),
          ...statusFor(ctx.body.action, ctx.body.publishDate), sortFlag: Number(last?.n ?? -1) + 1, createBy: op.actor.userName,
        }).returning({ chapterId: cmsBookChapter.chapterId });
        await republishBook(op, book);
        return row;
      }),
  }),
  defineRoute({
    method: 'PUT',
    url: API,
    perm: 'cms:content:edit',
    site: true,
    grants: [savedChapter, chapterToPublish],
    labels: ['chapter', 'content'],
    body: chapterUpdateSchema,
    log: { ...LOG, type: 'UPDATE' },
    reply: noData,
    handler: (ctx) =>
      writeOf(ctx, async (op) => {
        const { chapter, book } = ctx.held.row(savedChapter);
        assertUnlocked(op, [book]);
        const content = ctx.body.content === undefined ? chapter.content : await storeRichText(op.tx, ctx.body.content, await editorLinksOf(op.tx, book.siteId));
        await op.tx.update(cmsBookChapter).set({
          title: ctx.body.title ?? chapter.title, content, wordCount: countWords(content),
          ...statusFor(ctx.body.action, ctx.body.publishDate === undefined ? chapter.publishDate : ctx.body.publishDate),
          updateBy: op.actor.userName, updateTime: new Date(),
        }).where(eq(cmsBookChapter.chapterId, chapter.chapterId));
        await republishBook(op, book);
      }).then(() => undefined),
  }),
  defineRoute({
    method: 'DELETE',
    url: API,
    perm: 'cms:content:edit',
    site: true,
    grants: [removedChapters],
    body: z.object({ chapterIds: z.array(z.coerce.number().int().positive()).min(1).max(1000) }),
    log: { ...LOG, type: 'DELETE' },
    reply: noData,
    handler: (ctx) =>
      writeOf(ctx, async (op) => {
        const held = ctx.held.all(removedChapters);
        const books = new Map(held.map((h) => [h.book.contentId, h.book]));
        for (const book of books.values()) {
          assertUnlocked(op, [book]);
          await republishBook(op, book);
        }
        await op.tx.delete(cmsBookChapter).where(inArray(cmsBookChapter.chapterId, held.map((h) => h.chapter.chapterId)));
      }).then(() => undefined),
  }),
  defineRoute({
    method: 'POST',
    url: `${API}/sort`,
    perm: 'cms:content:edit',
    site: true,
    grants: [sortedBook],
    body: z.object({ contentId: z.coerce.number().int().positive(), chapterIds: z.array(z.coerce.number().int().positive()).min(1).max(5000) }),
    log: { ...LOG, type: 'UPDATE' },
    // The chapters in the order given (all of the book's, each once).
    reply: noData,
    handler: (ctx) =>
      writeOf(ctx, async (op) => {
        const book = ctx.held.row(sortedBook);
        assertUnlocked(op, [book]);
        const stored = (await op.tx.select({ id: cmsBookChapter.chapterId }).from(cmsBookChapter).where(eq(cmsBookChapter.contentId, book.contentId))).map((r) => r.id);
        const order = ctx.body.chapterIds;
        if (order.length !== stored.length || new Set(order).size !== order.length || order.some((id) => !stored.includes(id))) throw fail('cms.content.chapterOrder');
        for (const [i, id] of order.entries()) await op.tx.update(cmsBookChapter).set({ sortFlag: i }).where(and(eq(cmsBookChapter.chapterId, id), eq(cmsBookChapter.contentId, book.contentId)));
        await republishBook(op, book);
      }).then(() => undefined),
  }),
];
