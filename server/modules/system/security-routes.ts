import { defineRoute, type ServerModule } from '../../core/route.ts';
import { currentSecurity, securityCheck } from './security.ts';
import { securityAdminRoutes } from './security-admin.ts';

// The security config: what every signed-in user reads (the password rules to check a new
// password against, and whether they must change theirs now) and the administrators' screen.
export const securityModule: ServerModule = {
  name: 'security',
  routes: [
    defineRoute({
      method: 'GET',
      url: '/system/security/config/current',
      perm: 'login',
      // The password form checks the new password against these rules.
      duringPasswordChange: true,
      handler: ({ db, actor }) => currentSecurity(db, actor),
    }),
    defineRoute({
      method: 'GET',
      url: '/system/security/config/check',
      perm: 'login',
      duringPasswordChange: true,
      handler: ({ db, actor }) => securityCheck(db, actor),
    }),
    ...securityAdminRoutes,
  ],
};
