import { and, desc, eq, gte, ilike, lte, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Translate } from '../../core/i18n.ts';
import { paging, table } from '../../core/envelope.ts';
import { formatDateTime } from '../../../src/lib/format.ts';
import { sysOperLog } from './schema.ts';
import { likePattern, logListQuery, parseLocalTime } from './log-query.ts';

export const operLogQuery = logListQuery.extend({
  title: z.string().optional(),
  operName: z.string().optional(),
  businessType: z.string().optional(),
  status: z.string().optional(),
});
export type OperLogQuery = z.infer<typeof operLogQuery>;

// Titles are message keys (oplog.profile); routes without one log their URL, which must not be
// handed to the translator (its ':' and '/' would be read as namespace and key separators).
const MESSAGE_KEY = /^[A-Za-z]\w*(\.\w+)+$/;

/** A page of the operation log, newest first, titles in the reader's language. */
export async function listOperLogs(db: Db, q: OperLogQuery, t: Translate) {
  const { offset, limit } = paging(q);
  const begin = parseLocalTime(q.beginTime, 'begin');
  const end = parseLocalTime(q.endTime, 'end');
  const filters: (SQL | undefined)[] = [
    q.title?.trim() ? ilike(sysOperLog.title, likePattern(q.title.trim())) : undefined,
    q.operName?.trim() ? ilike(sysOperLog.operName, likePattern(q.operName.trim())) : undefined,
    q.businessType ? eq(sysOperLog.businessType, q.businessType) : undefined,
    q.status ? eq(sysOperLog.status, q.status) : undefined,
    begin ? gte(sysOperLog.operTime, begin) : undefined,
    end ? lte(sysOperLog.operTime, end) : undefined,
  ];
  const where = and(...filters);
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(sysOperLog).where(where);
  const rows = await db
    .select()
    .from(sysOperLog)
    .where(where)
    .orderBy(desc(sysOperLog.operTime), desc(sysOperLog.operId))
    .limit(limit)
    .offset(offset);
  return table(
    rows.map((r) => ({
      ...r,
      title: MESSAGE_KEY.test(r.title) ? t(r.title) : r.title,
      operTime: formatDateTime(r.operTime),
    })),
    Number(total),
  );
}
