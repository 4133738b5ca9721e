/**
 * What every page painted before its scripts shares (issue 34; docs/architecture.md "Rows before
 * the scripts"): markers in the build's fragments and the small helpers the painters use. The
 * helpers are shipped as their own source text inside the one inline script (script.ts), so each
 * must not use anything from outside its body.
 */
import { formatBytes } from '../../lib/sizes.ts';
import { dashboardTotals, sparklineOf } from '../../lib/cms/dashboard.ts';
import { joinRoutePath } from '../../lib/routes/menu.ts';

/** A marker in a fragment: without ':' or '.', which i18next would read as a namespace or a nested key. */
export const MARK = (name: string) => `\u27E6${name}\u27E7`;

/** A value as React writes it in text or an attribute. */
export function escapeHtml(v: unknown): string {
  return String(v).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
}

/** The data of an API envelope that succeeded, else undefined. */
export function envelopeData(b: unknown): any {
  const o = b as { code?: number; data?: unknown } | null;
  return o && o.code === 200 ? o.data : undefined;
}

/**
 * The fragment with each marker whose name `values` has replaced by its (already escaped) value,
 * in one pass: a value carrying a marker's text (a title an editor typed) is never filled again.
 */
export function fillMarks(fragment: string, values: Record<string, string>): string {
  return fragment.replace(/\u27E6([^\u27E6\u27E7]*)\u27E7/g, function (m: string, k: string) {
    return Object.prototype.hasOwnProperty.call(values, k) ? values[k]! : m;
  });
}

/** A pager of the build's (render.tsx pagerFrame): its fragments by page links, and how many a width shows. */
export interface PagerFrame {
  /** the pager with i + 1 page links (⟦total⟧ for its total) */
  pagers: string[];
  /** page links shown below / from `breakpoint` pixels wide */
  links: [number, number];
  breakpoint: number;
  limit: number;
}

/** The pager a list of `total` rows shows at `width` pixels (Pagination), '' for none. */
export function pagerOf(P: PagerFrame, total: number, width: number, esc: (v: unknown) => string): string {
  var count = Math.ceil(total / P.limit);
  var links = Math.min(count, width < P.breakpoint ? P.links[0] : P.links[1]);
  return total > 0 && links > 0 ? P.pagers[links - 1]!.split('\u27E6total\u27E7').join(esc(total)) : '';
}

/** The helpers a painter gets (the same functions the islands use, where there is one). */
export const HELPERS = { esc: escapeHtml, data: envelopeData, fill: fillMarks, bytes: formatBytes, spark: sparklineOf, totals: dashboardTotals, join: joinRoutePath, pager: pagerOf };
export type PaintHelpers = typeof HELPERS;

/** The source text of HELPERS, for the inline script. */
export const helpersSource = () => `{${Object.entries(HELPERS).map(([k, f]) => `${k}:(${f.toString()})`).join(',')}}`;

/** What every page's frame (its script element's `data-frame`) holds, whatever it paints. */
export interface FrameBase {
  /** which painter draws it (script.ts) */
  kind: 'list' | 'home' | 'content';
  /** the head script's calls it draws from, in the painter's order */
  urls: string[];
  /** the language the fragments are in: other languages wait for the island */
  lang: string;
  /** a selector matching inside the island once it has drawn itself: then there is nothing to paint */
  drawn: string;
  /** rules the copy needs that the island's components inject only when they mount */
  css?: string;
}
