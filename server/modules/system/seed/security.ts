import { and, asc, eq, isNull } from 'drizzle-orm';
import type { SeedStep } from './runner.ts';
import { sysSecurityConfig } from '../schema.ts';
import { SECURITY_ENABLED } from '../security.ts';

const SEEDER = 'system';

/**
 * The security config every installation starts with, enabled: 8–20 characters with letters and
 * digits, not the account's own name, phone or email, not a well-known password; locked for 10
 * minutes after 5 wrong passwords in a row; changed after an administrator sets it. Passwords do
 * not expire by default (NIST SP 800-63B: forced periodic changes make passwords weaker, not
 * stronger); an administrator may set an expiry.
 */
export const DEFAULT_SECURITY_CONFIG = {
  status: SECURITY_ENABLED,
  passwordLenMin: 8,
  passwordLenMax: 20,
  passwordRule: 'LETTER_NUMBER',
  passwordSensitive: ['ACCOUNT', 'PHONE_NUMBER', 'EMAIL'],
  weakPasswords: ['12345678', '123456789', 'password', 'password1', 'password123', 'qwerty123', 'abc12345', 'admin123', 'admin1234', 'a1234567', '11111111', 'iloveyou1'].join('\n'),
  passwordExpireSeconds: 0,
  passwordRetryLimit: 5,
  passwordRetryStrategy: 'LOCK',
  passwordRetryLockSeconds: 600,
  forceModifyPwdAfterAdd: 'Y',
  forceModifyPwdAfterReset: 'Y',
  remark: 'Default rules, enabled at installation.',
} as const;

const shippedValues = () => ({ ...DEFAULT_SECURITY_CONFIG, passwordSensitive: [...DEFAULT_SECURITY_CONFIG.passwordSensitive] });

/** New databases: the default config, enabled. */
export const securityConfigDefault: SeedStep = {
  name: 'security-config-default',
  async run(tx) {
    await tx.insert(sysSecurityConfig).values({ ...shippedValues(), createBy: SEEDER });
  },
};

/**
 * Databases seeded before the default config was enabled (it shipped disabled): it becomes the
 * config above and is enabled, unless an administrator has enabled a config or touched the
 * shipped one (edited it, switched it, deleted it) — then the choice stays theirs.
 */
export const securityConfigEnabled: SeedStep = {
  name: 'security-config-enabled',
  async run(tx) {
    const [enabled] = await tx.select({ id: sysSecurityConfig.configId }).from(sysSecurityConfig).where(eq(sysSecurityConfig.status, SECURITY_ENABLED)).limit(1);
    if (enabled) return;
    const [shipped] = await tx
      .select({ id: sysSecurityConfig.configId })
      .from(sysSecurityConfig)
      .where(and(eq(sysSecurityConfig.createBy, SEEDER), isNull(sysSecurityConfig.updateTime)))
      .orderBy(asc(sysSecurityConfig.configId))
      .limit(1);
    if (!shipped) return;
    await tx.update(sysSecurityConfig).set(shippedValues()).where(eq(sysSecurityConfig.configId, shipped.id));
  },
};
