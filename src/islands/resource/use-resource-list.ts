import { useCallback, useEffect, useRef, useState } from 'react';
import type { ResourceDef } from '../../../shared/resources/define.ts';
import { fetchPage, listParams, settledPage, type Filters, type Row, type Sort } from '../../lib/resources/client.ts';
import { DEFAULT_PAGE, type PageState } from '../../components/widgets/pagination-rules.ts';
import { useFirstAnswer } from '../../lib/react/use-first-answer.ts';

/** Rows a tree screen loads at once: a tree cannot be paged. */
export const ALL_ROWS: PageState = { page: 1, limit: 10000 };

/** The page a screen's list starts on: all rows of a tree, else the first page of the definition's size. */
export const initialPage = (def: ResourceDef, all: boolean): PageState => (all ? ALL_ROWS : { ...DEFAULT_PAGE, limit: def.pageSize ?? DEFAULT_PAGE.limit });

/** The list half of a resource screen: applied filters, paging, order, the loaded page and the selection. */
export function useResourceList(def: ResourceDef, fixed?: Record<string, string>, all = false, prebuilt?: readonly Row[]) {
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState<PageState>(() => initialPage(def, all));
  const [sort, setSort] = useState<Sort | null>(null);
  // Compared by value: a screen may pass a fresh object each render.
  const fixedKey = JSON.stringify(fixed ?? {});
  const params = () => ({ ...listParams(def, filters, page, sort), ...(JSON.parse(fixedKey) as Record<string, string>) });
  // The first page, when the page's head script has already brought it: drawn in the first render.
  const { first, takeFirst } = useFirstAnswer((take) => settledPage(def, params(), take));
  // `prebuilt`: the build's sample rows of a page's pre-paint frame (prepaint/frame.ts), never fetched.
  const [rows, setRows] = useState<Row[]>(first?.rows ?? (prebuilt ? [...prebuilt] : []));
  const [total, setTotal] = useState(first?.total ?? 0);
  const [loading, setLoading] = useState(false);
  // Whether any answer (or the build's sample rows) has come: until then the table has nothing of its own to show.
  const [answered, setAnswered] = useState(!!first || !!prebuilt);
  const [selection, setSelection] = useState<Row[]>([]);
  const [tick, setTick] = useState(0);
  const seq = useRef(0);

  useEffect(() => {
    if (prebuilt || takeFirst()) return;
    const mine = ++seq.current;
    setLoading(true);
    fetchPage(def, params())
      .then((r) => {
        // A slower earlier reply must not overwrite a newer one.
        if (mine !== seq.current) return;
        setRows(r.rows);
        setTotal(r.total);
        setSelection([]);
      })
      .catch(() => undefined)
      .finally(() => {
        if (mine !== seq.current) return;
        setLoading(false);
        setAnswered(true);
      });
  }, [def, filters, page, sort, tick, fixedKey]);

  const reload = useCallback(() => setTick((n) => n + 1), []);
  /** New filters start again at page 1. */
  const search = useCallback((next: Filters) => {
    setFilters(next);
    setPage((p) => ({ ...p, page: 1 }));
    setTick((n) => n + 1);
  }, []);

  return { filters, search, page, setPage, sort, setSort, rows, total, loading, answered, selection, setSelection, reload };
}

export type ResourceList = ReturnType<typeof useResourceList>;
