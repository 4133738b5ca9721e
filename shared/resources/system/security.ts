import { z } from 'zod';
import { defineResource } from '../define.ts';
import { crud } from '../declare.ts';
import { intRange, optionalText } from '../../validators/common.ts';
import { v, type FieldIssue } from '../../validators/issues.ts';
import { PASSWORD_RULES, PASSWORD_SENSITIVE } from '../../validators/password-policy.ts';

const DAY = 86_400;
/** spec §9: password expiry at most 100 days (0 = never); lock at most 365 days. */
export const PASSWORD_EXPIRE_MAX_SECONDS = 100 * DAY;
export const RETRY_LOCK_MAX_SECONDS = 365 * DAY;
export const RETRY_STRATEGIES = ['NONE', 'DISABLE', 'LOCK'] as const;

const yn = () => z.enum(['Y', 'N']).default('N');

/** The lock duration matters only under the LOCK strategy, and there it must be set. */
export const locksAccounts = (values: Record<string, unknown>) => values.passwordRetryStrategy === 'LOCK';

/** A number the form holds, NaN while blank (then only the field's own check speaks). */
const num = (x: unknown) => (x === '' || x === null || x === undefined ? Number.NaN : Number(x));

function securityChecks(values: Record<string, unknown>): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (num(values.passwordLenMin) > num(values.passwordLenMax)) {
    issues.push({ field: 'passwordLenMin', key: 'notAbove', params: { otherField: 'passwordLenMax' } });
  }
  if (locksAccounts(values) && !(num(values.passwordRetryLockSeconds) > 0)) {
    issues.push({ field: 'passwordRetryLockSeconds', key: 'lockSecondsRequired', params: {} });
  }
  return issues;
}

export const securityConfigResource = defineResource({
  name: 'security_config',
  title: 'oplog.security',
  titleKey: 'system:security.title',
  api: '/system/security/config',
  id: 'configId',
  perms: crud('system:security', { export: undefined }),
  fields: {
    configId: { kind: 'id', column: true },
    /** 0 = the active config (one at a time), 1 = off; switched by changeStatus, not by the form */
    status: { kind: 'dict', dict: 'EnableOrDisable', column: true, filter: 'eq' },
    passwordLenMin: { kind: 'number', input: intRange(1, 64, 6), column: true, form: true, initial: 6 },
    passwordLenMax: { kind: 'number', input: intRange(1, 128, 20), column: true, form: true, initial: 20 },
    passwordRule: { kind: 'dict', dict: 'SecurityPasswordRule', input: z.enum(PASSWORD_RULES).default('NONE'), column: true, form: true, initial: 'NONE' },
    passwordSensitive: { kind: 'dict', dict: 'SecurityPasswordSensitive', multiple: true, input: z.array(z.enum(PASSWORD_SENSITIVE)).max(10).default([]), column: true, form: true, initial: [] },
    weakPasswords: { kind: 'textarea', input: z.string().max(20_000).default(''), form: true, initial: '', rows: 6, hint: 'system:security.weakHint' },
    passwordExpireSeconds: { kind: 'number', unit: 'seconds', input: intRange(0, PASSWORD_EXPIRE_MAX_SECONDS, 0), column: true, form: true, initial: 0, hint: 'system:security.expireHint' },
    passwordRetryLimit: { kind: 'number', input: intRange(0, 100, 0), column: true, form: true, initial: 0, hint: 'system:security.retryHint' },
    passwordRetryStrategy: { kind: 'dict', dict: 'SecurityPasswordRetryStrategy', input: z.enum(RETRY_STRATEGIES).default('NONE'), column: true, form: true, initial: 'NONE' },
    passwordRetryLockSeconds: { kind: 'number', unit: 'seconds', input: intRange(0, RETRY_LOCK_MAX_SECONDS, 0), form: true, initial: 0 },
    forceModifyPwdAfterAdd: { kind: 'dict', dict: 'YesOrNo', input: yn(), form: true, initial: 'N' },
    forceModifyPwdAfterReset: { kind: 'dict', dict: 'YesOrNo', input: yn(), form: true, initial: 'N' },
    remark: { kind: 'textarea', input: optionalText(500), form: true },
    createTime: { kind: 'datetime', column: true },
  },
  sort: { field: 'configId', order: 'asc' },
  check: securityChecks,
});
