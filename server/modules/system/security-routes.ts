import { z } from 'zod';
import { defineRoute, type ServerModule } from '../../core/route.ts';
import { currentSecurity, securityCheck } from './security.ts';
import { securityAdminRoutes } from './security-admin.ts';

// The security config: what every signed-in user reads (the password rules to check a new
// password against, and whether they must change theirs now) and the administrators' screen.
/** Whether the signed-in user must change their password now. */
const securityFlagsReply = z.object({ isPasswordExpired: z.boolean(), forceModifyPassword: z.boolean() });

export const securityModule: ServerModule = {
  name: 'security',
  routes: [
    defineRoute({
      method: 'GET',
      url: '/system/security/config/current',
      perm: 'login',
      // The password form checks the new password against these rules.
      duringPasswordChange: true,
      // The active config's fields (null ones left out), its rule's pattern and the user's two flags.
      reply: securityFlagsReply.extend({ passwordRule: z.string(), passwordRulePattern: z.string().optional(), passwordExpireSeconds: z.number(), passwordRetryLimit: z.number() }),
      handler: ({ db, actor }) => currentSecurity(db, actor),
    }),
    defineRoute({
      method: 'GET',
      url: '/system/security/config/check',
      perm: 'login',
      duringPasswordChange: true,
      reply: securityFlagsReply,
      handler: ({ db, actor }) => securityCheck(db, actor),
    }),
    ...securityAdminRoutes,
  ],
};
