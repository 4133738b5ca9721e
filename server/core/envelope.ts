import type { Envelope, TablePage } from '../../src/lib/api-types.ts';

export type { Envelope, TablePage };

export const table = <T>(rows: T[], total: number = rows.length): TablePage<T> => ({ rows, total });

export function envelope<T>(code: number, msg: string, data?: T): Envelope<T> {
  return data === undefined ? { code, msg } : { code, msg, data };
}

/** Paging query: pageNum from 1 (capped so the offset stays a bigint), pageSize default 20 capped at 10000 (ChestnutCMS PageRequest). */
export function paging(q: { pageNum?: unknown; pageSize?: unknown }) {
  const num = Math.min(1_000_000_000, Math.max(1, Number.parseInt(String(q.pageNum ?? 1), 10) || 1));
  const size = Math.min(10000, Math.max(1, Number.parseInt(String(q.pageSize ?? 20), 10) || 20));
  return { pageNum: num, pageSize: size, offset: (num - 1) * size, limit: size };
}
