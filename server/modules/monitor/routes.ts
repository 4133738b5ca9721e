import { defineRoute, type ServerModule } from '../../core/route.ts';
import { listLoginLogs, loginLogQuery } from './loginlog.ts';
import { listOperLogs, operLogQuery } from './operlog-list.ts';

// Permission keys match the seeded menus (Monitor → Login log / Operation log).
export const LOGININFOR_VIEW = 'monitor:logininfor:view';
export const OPERLOG_VIEW = 'monitor:operlog:view';

export const monitorModule: ServerModule = {
  name: 'monitor',
  routes: [
    defineRoute({
      method: 'GET',
      url: '/monitor/logininfor/list',
      perm: LOGININFOR_VIEW,
      query: loginLogQuery,
      handler: ({ db, query }) => listLoginLogs(db, query),
    }),
    defineRoute({
      method: 'GET',
      url: '/monitor/operlog/list',
      perm: OPERLOG_VIEW,
      query: operLogQuery,
      handler: ({ db, query, t }) => listOperLogs(db, query, t),
    }),
  ],
};
