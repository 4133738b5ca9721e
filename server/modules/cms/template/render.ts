import { Context } from 'liquidjs';
import { ContentStatus } from '../../../../shared/cms/content.ts';
import { fail } from '../../../core/errors.ts';
import type { PageType } from '../../../../shared/cms/template-registry.ts';
import { hotWordsNeed, type DataRequest } from './requests.ts';
import type { PageData, PageState } from './engine.ts';
import { TemplateError, toTemplateError } from './errors.ts';
import { bodyIdOf } from './tags/base.ts';
import { widgetOf } from './tags/page-widget.ts';
import { freeze, type CatalogRow, type ContentRow } from './present.ts';
import { templateDate } from './dates.ts';
import type { RenderSession } from './session.ts';
import { presentExtend } from './extend-present.ts';
import type { XViewItem } from '../xmodel/display.ts';

/**
 * The pages of a site's pipe, rendered for the publisher and the preview. Each returns the HTML,
 * the file it belongs in (relative to the pipe's output root), how many pages the page's paged
 * list or article has (the publisher renders 2…N the same way), and every template it used, so a
 * template's change republishes exactly what uses it. A problem in a template throws a
 * TemplateError naming the template, line and column; the publisher reports it and goes on.
 */
export interface PageResult {
  html: string;
  /** the page's file, relative to the pipe's output root */
  file: string;
  /** the template that rendered it */
  template: string;
  /** every template used: itself, layouts, partials, includes (sorted) */
  templates: string[];
  pageNo: number;
  pageTotal: number;
}

interface PageSpec {
  pageType: PageType;
  template: string;
  pageNo: number;
  catalog: CatalogRow | null;
  content: ContentRow | null;
  chapterId: number | null;
  file: string;
  /** page 1's file (page bars link page N by its name) and the preview link of the page */
  firstFile: string;
  previewLink: string | null;
  /** the page's own variables (Catalog, Content…), built per render */
  scope(state: PageState): Record<string, unknown>;
  /** data the page surely needs, loaded before its first render */
  needs: DataRequest[];
  /** the page's answers, when the caller has begun the page already */
  pageData?: PageData;
}

const templateName = (value: unknown) => String(value ?? '').trim();

async function renderPage(session: RenderSession, spec: PageSpec): Promise<PageResult> {
  const { engine, limits } = session;
  const pageData = spec.pageData ?? session.beginPage(spec.needs);
  await session.load(spec.needs, pageData);
  for (let round = 1; ; round++) {
    const state: PageState = {
      pageType: spec.pageType, pageNo: spec.pageNo, catalog: spec.catalog, content: spec.content, chapterId: spec.chapterId,
      paged: null, pagePattern: session.links.pagePattern(spec.firstFile, spec.previewLink), misses: new Map(), pageData, used: new Set(), includeStack: [],
    };
    let html = '';
    let error: unknown = null;
    try {
      html = engine.withState(state, () => {
        const templates = session.partial(spec.template, state);
        const scope = { ...spec.scope(state), PageNo: spec.pageNo, FirstPage: state.pagePattern.first, OtherPage: state.pagePattern.other };
        const ctx = new Context(scope, engine.options, { sync: true, globals: session.globals }, { liquid: engine });
        return String(engine.renderSync(templates, ctx));
      });
    } catch (err) {
      error = err;
    }
    // A render that missed data is done again with it (an error may have come from the gap).
    if (state.misses.size) {
      if (round >= limits.dataRounds) throw new TemplateError({ template: spec.template, line: 1, col: 1 }, { key: 'dataRounds', params: { max: limits.dataRounds } });
      await session.load([...state.misses.values()], pageData);
      continue;
    }
    if (error) throw toTemplateError(error, spec.template);
    const at = { template: spec.template, line: 1, col: 1 };
    if (html.length > limits.outputChars) throw new TemplateError(at, { key: 'outputTooLarge', params: { max: Math.round(limits.outputChars / 1024 / 1024) } });
    const pageTotal = state.paged?.pageTotal ?? 1;
    if (spec.pageNo > pageTotal) throw new TemplateError(at, { key: 'pageOutOfRange', params: { pageNo: spec.pageNo, pageTotal } });
    return { html, file: spec.file, template: spec.template, templates: [...state.used].sort(), pageNo: spec.pageNo, pageTotal };
  }
}

