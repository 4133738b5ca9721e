import { AppError } from '../../../core/errors.ts';
import { ContentStatus } from '../../../../shared/cms/content.ts';
import { CmsTemplateProblem, TemplateError } from '../template/errors.ts';
import type { CatalogRow } from '../template/present.ts';
import { bookChapterIds, renderCatalogIndex, renderCatalogPage, renderContentPage, renderIndex, type PageResult } from '../template/render.ts';
import type { RenderSession } from '../template/session.ts';
import { BadOutputPath, type PublishOutput } from './output.ts';
import type { PublishFailure } from './schema.ts';

/**
 * What one task writes for one pipe (cms-heart §1.1, §1.4, §1.5): the site's index pages, a
 * catalog's index and list pages 1…N, a content's pages 1…N (a book's chapter pages beside), and
 * what stops being published loses its pages. A page that fails (a template error, a bad static
 * path) is reported with its template, line and message; the task's other pages still go out,
 * and the failed page's previous file stays as it was.
 */
export interface PipeOutcome {
  pages: number;
  written: number;
  unchanged: number;
  removed: number;
  failures: PublishFailure[];
  /** the pages written (new or changed) or removed, by their address: what is pushed to search engines and purged from the CDN (seo/queue.ts) */
  changed: ChangedPage[];
}

/** A page a task wrote (new or changed bytes) or removed: its pipe, the pipe's absolute address and the page's file under it. */
export interface ChangedPage {
  pipeCode: string;
  base: string;
  file: string;
  removed: boolean;
}

/** A content's stored row (any status, even in the recycle bin): where its pages are. */
export interface StoredContent {
  contentId: number;
  catalogId: number;
  contentType: string;
  staticPath: string | null;
  linkFlag: string;
  redirectUrl: string | null;
  status: string;
  /** the live content whose page its static path is (null: none, or no static path) */
  staticPathOwner: number | null;
}

/**
 * What publishing asks the database besides a page's data, to remove pages: lookups.ts answers
 * them in this thread, a render thread asks the main thread (render-thread.ts).
 */
export interface PublishLookups {
  /** a content of the site as stored (in the recycle bin too), or null */
  storedContent(siteId: number, contentId: number): Promise<StoredContent | null>;
  /** every chapter of a book, published or not */
  chapterIds(contentId: number): Promise<number[]>;
  /** a deleted catalog of the site (its path), or null when it is not deleted */
  deletedCatalog(siteId: number, catalogId: number): Promise<{ catalogId: number; path: string } | null>;
}

export const emptyOutcome = (): PipeOutcome => ({ pages: 0, written: 0, unchanged: 0, removed: 0, failures: [], changed: [] });

export function addOutcome(into: PipeOutcome, more: PipeOutcome) {
  into.pages += more.pages;
  into.written += more.written;
  into.unchanged += more.unchanged;
  into.removed += more.removed;
  into.failures.push(...more.failures);
  for (const c of more.changed ?? []) into.changed.push(c);
}

/** A failure as the progress view shows it. */
export function failureOf(err: unknown, pipeCode: string, file?: string, template = '-'): PublishFailure {
  if (err instanceof TemplateError) {
    return { pipeCode, file, template: err.template, line: err.line, col: err.col, message: err.detail, key: err.detailKey ? `template.${err.detailKey}` : null, params: err.detailParams };
  }
  if (err instanceof CmsTemplateProblem) return { pipeCode, file, template, line: 0, col: 0, message: err.message, key: `template.${err.key}`, params: err.params };
  if (err instanceof BadOutputPath) return { pipeCode, file: err.file, template, line: 0, col: 0, message: err.message, key: 'publish.badOutputPath', params: { path: err.file } };
  if (err instanceof AppError) return { pipeCode, file, template, line: 0, col: 0, message: err.message, key: err.key, params: err.params };
  return { pipeCode, file, template, line: 0, col: 0, message: err instanceof Error ? err.message : String(err) };
}

/** `news/12.shtml` → `news/12_3.shtml` (page N's name, as render.ts names it). */
const pageNFile = (first: string, n: number) => first.replace(/(\.[^./]+)?$/, (ext) => `_${n}${ext}`);

class PipeWriter {
  readonly outcome = emptyOutcome();
  readonly session: RenderSession;
  readonly out: PublishOutput;
  constructor(session: RenderSession, out: PublishOutput) {
    this.session = session;
    this.out = out;
  }

  get pipeCode() {
    return this.session.pipeCode;
  }

  async write(page: PageResult) {
    this.outcome.pages++;
    if (await this.out.write(page.file, page.html)) {
      this.outcome.written++;
      this.changed(page.file, false);
    } else this.outcome.unchanged++;
  }

  async remove(file: string) {
    if (await this.out.exists(file)) {
      await this.out.remove(file);
      this.outcome.removed++;
      this.changed(file, true);
    }
  }

