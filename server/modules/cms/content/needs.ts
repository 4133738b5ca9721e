import { inArray } from 'drizzle-orm';
import type { GrantNeed, InputPath } from '../../../core/grants.ts';
import { fail } from '../../../core/errors.ts';
import { siteOpOf } from '../../../core/operation.ts';
import { cmsBookChapter } from './schema.ts';
import type { CatalogPerm } from '../../../../shared/cms/perms.ts';
import { contentsWith, type ContentRow } from './access.ts';

/**
 * Needs `right` on the stored catalog of every content whose id is at `from` (one id or a batch):
 * all of the current site, live (with `recycled`, in the recycle bin) and viewable, else the call
 * is "not found" as a whole; one without the right makes it 403. Nothing is done unless all pass.
 */
export function onContents(right: CatalogPerm, from: InputPath, opts: { recycled?: boolean } = {}): GrantNeed<ContentRow> {
  return {
    need: `Catalog.${right}`,
    from,
    check: (op, ids) => (ids?.length ? contentsWith(siteOpOf(op), ids, right, opts) : Promise.resolve([])),
  };
}

/** `onContents` on one book: the content must also be a book. */
export function onBook(right: CatalogPerm, from: InputPath, opts: { unless?: GrantNeed['unless'] } = {}): GrantNeed<ContentRow> {
  const contents = onContents(right, from);
  return {
    ...contents,
    unless: opts.unless,
    async check(op, ids, input) {
      const books = await contents.check(op, ids, input);
      if (books.some((b) => b.contentType !== 'book')) throw fail('cms.content.notBook');
      return books;
    },
  };
}

export type ChapterRow = typeof cmsBookChapter.$inferSelect;
/** A chapter and the book it belongs to. */
export interface HeldChapter {
  chapter: ChapterRow;
  book: ContentRow;
}

/**
 * Needs `right` on the book of every chapter whose id is at `from` (its stored catalog's grants,
 * through the book): an unknown chapter, or one of a book out of reach, makes the call "not found".
 */
export function onChapters(right: CatalogPerm, from: InputPath, opts: { unless?: GrantNeed['unless'] } = {}): GrantNeed<HeldChapter> {
  return {
    need: `Catalog.${right}`,
    from,
    unless: opts.unless,
    async check(op, ids) {
      const wanted = [...new Set(ids ?? [])];
      if (!wanted.length) return [];
      const chapters = await op.tx.select().from(cmsBookChapter).where(inArray(cmsBookChapter.chapterId, wanted));
      if (chapters.length !== wanted.length) throw fail('cms.content.notFound');
      const books = await contentsWith(siteOpOf(op), chapters.map((c) => c.contentId), right);
      return chapters.map((chapter) => ({ chapter, book: books.find((b) => b.contentId === chapter.contentId)! }));
    },
  };
}
