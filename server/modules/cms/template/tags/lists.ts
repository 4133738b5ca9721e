import { CatalogIndex } from '../catalogs.ts';
import type { ContentFilter, ContentSortName, DataRequest } from '../requests.ts';
import { CmsTemplateProblem } from '../errors.ts';
import { templateDate } from '../dates.ts';
import { attributeBits, freeze, type CatalogRow, type ContentRow, type Obj } from '../present.ts';
import { bodyIdOf, CmsBlockTag, contentOf, pageOf, type TagRun } from './base.ts';

const EMPTY: readonly Obj[] = freeze([]);

/** The catalog a tag names (id or alias), or the page's; a named one that is not of this site is an error. */
function catalogOf(run: TagRun, idAttr: string, aliasAttr: string): CatalogRow | null {
  const id = run.values[idAttr] as number | undefined;
  const alias = run.values[aliasAttr] as string | undefined;
  if (id !== undefined) {
    const c = run.host.catalogs.get(id);
    if (!c) throw new CmsTemplateProblem('catalogNotFound', { id });
    return c;
  }
  if (alias) {
    const c = run.host.catalogs.alias(alias);
    if (!c) throw new CmsTemplateProblem('catalogNotFound', { id: alias });
    return c;
  }
  return run.state.catalog;
}

/** A slice of an in-memory list, paged like the database lists. */
export function sliceOf<T>(run: TagRun, tag: string, all: readonly T[]): readonly T[] {
  const { offset, limit } = pageOf(run, tag, all.length);
  return all.slice(offset, offset + limit);
}

export class CatalogTag extends CmsBlockTag {
  protected produce(run: TagRun) {
    const { catalogs } = run.host;
    const base = catalogOf(run, 'id', 'alias');
    const level = run.values.level as string;
    let list: CatalogRow[];
    if (level === 'Root' || (!base && level !== 'Self')) list = level === 'CurrentAndChild' && !base ? catalogs.childrenOf(0).flatMap((c) => catalogs.subtree(c)) : catalogs.childrenOf(0);
    else if (!base) list = [];
    else if (level === 'Current') list = catalogs.childrenOf(base.parentId);
    else if (level === 'Child') list = catalogs.childrenOf(base.catalogId);
    else if (level === 'CurrentAndChild') list = catalogs.subtree(base);
    else list = [base];
    const shown = list.filter(CatalogIndex.listed);
    return { DataList: sliceOf(run, 'cms_catalog', shown).map((c) => run.host.presentCatalog(c)) };
  }
}

/** The filter of cms_content's attributes (no SQL: catalogs, types, attribute bits, a tag word). */
function contentFilter(run: TagRun, catalogs: number[] | null): ContentFilter {
  return {
    catalogs,
    types: (run.values.contentType as string[] | undefined) ?? [],
    has: attributeBits((run.values.hasAttribute as string[] | undefined) ?? []),
    no: attributeBits((run.values.noAttribute as string[] | undefined) ?? []),
    tag: (run.values.tag as string | undefined) ?? '',
  };
}

export class ContentTag extends CmsBlockTag {
  protected produce(run: TagRun) {
    const { catalogs } = run.host;
    const base = catalogOf(run, 'catalogId', 'catalogAlias');
    const level = run.values.level as string;
    let scope: number[] | null = null;
    if (base && level === 'Current') scope = [base.catalogId];
    else if (base && level === 'Child') scope = catalogs.childrenOf(base.catalogId).map((c) => c.catalogId);
    else if (base && level === 'CurrentAndChild') scope = catalogs.subtree(base).map((c) => c.catalogId);
    const filter = contentFilter(run, scope);
    const total = run.values.page ? run.host.data<number>(run.state, { kind: 'count', ...filter }) : undefined;
    const { offset, limit } = pageOf(run, 'cms_content', total);
    const req: DataRequest = { kind: 'contents', sort: run.values.sort as ContentSortName, top: run.values.topFlag as boolean, limit, offset, ...filter };
    const rows = run.host.data<ContentRow[]>(run.state, req);
    return { DataList: rows ? rows.map((r) => run.host.presentContent(r, run.state)) : EMPTY };
  }
}

