import { fail } from '../../../core/errors.ts';
import type { OpContext, SiteOp } from '../../../core/operation.ts';
import type { CatalogRow } from '../catalog/access.ts';
import type { ContentRow } from '../content/access.ts';
import { TemplateError } from './errors.ts';
import { PREVIEWS_PER_USER, renderOnRequest } from './on-request.ts';
import type { PageAsk } from './page-ask.ts';
import { readerScope } from './preview-access.ts';
import { previewLinkTargets } from './preview-links.ts';
import { mintTicket } from './preview-tickets.ts';
import { checkName } from './store.ts';
import { DEFAULT_PREVIEW_PAGE } from './urls.ts';

export interface PreviewBody {
  publishPipeCode: string;
  /** the template being edited */
  path: string;
  /** its unsaved text, rendered instead of the file */
  content: string;
  /** the page to render: a catalog's list (or index), a content's page, or (neither) the home page */
  catalogId?: number;
  contentId?: number;
  pageNo?: number;
}

export type PreviewReply =
  | { ok: true; frameUrl: string; file: string; template: string; templates: string[]; usesTemplate: boolean; pageNo: number; pageTotal: number }
  | { ok: false; problem: { template: string; line: number; col: number; message: string } };

/**
 * POST /cms/template/preview (the workbench's live preview): renders one page of the current site
 * with the template's unsaved text standing in for its file (session overrides, preview mode),
 * writing nothing to the site. The page's object must be viewable by the caller (the catalog's
 * View right, the content's catalog's); the current site is by construction, and its tags read only
 * what the caller may view. The page is kept a moment under a ticket the pane's frame shows from
 * the sites' port (preview-tickets.ts): the unsaved text never travels in a URL, and the page never
 * runs on the console's origin. Its links open in new tabs (the unsaved text stays). A problem in
 * a template is an answer, not a failure: the pane shows it with its line.
 */
export async function previewTemplate(op: SiteOp, body: PreviewBody, page: { content?: ContentRow; catalog?: CatalogRow }, consoleOrigin: string): Promise<PreviewReply> {
  const path = checkName(body.path);
  if (page.catalog && page.content) throw fail('template.previewNeedsPage');
  const content = page.content ?? null;
  const catalog = page.catalog ?? null;
  const ask: PageAsk = content ? { type: 'content', id: content.contentId, pageNo: body.pageNo }
    : catalog ? { type: 'catalog', id: catalog.catalogId, pageNo: body.pageNo, indexPage: catalog.publishPipeProps[body.publishPipeCode]?.indexTemplate === path }
    : { type: 'site', pageNo: body.pageNo };
  const previewPage = `${consoleOrigin}${DEFAULT_PREVIEW_PAGE}`;
  try {
    const page = await renderOnRequest(op.services, op.tx, {
      siteId: op.site.siteId, pipeCode: body.publishPipeCode, options: { mode: 'preview', previewBase: previewPage, overrides: { [path]: body.content } },
      scope: await readerScope(op, body.publishPipeCode), ask, reader: `user:${op.actor.userId}`, max: PREVIEWS_PER_USER,
    });
    const html = previewLinkTargets(page.html, { previewPage, previewTarget: '_blank' });
    const [objectType, objectId] = content ? ['content', content.contentId] as const : catalog ? ['catalog', catalog.catalogId] as const : ['site', op.site.siteId] as const;
    const frameUrl = await mintTicket(op, { kind: 'workbench', siteId: op.site.siteId, objectType, objectId, consoleOrigin, html });
    return {
      ok: true, frameUrl, file: page.file, template: page.template, templates: page.templates,
      usesTemplate: page.templates.includes(path), pageNo: page.pageNo, pageTotal: page.pageTotal,
    };
  } catch (err) {
    if (!(err instanceof TemplateError)) throw err;
    return { ok: false, problem: { template: err.template, line: err.line, col: err.col, message: err.detailKey ? op.t(`template.${err.detailKey}`, err.detailParams) : err.detail } };
  }
}
