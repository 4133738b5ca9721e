import { defineResource } from '../define.ts';
import { crud } from '../declare.ts';

/** The login log: every sign-in attempt, registration and sign-out; read, export, delete and clean. */
export const logininforResource = defineResource({
  name: 'logininfor',
  title: 'oplog.logininfor',
  titleKey: 'monitor:logininfor.title',
  api: '/monitor/logininfor',
  id: 'infoId',
  perms: crud('monitor:logininfor', { add: undefined, edit: undefined }),
  fields: {
    infoId: { kind: 'id', column: true },
    userName: { kind: 'text', column: true, filter: 'like' },
    ipaddr: { kind: 'text', column: true, filter: 'like' },
    browser: { kind: 'text', column: true },
    os: { kind: 'text', column: true },
    status: { kind: 'dict', dict: 'SuccessOrFail', column: true, filter: 'eq' },
    msg: { kind: 'text', column: true },
    loginTime: { kind: 'datetime', column: { sortable: true }, filter: 'range' },
  },
  sort: { field: 'loginTime', order: 'desc' },
});
