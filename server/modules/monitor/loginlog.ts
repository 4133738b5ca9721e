import { and, desc, eq, gte, ilike, lte, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { clientInfo } from '../../core/client-info.ts';
import { paging, table } from '../../core/envelope.ts';
import { formatDateTime } from '../../../src/lib/format.ts';
import { sysLogininfor } from './schema.ts';
import { likePattern, logListQuery, parseLocalTime } from './log-query.ts';

export interface LoginEvent {
  userName: string;
  ip: string;
  userAgent: string | undefined;
  /** dict SuccessOrFail: 0 success, 1 fail */
  status: '0' | '1';
  /** already translated (callers use zh-CN, so the log reads the same whoever signed in) */
  msg: string;
}

/** One row of the login log: every sign-in attempt, registration and sign-out. */
export async function recordLogin(db: DbOrTx, e: LoginEvent): Promise<void> {
  const { browser, os } = clientInfo(e.userAgent);
  await db.insert(sysLogininfor).values({
    userName: e.userName.slice(0, 50),
    ipaddr: e.ip.slice(0, 128),
    browser,
    os,
    status: e.status,
    msg: e.msg.slice(0, 255),
  });
}

export const loginLogQuery = logListQuery.extend({
  userName: z.string().optional(),
  ipaddr: z.string().optional(),
  status: z.string().optional(),
});
export type LoginLogQuery = z.infer<typeof loginLogQuery>;

/** A page of the login log, newest first. */
export async function listLoginLogs(db: Db, q: LoginLogQuery) {
  const { offset, limit } = paging(q);
  const begin = parseLocalTime(q.beginTime, 'begin');
  const end = parseLocalTime(q.endTime, 'end');
  const filters: (SQL | undefined)[] = [
    q.userName?.trim() ? ilike(sysLogininfor.userName, likePattern(q.userName.trim())) : undefined,
    q.ipaddr?.trim() ? ilike(sysLogininfor.ipaddr, likePattern(q.ipaddr.trim())) : undefined,
    q.status ? eq(sysLogininfor.status, q.status) : undefined,
    begin ? gte(sysLogininfor.loginTime, begin) : undefined,
    end ? lte(sysLogininfor.loginTime, end) : undefined,
  ];
  const where = and(...filters);
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(sysLogininfor).where(where);
  const rows = await db
    .select()
    .from(sysLogininfor)
    .where(where)
    .orderBy(desc(sysLogininfor.loginTime), desc(sysLogininfor.infoId))
    .limit(limit)
    .offset(offset);
  return table(
    rows.map((r) => ({ ...r, loginTime: formatDateTime(r.loginTime) })),
    Number(total),
  );
}
