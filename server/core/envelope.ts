import type { Envelope, TablePage } from '../../shared/api-types.ts';
import { DEFAULT_PAGE_SIZE } from '../../shared/constants.ts';

export type { Envelope, TablePage };

export const table = <T>(rows: T[], total: number = rows.length): TablePage<T> => ({ rows, total });

export function envelope<T>(code: number, msg: string, data?: T): Envelope<T> {
  return data === undefined ? { code, msg } : { code, msg, data };
}

/**
 * Paging query: pageNum from 1 (capped so the offset stays a bigint), pageSize capped at 10000,
 * `defaultSize` when absent or unreadable (a resource may declare its own, e.g. the site list's 10).
 */
export function paging(q: { pageNum?: unknown; pageSize?: unknown }, defaultSize = DEFAULT_PAGE_SIZE) {
  const num = Math.min(1_000_000_000, Math.max(1, Number.parseInt(String(q.pageNum ?? 1), 10) || 1));
  const size = Math.min(10000, Math.max(1, Number.parseInt(String(q.pageSize ?? defaultSize), 10) || defaultSize));
  return { pageNum: num, pageSize: size, offset: (num - 1) * size, limit: size };
}
