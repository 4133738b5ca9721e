import { z } from 'zod';
import { defineResource } from '../define.ts';
import { crud } from '../declare.ts';
import { optionalText, requiredText } from '../../validators/common.ts';

const JOB_GROUPS = ['DEFAULT', 'SYSTEM', 'CMS'] as const;

export const jobResource = defineResource({
  name: 'job',
  title: 'oplog.job',
  titleKey: 'monitor:job.title',
  api: '/monitor/job',
  id: 'jobId',
  perms: crud('monitor:job'),
  fields: {
    jobId: { kind: 'id', column: true },
    jobName: { kind: 'text', input: requiredText(64), column: { width: '16rem', ellipsis: true }, filter: 'like', form: true },
    // CMS: the group the CMS seeds its jobs in (they could not be saved from the form before).
    jobGroup: { kind: 'text', input: z.enum(JOB_GROUPS).default('DEFAULT'), column: true, filter: 'eq', form: true, initial: 'DEFAULT', options: JOB_GROUPS.map((v) => ({ value: v, label: `monitor:job.group.${v}` })) },
    /** a registered task, `name` or `name(argument)`; the server checks it against its registry */
    invokeTarget: { kind: 'text', input: requiredText(500), column: true, form: true },
    cronExpression: { kind: 'text', input: requiredText(255), column: true, form: true },
    misfirePolicy: { kind: 'text', input: z.enum(['1', '2', '3']).default('3'), form: true, initial: '3', options: ['1', '2', '3'].map((v) => ({ value: v, label: `monitor:job.misfire.${v}` })) },
    concurrent: { kind: 'text', input: z.enum(['0', '1']).default('1'), form: true, initial: '1', options: ['0', '1'].map((v) => ({ value: v, label: `monitor:job.concurrent.${v}` })) },
    /** 0 running, 1 paused; new jobs start paused */
    status: { kind: 'dict', dict: 'EnableOrDisable', input: z.enum(['0', '1']).default('1'), column: true, filter: 'eq', form: true, initial: '1' },
    remark: { kind: 'textarea', input: optionalText(500), form: true },
    createTime: { kind: 'datetime', column: true },
  },
  sort: { field: 'jobId', order: 'asc' },
});

export const jobLogResource = defineResource({
  name: 'job_log',
  title: 'oplog.jobLog',
  titleKey: 'monitor:jobLog.title',
  api: '/monitor/jobLog',
  id: 'jobLogId',
  perms: crud('monitor:job', { add: undefined, edit: undefined, remove: 'monitor:job:clean' }),
  fields: {
    jobLogId: { kind: 'id', column: true },
    jobId: { kind: 'number', filter: 'eq' },
    jobName: { kind: 'text', column: true, filter: 'like' },
    jobGroup: { kind: 'text', column: true, filter: 'eq' },
    invokeTarget: { kind: 'text', column: true },
    jobMessage: { kind: 'text', column: true },
    status: { kind: 'dict', dict: 'SuccessOrFail', column: true, filter: 'eq' },
    exceptionInfo: { kind: 'textarea' },
    startTime: { kind: 'datetime', column: true, filter: 'range' },
    stopTime: { kind: 'datetime', column: true },
  },
  sort: { field: 'jobLogId', order: 'desc' },
});
