import type { SeedStep } from './runner.ts';
import { sysSecurityConfig } from '../schema.ts';

/**
 * A sensible security config an administrator can enable when ready: 8–20 characters with letters
 * and digits, not the account's own name, phone or email, not a well-known password, expiring
 * after 90 days, locked for 10 minutes after 5 failures, changed after an admin sets it.
 * Shipped DISABLED: until one is enabled the built-in defaults apply (6–20, no rule), so the
 * first sign-in's forced change (admin123 → anything of 6–20) works as documented.
 */
export const DEFAULT_SECURITY_CONFIG = {
  status: '1',
  passwordLenMin: 8,
  passwordLenMax: 20,
  passwordRule: 'LETTER_NUMBER',
  passwordSensitive: ['ACCOUNT', 'PHONE_NUMBER', 'EMAIL'],
  weakPasswords: ['12345678', '123456789', 'password', 'password1', 'password123', 'qwerty123', 'abc12345', 'admin123', 'admin1234', 'a1234567', '11111111', 'iloveyou1'].join('\n'),
  passwordExpireSeconds: 90 * 24 * 3600,
  passwordRetryLimit: 5,
  passwordRetryStrategy: 'LOCK',
  passwordRetryLockSeconds: 600,
  forceModifyPwdAfterAdd: 'Y',
  forceModifyPwdAfterReset: 'Y',
  remark: 'Default rules, disabled until an administrator enables them.',
} as const;

export const securityConfigDefault: SeedStep = {
  name: 'security-config-default',
  async run(tx) {
    await tx.insert(sysSecurityConfig).values({ ...DEFAULT_SECURITY_CONFIG, passwordSensitive: [...DEFAULT_SECURITY_CONFIG.passwordSensitive], createBy: 'system' });
  },
};
