import { z } from 'zod';
import { defineResource } from '../define.ts';
import { crud } from '../declare.ts';
import { intRange, optionalText, requiredText } from '../../validators/common.ts';

export const TASK_TRIGGERS = ['Cron', 'Periodic'] as const;
export type TaskTrigger = (typeof TASK_TRIGGERS)[number];
/** Periods and delays are whole seconds up to a year. */
export const TASK_SECONDS_MAX = 365 * 86_400;

/**
 * Scheduled tasks (spec §3): a task type from the server's registry (GET /monitor/task/typeOptions)
 * run on a Cron expression or Periodically — every `period` seconds, the first run `initialDelay`
 * seconds after it is enabled; `fixedRate` Y starts runs every period, N counts the period from
 * the end of the previous run. `readyTime` is the next planned run (empty while disabled).
 * Status changes go through enable/disable (or changeStatus), not the edit form.
 */
export const taskResource = defineResource({
  name: 'scheduled_task',
  title: 'oplog.task',
  titleKey: 'monitor:task.title',
  api: '/monitor/task',
  id: 'taskId',
  perms: crud('monitor:task', { export: undefined }),
  fields: {
    taskId: { kind: 'id', column: true },
    /** blank: the server names it after its type */
    taskName: { kind: 'text', input: optionalText(64), column: true, filter: 'like', form: true },
    /** a registry key; the server refuses others */
    taskType: { kind: 'text', input: requiredText(64), column: true, form: true },
    /** the type's argument (days to keep, a text), for types that take one */
    taskArg: { kind: 'text', input: optionalText(255), form: true },
    taskTrigger: {
      kind: 'text',
      input: z.enum(TASK_TRIGGERS).default('Cron'),
      column: true,
      form: true,
      initial: 'Cron',
      options: TASK_TRIGGERS.map((v) => ({ value: v, label: `monitor:task.trigger.${v}` })),
    },
    /** Cron: Quartz style with seconds (`0 0 3 * * ?`) or five fields; required and checked by the server */
    cron: { kind: 'text', input: optionalText(255), form: true },
    fixedRate: { kind: 'dict', dict: 'YesOrNo', input: z.enum(['Y', 'N']).default('N'), form: true, initial: 'N' },
    period: { kind: 'number', input: intRange(1, TASK_SECONDS_MAX, 60), form: true, initial: 60 },
    initialDelay: { kind: 'number', input: intRange(0, TASK_SECONDS_MAX, 0), form: true, initial: 0 },
    /** 0 enabled, 1 disabled; new tasks start disabled unless asked otherwise */
    status: { kind: 'dict', dict: 'EnableOrDisable', input: z.enum(['0', '1']).default('1'), column: true, filter: 'eq', form: 'create', initial: '1' },
    readyTime: { kind: 'datetime', label: 'monitor:task.readyTime', column: true },
    remark: { kind: 'textarea', input: optionalText(500), form: true },
    createTime: { kind: 'datetime', column: true },
  },
  sort: { field: 'taskId', order: 'desc' },
});

/** The runs of scheduled tasks, shown per task in the task list's log dialog. */
export const taskLogResource = defineResource({
  name: 'scheduled_task_log',
  title: 'oplog.taskLog',
  titleKey: 'monitor:taskLog.title',
  api: '/monitor/task/log',
  id: 'logId',
  perms: crud('monitor:task', { add: undefined, edit: undefined, export: undefined }),
  fields: {
    logId: { kind: 'id', column: true },
    taskId: { kind: 'number', filter: 'eq' },
    taskName: { kind: 'text', column: true },
    result: { kind: 'dict', dict: 'SuccessOrFail', column: true, filter: 'eq' },
    message: { kind: 'text', column: true },
    startTime: { kind: 'datetime', column: true, filter: 'range' },
    endTime: { kind: 'datetime', column: true },
    duration: { kind: 'number', column: true },
  },
  sort: { field: 'logId', order: 'desc' },
});
