import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import type { ContentType } from '../../../../shared/cms/content.ts';
import { cmsArticleDetail, cmsAudio, cmsBook, cmsBookChapter, cmsImage, cmsVideo } from './schema.ts';
import type { EditorLinks } from '../resource/internal-links.ts';
import { withImageAlts } from '../resource/image-alt.ts';
import { sanitizeArticle, sanitizeVideoCode } from './sanitize.ts';

type Row = Record<string, unknown>;

/**
 * Each content type's own part: how the editor's body is stored, read back and copied. Album
 * items are replaced as a whole on save, in the order sent (so an editor's reordering sticks and
 * nothing of another save is half-kept). Addresses of the sites' resources are stored as internal
 * links and read back as addresses the console shows (`links`, resource/internal-links.ts); a copy
 * keeps them as they are (an iurl names its site).
 */
export interface ContentDetail {
  write(tx: DbOrTx, contentId: number, body: Row, links: EditorLinks): Promise<void>;
  read(tx: DbOrTx, contentId: number, links: EditorLinks): Promise<Row>;
  copy(tx: DbOrTx, fromId: number, toId: number): Promise<void>;
}

/** A rich-text body (an article, a book's intro, a chapter) as stored: sanitised, its addresses internal links, the library's images with alt text (resource/image-alt.ts). */
export const storeRichText = async (tx: DbOrTx, html: string, links: EditorLinks) => withImageAlts(tx, links.storeHtml(sanitizeArticle(html)), links.sites);

const strip = <T extends Row>(rows: T[], ...keys: string[]) => rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !keys.includes(k))));

/** An album item's fields that hold a file's address. */
const FILE_FIELDS = ['path', 'cover'] as const;
const mapFiles = (item: Row, map: (url: string) => string): Row => {
  const out = { ...item };
  for (const k of FILE_FIELDS) if (typeof out[k] === 'string' && out[k]) out[k] = map(out[k] as string);
  return out;
};

function album(table: typeof cmsImage | typeof cmsAudio | typeof cmsVideo, idKey: string, listKey: string, clean: (item: Row) => Row = (i) => i): ContentDetail {
  return {
    async write(tx, contentId, body, links) {
      const items = (body[listKey] as Row[] | undefined) ?? [];
      await tx.delete(table).where(eq(table.contentId, contentId));
      if (items.length) await tx.insert(table).values(items.map((item, i) => ({ ...mapFiles(clean(item), links.store), contentId, sortFlag: i })));
    },
    async read(tx, contentId, links) {
      const rows = await tx.select().from(table).where(eq(table.contentId, contentId)).orderBy(asc(table.sortFlag));
      return { [listKey]: strip(rows as Row[], 'contentId', 'sortFlag', idKey).map((item) => mapFiles(item, links.show)) };
    },
    async copy(tx, fromId, toId) {
      const rows = await tx.select().from(table).where(eq(table.contentId, fromId)).orderBy(asc(table.sortFlag));
      if (rows.length) await tx.insert(table).values(strip(rows as Row[], idKey).map((r) => ({ ...r, contentId: toId })));
    },
  };
}

export const DETAILS: Record<ContentType, ContentDetail> = {
  article: {
    async write(tx, contentId, body, links) {
      const contentHtml = await storeRichText(tx, String(body.contentHtml ?? ''), links);
      await tx.insert(cmsArticleDetail).values({ contentId, contentHtml }).onConflictDoUpdate({ target: cmsArticleDetail.contentId, set: { contentHtml } });
    },
    async read(tx, contentId, links) {
      const [d] = await tx.select({ contentHtml: cmsArticleDetail.contentHtml }).from(cmsArticleDetail).where(eq(cmsArticleDetail.contentId, contentId));
      return { contentHtml: links.showHtml(d?.contentHtml ?? '') };
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
    async write(tx, contentId, body, links) {
      // The body's book, as the content schema validated it.
      const book: typeof cmsBook.$inferInsert = { ...((body.book ?? {}) as Partial<typeof cmsBook.$inferInsert>), contentId };
      if (book.publicationDate === '') book.publicationDate = null;
      if (typeof book.intro === 'string') book.intro = await storeRichText(tx, book.intro, links);
      await tx.insert(cmsBook).values(book).onConflictDoUpdate({ target: cmsBook.contentId, set: book });
    },
    async read(tx, contentId, links) {
      const [b] = await tx.select().from(cmsBook).where(eq(cmsBook.contentId, contentId));
      const chapters = await tx.select({ chapterId: cmsBookChapter.chapterId, title: cmsBookChapter.title, status: cmsBookChapter.status, publishDate: cmsBookChapter.publishDate, wordCount: cmsBookChapter.wordCount })
        .from(cmsBookChapter).where(eq(cmsBookChapter.contentId, contentId)).orderBy(asc(cmsBookChapter.sortFlag), asc(cmsBookChapter.chapterId));
      const { contentId: _c, ...book } = b ?? { contentId, completed: 'N' };
      return { book: typeof book.intro === 'string' ? { ...book, intro: links.showHtml(book.intro) } : book, chapters };
    },
    async copy(tx, fromId, toId) {
      const [b] = await tx.select().from(cmsBook).where(eq(cmsBook.contentId, fromId));
      if (b) await tx.insert(cmsBook).values({ ...b, contentId: toId });
      const chapters = await tx.select().from(cmsBookChapter).where(eq(cmsBookChapter.contentId, fromId));
      if (chapters.length) await tx.insert(cmsBookChapter).values(chapters.map(({ chapterId: _, ...c }) => ({ ...c, contentId: toId })));
    },
  },
};
