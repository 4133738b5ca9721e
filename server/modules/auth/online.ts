import { and, asc, count, desc, eq, gt, ilike, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { defineRoute, noData, type AuthedContext, type ServerModule } from '../../core/route.ts';
import { pageOf } from '../../core/row-schema.ts';
import { inTransaction, opBase } from '../../core/operation.ts';
import { fail } from '../../core/errors.ts';
import { paging, table } from '../../core/envelope.ts';
import { likePattern } from '../../core/query.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { sysDept, sysUser } from '../system/index.ts';
import { userScope } from '../system/index.ts';
import { assertUsersWithin } from '../system/index.ts';
import { sysSession } from './schema.ts';

/** Online users (spec §1 Monitoring): live sessions, and a force logout that really revokes one. */
export const onlineModule: ServerModule = {
  name: 'online',
  routes: [
    defineRoute({
      method: 'GET',
      url: '/monitor/online/list',
      perm: 'monitor:online:view',
      query: z.object({ userName: z.string().optional(), ipaddr: z.string().optional(), pageNum: z.string().optional(), pageSize: z.string().optional() }),
      reply: pageOf(z.object({
        tokenId: z.string(), userName: z.string(), nickName: z.string(), deptName: z.string().nullable(), ipaddr: z.string().nullable(), browser: z.string().nullable(), os: z.string().nullable(),
        loginTime: z.string(), lastActive: z.string(), expiresAt: z.string(), current: z.boolean(),
      })),
      handler: async ({ db, query, actor }) => {
        const where = and(
          // Sessions of the users the actor may see (their data scope), as the user list shows them.
          userScope(actor),
          isNull(sysSession.revokedAt),
          gt(sysSession.expiresAt, new Date()),
          query.userName ? ilike(sysUser.userName, likePattern(query.userName)) : undefined,
          query.ipaddr ? ilike(sysSession.ipaddr, likePattern(query.ipaddr)) : undefined,
        );
        const { limit, offset } = paging(query);
        const rows = await db
          .select({
            tokenId: sysSession.sessionId,
            userName: sysUser.userName,
            nickName: sysUser.nickName,
            deptName: sysDept.deptName,
            ipaddr: sysSession.ipaddr,
            browser: sysSession.browser,
            os: sysSession.os,
            loginTime: sysSession.loginTime,
            lastActive: sysSession.lastActive,
            expiresAt: sysSession.expiresAt,
          })
          .from(sysSession)
          .innerJoin(sysUser, eq(sysUser.userId, sysSession.userId))
          .leftJoin(sysDept, eq(sysDept.deptId, sysUser.deptId))
          .where(where)
          .orderBy(desc(sysSession.lastActive), asc(sysSession.sessionId))
          .limit(limit)
          .offset(offset);
        const [total] = await db.select({ n: count() }).from(sysSession).innerJoin(sysUser, eq(sysUser.userId, sysSession.userId)).where(where);
        return table(
          rows.map((r) => ({
            ...r,
            // Lets the list mark the viewer's own session, which a force logout would end too.
            current: r.tokenId === actor.sessionId,
            loginTime: formatDateTime(r.loginTime),
            lastActive: formatDateTime(r.lastActive),
            expiresAt: formatDateTime(r.expiresAt),
          })),
          Number(total?.n ?? 0),
        );
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: '/monitor/online/:tokenId',
      perm: 'monitor:online:forceLogout',
      params: z.object({ tokenId: z.string().regex(/^[0-9a-f]{8,32}$/) }),
      log: { title: 'oplog.online', type: 'FORCE' },
      reply: noData,
      // Only a session of a user within the actor's data scope ("not found" otherwise, nothing
      // revealed) and within their power: nobody signs out someone holding more than they do.
      handler: (ctx) =>
        inTransaction(opBase(ctx as AuthedContext<unknown, unknown, unknown>), async ({ tx, actor }) => {
          const [session] = await tx.select({ id: sysSession.sessionId, userId: sysSession.userId }).from(sysSession)
            .innerJoin(sysUser, eq(sysUser.userId, sysSession.userId))
            .where(and(eq(sysSession.sessionId, ctx.params.tokenId), isNull(sysSession.revokedAt), userScope(actor)));
          if (!session) throw fail('resource.notFound');
          await assertUsersWithin(tx, actor, [session.userId]);
          await tx.update(sysSession).set({ revokedAt: new Date() }).where(eq(sysSession.sessionId, session.id));
        }),
    }),
  ],
};
