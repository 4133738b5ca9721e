import { eq } from 'drizzle-orm';
import { perServices, type Services } from '../../core/services.ts';
import type { CacheView } from '../../core/caches.ts';
import { IpGuard } from './ip-guard.ts';
import { sysConfig, sysI18nDict } from './schema.ts';

/** The system module's per-server state: the IP rules' cache and the database texts loaded. */
export const ipGuardOf = perServices((services) => new IpGuard(services.db));
const dbTextsOf = perServices(() => ({ rows: [] as { langTag: string; langKey: string; langValue: string }[] }));

/** A row of sys_config by key, or undefined. */
export async function configValue(services: Services, key: string): Promise<string | undefined> {
  const [row] = await services.db.select({ v: sysConfig.configValue }).from(sysConfig).where(eq(sysConfig.configKey, key));
  return row?.v;
}

/** Captcha: env CAPTCHA_ENABLED overrides config `sys.account.captchaEnabled` (default on). */
export async function captchaEnabled(services: Services): Promise<boolean> {
  if (services.config.captchaEnabled !== undefined) return services.config.captchaEnabled;
  return (await configValue(services, 'sys.account.captchaEnabled')) !== 'false';
}

/** Re-reads sys_i18n_dict into the translator (start-up, and after the I18n screen changes it). */
export async function reloadDbTexts(services: Services): Promise<void> {
  const rows = await services.db.select({ langTag: sysI18nDict.langTag, langKey: sysI18nDict.langKey, langValue: sysI18nDict.langValue }).from(sysI18nDict);
  services.i18n.loadDbTexts(rows);
  dbTextsOf(services).rows = rows;
}

/** The system's caches on the cache monitor (ServerModule.caches): database texts and IP rules. */
export function systemCaches(services: Services): CacheView[] {
  const textKey = (r: { langTag: string; langKey: string }) => `${r.langTag}:${r.langKey}`;
  const texts = () => dbTextsOf(services).rows;
  const guard = ipGuardOf(services);
  return [
    {
      name: 'i18n',
      describe: 'cache.i18n',
      keys: () => texts().map(textKey),
      value: (key) => texts().find((r) => textKey(r) === key)?.langValue,
      clear: () => reloadDbTexts(services),
    },
    {
      name: 'ipRules',
      describe: 'cache.ipRules',
      keys: () => guard.snapshot().map((r) => `${r.type} ${r.ip}`),
      value: (key) => guard.snapshot().find((r) => `${r.type} ${r.ip}` === key),
      clear: () => guard.invalidate(),
    },
  ];
}
