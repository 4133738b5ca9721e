import { defineResource } from '../define.ts';
import { crud } from '../declare.ts';

/**
 * Online users: the live sessions (GET /monitor/online/list, filtered by user name and IP). Read
 * only; a row's force logout is DELETE /monitor/online/:tokenId (the screen's row action).
 */
export const onlineResource = defineResource({
  name: 'online',
  title: 'oplog.online',
  titleKey: 'monitor:online.title',
  api: '/monitor/online',
  id: 'tokenId',
  perms: crud('monitor:online', { add: undefined, edit: undefined, remove: undefined, export: undefined }),
  fields: {
    tokenId: { kind: 'id' },
    userName: { kind: 'text', column: true, filter: 'like' },
    nickName: { kind: 'text', column: true },
    deptName: { kind: 'text', column: true },
    ipaddr: { kind: 'text', column: true, filter: 'like' },
    browser: { kind: 'text', column: true },
    os: { kind: 'text', column: true },
    loginTime: { kind: 'datetime', column: true },
    lastActive: { kind: 'datetime', column: true },
  },
});
