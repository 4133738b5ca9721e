import type { Device } from '../../stores/app.ts';
import { DEFAULT_PAGE_SIZE, PAGER_COUNT, PAGER_COUNT_MOBILE, PAGE_SIZES, SCROLL_TO_TOP_MS } from '../../lib/constants.ts';

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

/** PrimeReact's Paginator speaks in row offsets; the API in page numbers. */
export const firstRow = (s: PageState) => (s.page - 1) * s.limit;
export const pageOfRow = (first: number, limit: number) => Math.floor(first / limit) + 1;

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