const pageNoOf = (pageNo: number | undefined) => {
  const n = pageNo ?? 1;
  if (!Number.isInteger(n) || n < 1) throw fail('template.pageOutOfRange', { pageNo: n, pageTotal: 1 });
  return n;
};

/** The site's home page (its index template), page N of it when the template pages a list. */
export function renderIndex(session: RenderSession, pageNo?: number): Promise<PageResult> {
  const n = pageNoOf(pageNo);
  const first = session.links.indexFile();
  return renderPage(session, {
    pageType: 'index', template: templateName(session.props.indexTemplate), pageNo: n, catalog: null, content: null, chapterId: null,
    file: n === 1 ? first : first.replace(/(\.[^.]+)$/, `_${n}$1`), firstFile: first, previewLink: session.links.siteIndexLink(),
    scope: () => ({}), needs: [],
  });
}

function catalogOf(session: RenderSession, catalogId: number): CatalogRow {
  const catalog = session.catalogs.get(catalogId);
  if (!catalog) throw fail('cms.catalog.notFound');
  if (catalog.catalogType === 'link') throw new TemplateError({ template: '-', line: 1, col: 1 }, { key: 'notRenderable', params: { type: catalog.catalogType } });
  return catalog;
}

const catalogProps = (session: RenderSession, c: CatalogRow) => c.publishPipeProps[session.pipeCode] ?? {};

/**
 * Page N of a catalog's list: the catalog's list template, else the site's default list template.
 * Its file is list(_N) when the catalog has an index page of its own, index(_N) otherwise.
 */
export function renderCatalogPage(session: RenderSession, catalogId: number, pageNo?: number): Promise<PageResult> {
  const n = pageNoOf(pageNo);
  const catalog = catalogOf(session, catalogId);
  const hasIndex = session.hasIndexPage(catalog);
  const first = session.links.catalogListFile(catalog, 1, hasIndex);
  const preview = session.links.opts.mode === 'preview' ? session.links.catalogListLink(catalog, hasIndex, () => '') : null;
  return renderPage(session, {
    pageType: 'catalog', template: templateName(catalogProps(session, catalog).listTemplate) || templateName(session.props.defaultListTemplate),
    pageNo: n, catalog, content: null, chapterId: null, file: session.links.catalogListFile(catalog, n, hasIndex), firstFile: first, previewLink: preview,
    scope: () => ({ Catalog: session.presentCatalog(catalog) }), needs: [],
  });
}

/** A catalog's index page, when the catalog has an index template for this pipe (null otherwise). */
export function renderCatalogIndex(session: RenderSession, catalogId: number): Promise<PageResult> | null {
  const catalog = catalogOf(session, catalogId);
  const template = templateName(catalogProps(session, catalog).indexTemplate);
  if (!template) return null;
  const listFirst = session.links.catalogListFile(catalog, 1, true);
  return renderPage(session, {
    pageType: 'catalog', template, pageNo: 1, catalog, content: null, chapterId: null, file: session.links.catalogIndexFile(catalog), firstFile: listFirst,
    previewLink: session.links.opts.mode === 'preview' ? session.links.catalogLink(catalog, () => '') : null,
    scope: () => ({ Catalog: session.presentCatalog(catalog) }), needs: [],
  });
}

/** What a content's page surely needs: its body, album, or book and chapters, and its extension values. */
export function contentPageNeeds(row: ContentRow, chapterId: number | null = null): DataRequest[] {
  return [...bodyNeeds(row, chapterId), extendNeed(row)];
}

