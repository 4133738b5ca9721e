import { countOf, keyOf, type ListRequest } from './requests.ts';

/** Rows of a paged list read at once when publishing (listWindow). */
const LIST_WINDOW_ROWS = 1_000;

/** How a paged list's page is read when publishing: a slice of a window of whole pages (listWindow). */
export interface ListSlice {
  window: ListRequest;
  from: number;
  limit: number;
  /** the window is read with the list's total (the run does not know it yet) */
  withTotal: boolean;
}

/**
 * The window a paged list's page is read with: LIST_WINDOW_ROWS rows (whole pages) from a
 * multiple of that, so one read serves that many pages (a catalog of 200 contents: all its
 * list pages). Only for a paged list (the run holds its count, or the page asks for it now:
 * the window then brings it), and not past its known end. Rows are in a total order (the id
 * breaks ties), so a slice of the window is exactly what the page's own offset and limit read.
 */
export function listWindow(r: ListRequest, countsAsked: Set<string>, runCache: Map<string, unknown>): ListSlice | null {
  const countKey = keyOf(countOf(r));
  const total = runCache.get(countKey);
  const known = typeof total === 'number';
  if (!known && !countsAsked.has(countKey)) return null;
  if (r.limit <= 0 || (known && r.offset >= total)) return null;
  const size = r.limit * Math.max(1, Math.floor(LIST_WINDOW_ROWS / r.limit));
  const start = Math.floor(r.offset / size) * size;
  if (r.offset + r.limit > start + size) return null;
  return { window: { ...r, limit: size, offset: start }, from: r.offset - start, limit: r.limit, withTotal: !known };
}
