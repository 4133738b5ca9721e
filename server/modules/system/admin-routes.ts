import type { ServerModule } from '../../core/route.ts';
import { deptRoutes } from './dept.ts';
import { roleRoutes } from './role.ts';
import { menuRoutes } from './menu.ts';
import { ipRuleRoutes } from './iprule.ts';
import { noticeRoutes } from './notice.ts';
import { i18nDictRoutes } from './i18n-dict.ts';
import { userRoutes } from './user.ts';
import { dictDataRoutes, dictTypeOptions, dictTypeRoutes } from './dict.ts';

/** System administration built on shared definitions: organisation, access, vocabularies, texts, IP rules, notices. */
export const adminModule: ServerModule = {
  name: 'admin',
  routes: [dictTypeOptions, ...deptRoutes, ...roleRoutes, ...menuRoutes, ...ipRuleRoutes, ...noticeRoutes, ...i18nDictRoutes, ...userRoutes, ...dictTypeRoutes, ...dictDataRoutes],
};
