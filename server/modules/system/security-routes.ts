import { defineRoute, type ServerModule } from '../../core/route.ts';
import { currentSecurity, securityCheck } from './security.ts';

// The read side of the security config that every signed-in user needs: the password rules to
// check a new password against, and whether they must change theirs now. The admin screen
// (list, add, edit, enable) arrives with its own issue.
export const securityModule: ServerModule = {
  name: 'security',
  routes: [
    defineRoute({
      method: 'GET',
      url: '/system/security/config/current',
      perm: 'login',
      handler: ({ db, actor }) => currentSecurity(db, actor!),
    }),
    defineRoute({
      method: 'GET',
      url: '/system/security/config/check',
      perm: 'login',
      handler: ({ db, actor }) => securityCheck(db, actor!),
    }),
  ],
};
