import { and, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import { securityConfigResource } from '../../../shared/resources/system/security.ts';
import { id } from '../../../shared/validators/common.ts';
import { resourceRoutes } from '../../core/resource-routes.ts';
import { defineRoute, noData, type AnyRoute } from '../../core/route.ts';
import { fail } from '../../core/errors.ts';
import { sysSecurityConfig } from './schema.ts';
import { SECURITY_ENABLED } from './security.ts';

const DISABLED = '1';

/** The security config screen (spec §7 Security config): CRUD, and one enabled config at a time. */
export const securityAdminRoutes: AnyRoute[] = [
  ...resourceRoutes(securityConfigResource, sysSecurityConfig, {
    // Length order and the lock duration are the definition's checks (console and server alike).
    beforeSave(_op, values, mode) {
      // A new config starts off; switching it on is its own, deliberate act.
      if (mode === 'create') values.status = DISABLED;
    },
    beforeRemove(_op, rows) {
      if (rows.some((r) => r.status === SECURITY_ENABLED)) throw fail('security.removeEnabled');
    },
  }),
  defineRoute({
    method: 'PUT',
    url: '/system/security/config/changeStatus/:configId',
    perm: 'system:security:edit',
    params: z.object({ configId: id() }),
    log: { title: 'oplog.security', type: 'UPDATE' },
    reply: noData,
    // Enabling one config disables the others; enabling the enabled one switches it off.
    handler: async ({ db, params, actor }) => {
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(sysSecurityConfig).where(eq(sysSecurityConfig.configId, params.configId));
        if (!row) throw fail('resource.notFound');
        const enable = row.status !== SECURITY_ENABLED;
        if (enable) await tx.update(sysSecurityConfig).set({ status: DISABLED }).where(and(eq(sysSecurityConfig.status, SECURITY_ENABLED), ne(sysSecurityConfig.configId, row.configId)));
        await tx.update(sysSecurityConfig).set({ status: enable ? SECURITY_ENABLED : DISABLED, updateBy: actor.userName, updateTime: new Date() }).where(eq(sysSecurityConfig.configId, row.configId));
      });
    },
  }),
];
