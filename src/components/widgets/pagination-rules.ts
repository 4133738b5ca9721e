import type { Device } from '../../stores/app.ts';
import { DEFAULT_PAGE_SIZE, PAGER_COUNT, PAGER_COUNT_MOBILE, PAGE_SIZES, SCROLL_TO_TOP_MS } from '../../../shared/constants.ts';

/** Paging rules of spec §4/§9, free of any UI library. */

export interface PageState {
  /** 1-based page number */
  page: number;
  /** rows per page (the API's pageSize, the original console's "limit") */
  limit: number;
}

export const DEFAULT_PAGE: PageState = { page: 1, limit: DEFAULT_PAGE_SIZE };
export const pageSizes = (): number[] => [...PAGE_SIZES];

/** Page links shown: 5 on narrow screens, else 7. */
export const pagerCount = (device: Device) => (device === 'mobile' ? PAGER_COUNT_MOBILE : PAGER_COUNT);

/** A new page size keeps the page unless page × size passes the total, which sends it back to page 1. */
export function changePageSize(state: PageState, limit: number, total: number): PageState {
  return { page: state.page * limit > total ? 1 : state.page, limit };
}

/** Pages needed for `total` rows, `limit` per page. */
export const pageCount = (total: number, limit: number) => (limit > 0 ? Math.ceil(total / limit) : 0);

/**
 * The page numbers linked (1-based): `size` of them around the current page, which stays in the
 * middle until the first or last page is linked; the window PrimeReact's Paginator shows.
 */
export function pageLinks(page: number, count: number, size: number): number[] {
  const visible = Math.min(size, count);
  let start = Math.max(0, Math.ceil(page - 1 - visible / 2));
  const end = Math.min(count - 1, start + visible - 1);
  start = Math.max(0, start - (size - (end - start + 1)));
  return Array.from({ length: end - start + 1 }, (_, i) => start + i + 1);
}

/** Easing of the original console's scroll-to (ease-in-out quad). */
const easeInOutQuad = (t: number, b: number, c: number, d: number) => {
  let x = t / (d / 2);
  if (x < 1) return (c / 2) * x * x + b;
  x--;
  return (-c / 2) * (x * (x - 2) - 1) + b;
};

/** Scrolls the page to the top in `duration` ms (800 by default, spec §9). */
export function scrollToTop(duration = SCROLL_TO_TOP_MS, win: Pick<Window, 'scrollY' | 'scrollTo' | 'requestAnimationFrame'> & { performance?: Performance } = window): void {
  const start = win.scrollY;
  if (start <= 0) return;
  const t0 = (win.performance ?? performance).now();
  const step = (now: number) => {
    const elapsed = Math.min(duration, now - t0);
    win.scrollTo(0, easeInOutQuad(elapsed, start, -start, duration));
    if (elapsed < duration) win.requestAnimationFrame(step);
  };
  win.requestAnimationFrame(step);
}