export class ContentClosestTag extends CmsBlockTag {
  protected produce(run: TagRun) {
    const self = contentOf(run, 'cms_content_closest');
    if (!self) return { Data: null, DataList: EMPTY };
    const filter = contentFilter(run, null);
    const row = run.host.data<ContentRow | null>(run.state, {
      kind: 'closest', contentId: self.contentId, catalogId: self.catalogId, dir: run.values.type as 'Prev' | 'Next', sort: run.values.sort as ContentSortName,
      types: filter.types, has: filter.has, no: filter.no,
    });
    const item = row ? run.host.presentContent(row, run.state) : null;
    return { Data: item, DataList: item ? [item] : EMPTY };
  }
}

export class ContentRelaTag extends CmsBlockTag {
  protected produce(run: TagRun) {
    const self = contentOf(run, 'cms_content_rela');
    if (!self) return { DataList: EMPTY };
    const rows = run.host.data<ContentRow[]>(run.state, { kind: 'rela', contentId: self.contentId, limit: 1000 });
    const all = rows ? rows.map((r) => run.host.presentContent(r, run.state)) : [];
    return { DataList: sliceOf(run, 'cms_content_rela', all) };
  }
}

type Item = Record<string, unknown>;

/** Album items as templates see them: the stored path and its address (`src`), without the row's bookkeeping. */
function presentAlbumItem(run: TagRun, type: 'image' | 'audio' | 'video', row: Item): Obj {
  const { contentId: _c, sortFlag: _s, ...fields } = row;
  const src = typeof row.path === 'string' && row.path ? run.host.resolve(row.path, run.state) : '';
  const out: Item = { ...fields, src, description: row.description ?? '', title: row.title ?? '' };
  if (type === 'video') out.coverSrc = typeof row.cover === 'string' && row.cover ? run.host.resolve(row.cover, run.state) : '';
  return freeze(out);
}

export function albumTag(type: 'image' | 'audio' | 'video') {
  return class AlbumTag extends CmsBlockTag {
    protected produce(run: TagRun) {
      const self = contentOf(run, `cms_${type}`);
      if (!self) return { DataList: EMPTY };
      const rows = run.host.data<Item[]>(run.state, { kind: 'album', type, contentId: bodyIdOf(self), limit: 1000 });
      const all = rows ? rows.map((r) => presentAlbumItem(run, type, r)) : [];
      return { DataList: sliceOf(run, `cms_${type}`, all) };
    }
  };
}

export class ChapterTag extends CmsBlockTag {
  protected produce(run: TagRun) {
    const book = contentOf(run, 'cms_chapter');
    if (!book) return { DataList: EMPTY };
    const rows = run.host.data<{ chapterId: number; contentId: number; title: string; wordCount: number; publishDate: Date | null }[]>(run.state, { kind: 'chapters', contentId: book.contentId, limit: 5000 });
    const catalog = run.host.catalogs.get(book.catalogId);
    const all = (rows ?? []).map((c, i) => ({
      chapterId: c.chapterId,
      contentId: c.contentId,
      title: c.title,
      wordCount: c.wordCount,
      publishDate: templateDate(c.publishDate),
      link: catalog ? run.host.links.chapterLink(book, catalog, c.chapterId) : '',
      index: i + 1,
      current: run.state.chapterId === c.chapterId,
    }));
    return { DataList: sliceOf(run, 'cms_chapter', all) };
  }
}

export class SiteTag extends CmsBlockTag {
  protected produce(run: TagRun) {
    const id = (run.values.id as number | undefined) ?? run.host.siteId;
    const rows = run.host.data<Item[]>(run.state, { kind: 'sites', level: run.values.level as 'Root' | 'Current' | 'Child', id, limit: 1000, offset: 0 });
    return { DataList: sliceOf(run, 'cms_site', (rows ?? []).map((r) => run.host.presentOtherSite(r))) };
  }
}

export class SitePropertyTag extends CmsBlockTag {
  protected produce(run: TagRun) {
    const rows = run.host.data<Item[]>(run.state, { kind: 'siteProps', code: (run.values.code as string | undefined) ?? '', limit: 1000, offset: 0 });
    return { DataList: sliceOf(run, 'cms_site_property', (rows ?? []).map((r) => freeze({ ...r }))) };
  }
}
