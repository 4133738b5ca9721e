import type { ServerModule } from '../../core/route.ts';
import { logininforResource } from '../../../shared/resources/monitor/logininfor.ts';
import { operlogResource } from '../../../shared/resources/monitor/operlog.ts';
import { logRoutes } from './log-routes.ts';
import { sysLogininfor, sysOperLog } from './schema.ts';
import { presentLoginLog } from './loginlog.ts';
import { rowSchemaOf } from '../../core/row-schema.ts';

// Permission keys match the seeded menus (System → Login log / Operation log).
export const LOGININFOR_VIEW = logininforResource.perms.view;
export const OPERLOG_VIEW = operlogResource.perms.view;

// Titles are message keys (oplog.profile); routes without one log their URL, which must not be
// handed to the translator (its ':' and '/' would be read as namespace and key separators).
const MESSAGE_KEY = /^[A-Za-z]\w*(\.\w+)+$/;

export const monitorModule: ServerModule = {
  name: 'monitor',
  routes: [
    ...logRoutes(logininforResource, sysLogininfor, 'monitor:logininfor:clean', {
      // Messages in the reader's language (list, detail and export alike).
      present: (row, ctx) => presentLoginLog(row, ctx.t),
      // The message's key and parameters become its text (`msg`).
      reply: rowSchemaOf(sysLogininfor, logininforResource).omit({ msgKey: true, msgParams: true }),
    }),
    ...logRoutes(operlogResource, sysOperLog, 'monitor:operlog:clean', {
      // Titles in the reader's language (list, detail and export alike).
      present: (row, ctx) => (typeof row.title === 'string' && MESSAGE_KEY.test(row.title) ? { ...row, title: ctx.t(row.title) } : row),
    }),
  ],
};
