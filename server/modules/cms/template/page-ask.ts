import { AppError, type ReplyCodeValue } from '../../../core/errors.ts';
import { TemplateError } from './errors.ts';
import { renderCatalogIndex, renderCatalogPage, renderContentPage, renderDynamicPage, renderIndex, type DynamicPageSpec, type PageResult } from './render.ts';
import type { RenderSession } from './session.ts';

/**
 * One page asked of a session, as plain data: what the preview, the workbench and the sites'
 * dynamic pages render, in a render thread (publish/page-threads.ts) or in the main thread.
 */
export type PageAsk =
  | { type: 'site'; pageNo?: number }
  /** `indexPage`: the catalog's index page when it has one (else its list) */
  | { type: 'catalog'; id: number; pageNo?: number; indexPage: boolean }
  | { type: 'content'; id: number; pageNo?: number; chapterId?: number }
  | { type: 'dynamic'; spec: DynamicPageSpec };

export async function renderAsked(session: RenderSession, ask: PageAsk): Promise<PageResult> {
  switch (ask.type) {
    case 'site':
      return renderIndex(session, ask.pageNo);
    case 'catalog': {
      const index = ask.indexPage ? renderCatalogIndex(session, ask.id) : null;
      return index ?? renderCatalogPage(session, ask.id, ask.pageNo);
    }
    case 'content':
      return renderContentPage(session, ask.id, ask.chapterId === undefined ? ask.pageNo : 1, ask.chapterId);
    case 'dynamic':
      return renderDynamicPage(session, ask.spec);
  }
}

/** An error of a render, as a thread posts it (errors do not cross threads with their class). */
export type PageFailure =
  | { kind: 'template'; template: string; line: number; col: number; detailKey: string | null; detailParams: Record<string, unknown>; detail: string }
  | { kind: 'app'; key: string; params: Record<string, unknown>; code: ReplyCodeValue }
  | { kind: 'other'; message: string };

export function pageFailureOf(err: unknown): PageFailure {
  if (err instanceof TemplateError) return { kind: 'template', template: err.template, line: err.line, col: err.col, detailKey: err.detailKey, detailParams: err.detailParams, detail: err.detail };
  if (err instanceof AppError) return { kind: 'app', key: err.key, params: err.params, code: err.code };
  return { kind: 'other', message: err instanceof Error ? err.message : String(err) };
}

/** The error again, as the class the caller catches. */
export function errorOfFailure(f: PageFailure): Error {
  if (f.kind === 'template') return new TemplateError({ template: f.template, line: f.line, col: f.col }, f.detailKey ? { key: f.detailKey, params: f.detailParams } : f.detail);
  if (f.kind === 'app') return new AppError(f.key, f.params, f.code);
  return new Error(f.message);
}
