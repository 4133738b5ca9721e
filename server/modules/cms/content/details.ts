import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import type { ContentType } from '../../../../src/lib/cms/content.ts';
import { cmsArticleDetail, cmsAudio, cmsBook, cmsBookChapter, cmsImage, cmsVideo } from './schema.ts';
import { sanitizeArticle, sanitizeVideoCode } from './sanitize.ts';

type Row = Record<string, unknown>;

/**
 * Each content type's own part: how the editor's body is stored, read back and copied. Album
 * items are replaced as a whole on save, in the order sent (so an editor's reordering sticks and
 * nothing of another save is half-kept).
 */
export interface ContentDetail {
  write(tx: DbOrTx, contentId: number, body: Row): Promise<void>;
  read(tx: DbOrTx, contentId: number): Promise<Row>;
  copy(tx: DbOrTx, fromId: number, toId: number): Promise<void>;
}

const strip = <T extends Row>(rows: T[], ...keys: string[]) => rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !keys.includes(k))));

function album(table: typeof cmsImage | typeof cmsAudio | typeof cmsVideo, idKey: string, listKey: string, clean: (item: Row) => Row = (i) => i): ContentDetail {
  return {
    async write(tx, contentId, body) {
      const items = (body[listKey] as Row[] | undefined) ?? [];
      await tx.delete(table).where(eq(table.contentId, contentId));
      if (items.length) await tx.insert(table).values(items.map((item, i) => ({ ...clean(item), contentId, sortFlag: i })) as never);
    },
    async read(tx, contentId) {
      const rows = await tx.select().from(table).where(eq(table.contentId, contentId)).orderBy(asc(table.sortFlag));
      return { [listKey]: strip(rows as Row[], 'contentId', 'sortFlag', idKey) };
    },
    async copy(tx, fromId, toId) {
      const rows = await tx.select().from(table).where(eq(table.contentId, fromId)).orderBy(asc(table.sortFlag));
      if (rows.length) await tx.insert(table).values(strip(rows as Row[], idKey).map((r) => ({ ...r, contentId: toId })) as never);
    },
  };
}

export const DETAILS: Record<ContentType, ContentDetail> = {
  article: {
    async write(tx, contentId, body) {
      const contentHtml = sanitizeArticle(String(body.contentHtml ?? ''));
      await tx.insert(cmsArticleDetail).values({ contentId, contentHtml }).onConflictDoUpdate({ target: cmsArticleDetail.contentId, set: { contentHtml } });
    },
    async read(tx, contentId) {
      const [d] = await tx.select({ contentHtml: cmsArticleDetail.contentHtml }).from(cmsArticleDetail).where(eq(cmsArticleDetail.contentId, contentId));
      return { contentHtml: d?.contentHtml ?? '' };
    },
    async copy(tx, fromId, toId) {
      const [d] = await tx.select().from(cmsArticleDetail).where(eq(cmsArticleDetail.contentId, fromId));
      if (d) await tx.insert(cmsArticleDetail).values({ ...d, contentId: toId });
    },
  },
  image: album(cmsImage, 'imageId', 'images'),
  audio: album(cmsAudio, 'audioId', 'audios'),
  video: album(cmsVideo, 'videoId', 'videos', (item) => ({ ...item, code: item.code ? sanitizeVideoCode(String(item.code)) || null : null })),
  book: {
    async write(tx, contentId, body) {
      const book: Row = { ...((body.book as Row | undefined) ?? {}), contentId };
      if (book.publicationDate === '') book.publicationDate = null;
      if (typeof book.intro === 'string') book.intro = sanitizeArticle(book.intro);
      await tx.insert(cmsBook).values(book as never).onConflictDoUpdate({ target: cmsBook.contentId, set: book as never });
    },
    async read(tx, contentId) {
      const [b] = await tx.select().from(cmsBook).where(eq(cmsBook.contentId, contentId));
      const chapters = await tx.select({ chapterId: cmsBookChapter.chapterId, title: cmsBookChapter.title, status: cmsBookChapter.status, publishDate: cmsBookChapter.publishDate, wordCount: cmsBookChapter.wordCount })
        .from(cmsBookChapter).where(eq(cmsBookChapter.contentId, contentId)).orderBy(asc(cmsBookChapter.sortFlag), asc(cmsBookChapter.chapterId));
      const { contentId: _c, ...book } = b ?? { contentId, completed: 'N' };
      return { book, chapters };
    },
    async copy(tx, fromId, toId) {
      const [b] = await tx.select().from(cmsBook).where(eq(cmsBook.contentId, fromId));
      if (b) await tx.insert(cmsBook).values({ ...b, contentId: toId });
      const chapters = await tx.select().from(cmsBookChapter).where(eq(cmsBookChapter.contentId, fromId));
      if (chapters.length) await tx.insert(cmsBookChapter).values(strip(chapters as Row[], 'chapterId').map((c) => ({ ...c, contentId: toId })) as never);
    },
  },
};
