import { defineResource } from '../define.ts';
import { crud } from '../declare.ts';

/** Task states as the server reports them (ChestnutCMS TaskStatus). */
export const TASK_STATUSES = ['READY', 'RUNNING', 'SUCCESS', 'FAILED', 'INTERRUPTED'] as const;

/**
 * Async tasks: the server's background work, kept in its memory (GET /monitor/async/task/list).
 * Read, stop (the screen's row action) and remove finished ones (DELETE /monitor/async/task, ids).
 */
export const asyncTaskResource = defineResource({
  name: 'async_task',
  title: 'oplog.asyncTask',
  titleKey: 'monitor:async.title',
  api: '/monitor/async/task',
  id: 'taskId',
  perms: crud('monitor:async', { add: undefined, edit: undefined, export: undefined }),
  fields: {
    taskId: { kind: 'id' },
    type: { kind: 'text', label: 'fields:taskType', column: true, filter: 'eq' },
    name: { kind: 'text', label: 'fields:taskName', column: true },
    owner: { kind: 'text', label: 'fields:taskOwner', column: true },
    status: { kind: 'text', column: true, filter: 'eq', options: TASK_STATUSES.map((s) => ({ value: s, label: `monitor:async.status.${s}` })) },
    percent: { kind: 'number', column: { width: '12rem' } },
    progressMessage: { kind: 'text', column: true },
    readyTime: { kind: 'datetime', column: true },
    startTime: { kind: 'datetime', column: true },
    endTime: { kind: 'datetime', column: true },
  },
});