/** A content's extension values as its page shows them (Content.extend, Content.extendFields). */
const extendNeed = (row: ContentRow): DataRequest => ({ kind: 'xmodelView', contentId: row.contentId, contentType: row.contentType });

function bodyNeeds(row: ContentRow, chapterId: number | null): DataRequest[] {
  const bodyId = bodyIdOf(row);
  switch (row.contentType) {
    case 'article':
      return row.linkFlag === 'Y' ? [] : [{ kind: 'article', contentId: bodyId }, hotWordsNeed(row.catalogId)];
    case 'image':
    case 'audio':
    case 'video':
      return [{ kind: 'album', type: row.contentType, contentId: bodyId, limit: 1000 }];
    case 'book':
      return [{ kind: 'book', contentId: row.contentId }, { kind: 'chapters', contentId: row.contentId, limit: 5000 }, ...(chapterId ? [{ kind: 'chapter', chapterId } as const] : [])];
    default:
      return [];
  }
}

/** The page's content's `extend` and `extendFields` (loaded with the page's needs: no second render). */
function contentExtend(session: RenderSession, state: PageState, row: ContentRow) {
  return presentExtend(session.data<XViewItem[]>(state, extendNeed(row)), (u) => session.resolve(u, state));
}

/** The template of a content's page: its own, else its catalog's for its type, else the site's. */
export function detailTemplateOf(session: RenderSession, row: ContentRow, catalog: CatalogRow): string {
  const key = `detailTemplate_${row.contentType}`;
  return templateName(row.publishPipeProps?.[session.pipeCode]?.template) || templateName(catalogProps(session, catalog)[key]) || templateName(session.props[key]);
}

/**
 * Page N of a content (an article's body parts), or one chapter page of a book. The content may be
 * in any state (the publisher decides what to publish; the preview shows drafts); tags around it
 * list published contents only.
 */
export async function renderContentPage(session: RenderSession, contentId: number, pageNo?: number, chapterId?: number): Promise<PageResult> {
  const n = pageNoOf(pageNo);
  const content = session.takePrefetched(contentId) ?? (await session.contentRow(contentId));
  if (!content) throw fail('cms.content.notFound');
  const catalog = session.catalogs.get(content.catalogId);
  if (!catalog) throw fail('cms.catalog.notFound');
  const chapter = chapterId ?? null;
  if (chapter !== null && content.contentType !== 'book') throw fail('cms.content.notBook');
  const needs = contentPageNeeds(content, chapter);
  const pageData = session.beginPage(needs);
  if (chapter !== null) {
    await session.load(needs, pageData);
    const c = session.peek<{ contentId: number; status: string } | null>({ kind: 'chapter', chapterId: chapter }, pageData);
    if (!c || c.contentId !== content.contentId || (session.links.opts.mode === 'publish' && c.status !== '30')) throw fail('cms.content.notFound');
  }
  const file = chapter !== null ? session.links.chapterFile(content, catalog, chapter) : session.links.contentPageFile(content, catalog, n);
  const first = chapter !== null ? file : session.links.contentFile(content, catalog);
  const preview = session.links.opts.mode === 'preview' ? session.links.contentLink({ ...content, linkFlag: 'N' }, catalog, () => '') : null;
  return renderPage(session, {
    pageType: 'content', template: detailTemplateOf(session, content, catalog), pageNo: n, catalog, content, chapterId: chapter,
    file, firstFile: first, previewLink: preview, needs, pageData,
    scope(state) {
      // Its extension values (extension models): `{{ Content.extend.<field code> }}`, {} without a model.
      const more: Record<string, unknown> = { ...contentExtend(session, state, content) };
      if (content.contentType === 'book') {
        const book = session.data<Record<string, unknown> | null>(state, { kind: 'book', contentId: content.contentId });
        if (book) {
          const { contentId: _c, ...fields } = book;
          more.book = freeze({ ...fields, intro: session.resolveHtml(String(book.intro ?? ''), state) });
        }
      }
      const scope: Record<string, unknown> = { Catalog: session.presentCatalog(catalog), Content: session.presentContent(content, state, more), Chapter: null };
      if (chapter !== null) {
        const c = session.data<Record<string, unknown> | null>(state, { kind: 'chapter', chapterId: chapter });
        if (c) {
          scope.Chapter = freeze({
            chapterId: c.chapterId, contentId: c.contentId, title: c.title, wordCount: c.wordCount, publishDate: templateDate(c.publishDate as Date | null),
            content: session.resolveHtml(String(c.content ?? ''), state), link: session.links.chapterLink(content, catalog, chapter),
          });
        }
      }
      return scope;
    },
  });
}

