import { defineResource } from '../define.ts';
import { crud } from '../declare.ts';

/** Operation types as the server records them (no dictionary exists for these). */
export const BUSINESS_TYPES = ['ADD', 'UPDATE', 'DELETE', 'GRANT', 'EXPORT', 'IMPORT', 'FORCE', 'CLEAN', 'OTHER'] as const;

/** The operation log: read, export, delete and clean; never written through the screen. */
export const operlogResource = defineResource({
  name: 'operlog',
  title: 'oplog.operlog',
  titleKey: 'monitor:operlog.title',
  api: '/monitor/operlog',
  id: 'operId',
  perms: crud('monitor:operlog', { add: undefined, edit: undefined }),
  fields: {
    operId: { kind: 'id', column: true },
    title: { kind: 'text', column: true, filter: 'like' },
    businessType: {
      kind: 'text',
      column: true,
      filter: 'eq',
      options: BUSINESS_TYPES.map((b) => ({ value: b, label: `monitor:businessType.${b}` })),
    },
    requestMethod: { kind: 'text', column: true },
    operName: { kind: 'text', column: true, filter: 'like' },
    operIp: { kind: 'text', column: true },
    operUrl: { kind: 'text', export: true },
    status: { kind: 'dict', dict: 'SuccessOrFail', column: true, filter: 'eq' },
    operTime: { kind: 'datetime', column: { sortable: true }, filter: 'range' },
    costTime: { kind: 'number', column: { sortable: true } },
    errorMsg: { kind: 'text', export: true },
  },
  sort: { field: 'operTime', order: 'desc' },
});
