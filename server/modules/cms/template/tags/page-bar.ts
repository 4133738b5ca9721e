import { escapeHtml } from '../html.ts';
import { CmsTemplateProblem } from '../errors.ts';
import { CmsInlineTag, type TagRun } from './base.ts';

/** How many page numbers the bar shows around the current page. */
const WINDOW = 7;

/**
 * The page bar's HTML (cms-heart §1.4): `div.pagination` of `a.page_link`, the current page
 * `page_active` (not a link), `page_first`/`page_last` (Simple only) and `page_white` fillers
 * where numbers are left out. Nothing when there is one page.
 */
export function pageBarHtml(pageNo: number, pageTotal: number, pattern: { first: string; other: string }, opts: { type: string; target: string; first: string; last: string }): string {
  if (pageTotal <= 1) return '';
  const href = (n: number) => escapeHtml(n === 1 ? pattern.first : pattern.other.replace('{0}', String(n)));
  const target = opts.target === '_blank' ? ' target="_blank" rel="noopener"' : '';
  const link = (n: number, label: string, cls = '') => `<a href="${href(n)}" class="page_link${cls}"${target}>${escapeHtml(label)}</a>`;
  let start = Math.max(1, pageNo - Math.floor(WINDOW / 2));
  const end = Math.min(pageTotal, start + WINDOW - 1);
  start = Math.max(1, end - WINDOW + 1);
  const parts: string[] = [];
  if (opts.type === 'Simple') parts.push(link(1, opts.first, ' page_first'));
  if (start > 1) parts.push('<span class="page_link page_white">…</span>');
  for (let n = start; n <= end; n++) parts.push(n === pageNo ? `<a class="page_link page_active" aria-current="page">${n}</a>` : link(n, String(n)));
  if (end < pageTotal) parts.push('<span class="page_link page_white">…</span>');
  if (opts.type === 'Simple') parts.push(link(pageTotal, opts.last, ' page_last'));
  return `<div class="pagination">${parts.join('')}</div>`;
}

export class PageBarTag extends CmsInlineTag {
  // eslint-disable-next-line require-yield
  protected *output(run: TagRun): Generator<unknown, string, unknown> {
    if (run.state.includeStack.length) throw new CmsTemplateProblem('pagingInInclude');
    const paged = run.state.paged;
    if (!paged) throw new CmsTemplateProblem('noPaging');
    return pageBarHtml(run.state.pageNo, paged.pageTotal, run.state.pagePattern, {
      type: run.values.type as string, target: run.values.target as string, first: run.values.first as string, last: run.values.last as string,
    });
  }
}