/** The published chapters of a book, in order: the chapter pages the publisher renders beside the book's own. */
export async function bookChapterIds(session: RenderSession, contentId: number): Promise<number[]> {
  const req: DataRequest = { kind: 'chapters', contentId, limit: 5000 };
  const pageData = session.beginPage([]);
  await session.load([req], pageData);
  return (session.peek<{ chapterId: number }[]>(req, pageData) ?? []).map((c) => c.chapterId);
}

/** What a custom dynamic page renders: its template in this pipe, its address, the request's parameters and what they loaded. */
export interface DynamicPageSpec {
  template: string;
  /** the page's path below the pipe's address */
  path: string;
  /** the query parameters, as `Request` */
  request: Readonly<Record<string, string>>;
  catalogId?: number;
  contentId?: number;
}

/**
 * A custom dynamic page, rendered on request (never written): `Request` holds the query
 * parameters, and `Catalog` / `Content` the live catalog or published content its init data
 * types asked for (null when the parameter names none of this site's).
 */
export async function renderDynamicPage(session: RenderSession, spec: DynamicPageSpec): Promise<PageResult> {
  const catalog = spec.catalogId ? session.catalogs.get(spec.catalogId) ?? null : null;
  const row = spec.contentId ? await session.contentRow(spec.contentId) : null;
  const content = row && row.status === ContentStatus.PUBLISHED && session.catalogs.get(row.catalogId) ? row : null;
  const needs = content ? contentPageNeeds(content) : [];
  return renderPage(session, {
    pageType: 'dynamic', template: spec.template, pageNo: 1, catalog: catalog ?? (content ? session.catalogs.get(content.catalogId)! : null), content, chapterId: null,
    file: spec.path, firstFile: spec.path, previewLink: null, needs,
    scope: (state) => ({
      Request: freeze({ ...spec.request }),
      Catalog: catalog ? session.presentCatalog(catalog) : null,
      Content: content ? session.presentContent(content, state, contentExtend(session, state, content)) : null,
    }),
  });
}

/**
 * A page widget's own file (`<path><code>.<suffix>`, widget/publish.ts): its pipe's template with
 * `PageWidget` as `cms_pagewidget` gives it (its rows, or the live ads its strategy picks).
 */
export function renderPageWidget(session: RenderSession, spec: { template: string; file: string; code: string }): Promise<PageResult> {
  return renderPage(session, {
    pageType: 'include', template: spec.template, pageNo: 1, catalog: null, content: null, chapterId: null,
    file: spec.file, firstFile: spec.file, previewLink: null, needs: [],
    scope: (state) => ({ PageWidget: widgetOf({ host: session, state }, spec.code) ?? null, Request: freeze({}) }),
  });
}

/**
 * A custom form's include file (`include/customform/<code>.shtml`, customform/include-file.ts):
 * its pipe's template with `form` as `cms_custom_form` gives it (customform/form-view.ts).
 */
export function renderCustomForm(session: RenderSession, spec: { template: string; file: string; form: object }): Promise<PageResult> {
  return renderPage(session, {
    pageType: 'include', template: spec.template, pageNo: 1, catalog: null, content: null, chapterId: null,
    file: spec.file, firstFile: spec.file, previewLink: null, needs: [],
    scope: () => ({ form: freeze(spec.form), Request: freeze({}) }),
  });
}