  /** A page's address, when the pipe has an absolute one (search engines and CDNs know pages by it). */
  private changed(file: string, removed: boolean) {
    const base = this.session.links.siteLink;
    if (/^https?:\/\//.test(base)) this.outcome.changed.push({ pipeCode: this.pipeCode, base, file, removed });
  }

  fail(err: unknown, file?: string, template?: string) {
    this.outcome.failures.push(failureOf(err, this.pipeCode, file, template));
  }

  /** Page 1, then 2…N of what it says it has; pages beyond N left from a longer list are removed. */
  async paged(render: (n: number) => Promise<PageResult>): Promise<void> {
    let first: PageResult;
    try {
      first = await render(1);
      await this.write(first);
    } catch (err) {
      this.fail(err);
      return;
    }
    for (let n = 2; n <= first.pageTotal; n++) {
      try {
        await this.write(await render(n));
      } catch (err) {
        this.fail(err, pageNFile(first.file, n));
      }
    }
    await this.removeFrom(first.file, first.pageTotal + 1);
  }

  /** Removes page n, n+1… of a page while they exist. */
  async removeFrom(firstFile: string, n: number) {
    for (let k = n; k < 10_000; k++) {
      const file = pageNFile(firstFile, k);
      if (!(await this.out.exists(file))) break;
      await this.out.remove(file);
      this.outcome.removed++;
      this.changed(file, true);
    }
  }
}

/** The site's index (pages 1…N). */
export async function publishSiteIndex(session: RenderSession, out: PublishOutput): Promise<PipeOutcome> {
  const w = new PipeWriter(session, out);
  await w.paged((n) => renderIndex(session, n));
  return w.outcome;
}

/** Whether a catalog has pages of its own: link catalogs and dynamic (non-static) ones do not. */
export const catalogHasPages = (c: CatalogRow) => c.catalogType !== 'link' && (c as { staticFlag?: string }).staticFlag !== 'N';

/**
 * A catalog's index page (when it has an index template) and its list pages 1…N; a deleted
 * catalog's pages are removed instead (index, list and their pages 2…N, whichever exist).
 */
export async function publishCatalog(session: RenderSession, out: PublishOutput, catalogId: number, lookups?: PublishLookups): Promise<PipeOutcome> {
  const w = new PipeWriter(session, out);
  const catalog = session.catalogs.get(catalogId);
  if (!catalog) {
    const gone = lookups ? await lookups.deletedCatalog(session.siteId, catalogId) : null;
    if (gone) {
      try {
        for (const first of [session.links.catalogIndexFile(gone), session.links.catalogListFile(gone, 1, true)]) {
          await w.remove(first);
          await w.removeFrom(first, 2);
        }
      } catch (err) {
        w.fail(err);
      }
    }
    return w.outcome;
  }
  if (!catalogHasPages(catalog)) return w.outcome;
  try {
    const index = renderCatalogIndex(session, catalogId);
    if (index) await w.write(await index);
  } catch (err) {
    w.fail(err);
  }
  await w.paged((n) => renderCatalogPage(session, catalogId, n));
  return w.outcome;
}

/** Whether a content of this status keeps its pages: published, or published and being edited again (cms-heart §1.5). */
const keepsPages = (status: string) => status === ContentStatus.PUBLISHED || status === ContentStatus.EDITING;

/**
 * A content's pages: written when it is published (in this pipe, in a catalog with pages),
 * removed when it is not (offline, back to draft, in the recycle bin). A content being edited
 * again keeps the pages it has until it is published again.
 */
export async function publishContent(session: RenderSession, out: PublishOutput, lookups: PublishLookups, contentId: number): Promise<PipeOutcome> {
  const w = new PipeWriter(session, out);
  const row = session.peekPrefetched(contentId) ?? (await session.contentRow(contentId));
  const catalog = row ? session.catalogs.get(row.catalogId) : undefined;
  const pipes = (row as { publishPipe?: string[] } | null)?.publishPipe ?? [];
  const inPipe = !pipes.length || pipes.includes(session.pipeCode);
  if (row && row.status === ContentStatus.EDITING && inPipe) return w.outcome;
  const live = !!row && !!catalog && row.status === ContentStatus.PUBLISHED && row.linkFlag !== 'Y' && inPipe && catalogHasPages(catalog);
  // A static path another content holds (both saved before saves refused it) is that one's page: not written here.
  const owner = row?.staticPath?.trim() ? (await lookups.storedContent(session.siteId, contentId))?.staticPathOwner : null;
  if (live && owner && owner !== contentId) {
    w.fail(new AppError('publish.staticPathTaken', { path: row.staticPath, owner }), row.staticPath!);
    return w.outcome;
  }
  if (live) {
    await w.paged((n) => renderContentPage(session, contentId, n));
    if (row.contentType === 'book') {
      const published = await bookChapterIds(session, contentId);
      for (const chapterId of published) {
        try {
          await w.write(await renderContentPage(session, contentId, 1, chapterId));
        } catch (err) {
          w.fail(err, session.links.chapterFile(row, catalog, chapterId));
        }
      }
      for (const id of await lookups.chapterIds(contentId)) if (!published.includes(id)) await w.remove(session.links.chapterFile(row, catalog, id)).catch((err) => w.fail(err));
    }
    return w.outcome;
  }
  // Not published here: its pages go, wherever its row (even in the recycle bin) says they are.
  const stored = await lookups.storedContent(session.siteId, contentId);
  if (!stored || (keepsPages(stored.status) && inPipe && row)) return w.outcome;
  // Another content's page at the same static path stays.
  if (stored.staticPathOwner && stored.staticPathOwner !== contentId) return w.outcome;
  // Its catalog may have been deleted with it: its pages are still where that catalog's path put them.
  const home = session.catalogs.get(stored.catalogId) ?? (await lookups.deletedCatalog(session.siteId, stored.catalogId));
  if (!home) return w.outcome;
  try {
    const first = session.links.contentFile(stored, home);
    await w.remove(first);
    await w.removeFrom(first, 2);
    if (stored.contentType === 'book') {
      for (const id of await lookups.chapterIds(contentId)) await w.remove(session.links.chapterFile(stored, home, id));
    }
  } catch (err) {
    w.fail(err);
  }
  return w.outcome;
}
