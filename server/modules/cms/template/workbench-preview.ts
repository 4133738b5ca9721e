import { fail } from '../../../core/errors.ts';
import type { OpContext } from '../../../core/operation.ts';
import { catalogWith } from '../catalog/access.ts';
import { contentWith } from '../content/access.ts';
import { TemplateError } from './errors.ts';
import { renderCatalogIndex, renderCatalogPage, renderContentPage, renderIndex, type PageResult } from './render.ts';
import { openSession, sessionConfig } from './session-open.ts';
import { checkName } from './store.ts';

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
  | { ok: true; html: string; file: string; template: string; templates: string[]; usesTemplate: boolean; pageNo: number; pageTotal: number }
  | { ok: false; problem: { template: string; line: number; col: number; message: string } };

/**
 * POST /cms/template/preview (the workbench's live preview): renders one page of the current site
 * with the template's unsaved text standing in for its file (session overrides, preview mode),
 * and writes nothing — no file, no row, no cache. The page's object must be viewable by the
 * caller (the catalog's View right, the content's catalog's); the current site is by construction.
 * A problem in a template is an answer, not a failure: the pane shows it with its line.
 */
export async function previewTemplate(op: OpContext, body: PreviewBody): Promise<PreviewReply> {
  const path = checkName(body.path);
  if (body.catalogId && body.contentId) throw fail('template.previewNeedsPage');
  const content = body.contentId ? await contentWith(op, body.contentId, 'View') : null;
  const catalog = body.catalogId ? await catalogWith(op, body.catalogId, 'View') : null;
  const session = await openSession(op.tx, op.site!.siteId, body.publishPipeCode, sessionConfig(op.services), {
    mode: 'preview', overrides: { [path]: body.content },
  });
  try {
    let page: PageResult;
    if (content) page = await renderContentPage(session, content.contentId, body.pageNo);
    else if (catalog) {
      const index = catalog.publishPipeProps[body.publishPipeCode]?.indexTemplate === path ? renderCatalogIndex(session, catalog.catalogId) : null;
      page = await (index ?? renderCatalogPage(session, catalog.catalogId, body.pageNo));
    } else page = await renderIndex(session, body.pageNo);
    return {
      ok: true, html: page.html, file: page.file, template: page.template, templates: page.templates,
      usesTemplate: page.templates.includes(path), pageNo: page.pageNo, pageTotal: page.pageTotal,
    };
  } catch (err) {
    if (!(err instanceof TemplateError)) throw err;
    return { ok: false, problem: { template: err.template, line: err.line, col: err.col, message: err.detailKey ? op.t(`template.${err.detailKey}`, err.detailParams) : err.detail } };
  }
}
