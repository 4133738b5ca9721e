import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import type { ServerConfig } from '../config.ts';
import type { ServerI18n } from './i18n.ts';
import { RepeatSubmitGuard } from './repeat-submit.ts';
import { IpGuard } from '../modules/system/ip-guard.ts';
import { CacheRegistry } from './caches.ts';
import { AsyncTaskManager } from './async-tasks.ts';
import { sysConfig, sysI18nDict } from '../modules/system/schema.ts';

/** What the whole server shares; handed to every route through its context. */
export class Services {
  readonly repeatGuard = new RepeatSubmitGuard();
  readonly ipGuard: IpGuard;
  readonly caches = new CacheRegistry();
  readonly tasks = new AsyncTaskManager();
  private dbTexts: { langTag: string; langKey: string; langValue: string }[] = [];
  readonly database: Database;
  readonly config: ServerConfig;
  readonly i18n: ServerI18n;
  constructor(database: Database, config: ServerConfig, i18n: ServerI18n) {
    this.database = database;
    this.config = config;
    this.i18n = i18n;
    this.ipGuard = new IpGuard(database.db);
    this.registerCaches();
  }

  private registerCaches() {
    const textKey = (r: { langTag: string; langKey: string }) => `${r.langTag}:${r.langKey}`;
    this.caches.register({
      name: 'i18n',
      describe: 'cache.i18n',
      keys: () => this.dbTexts.map(textKey),
      value: (key) => this.dbTexts.find((r) => textKey(r) === key)?.langValue,
      clear: () => this.reloadDbTexts(),
    });
    this.caches.register({
      name: 'ipRules',
      describe: 'cache.ipRules',
      keys: () => this.ipGuard.snapshot().map((r) => `${r.type} ${r.ip}`),
      value: (key) => this.ipGuard.snapshot().find((r) => `${r.type} ${r.ip}` === key),
      clear: () => this.ipGuard.invalidate(),
    });
    this.caches.register({
      name: 'repeatSubmit',
      describe: 'cache.repeatSubmit',
      keys: () => this.repeatGuard.entries().map(([k]) => k),
      value: (key) => new Date(this.repeatGuard.entries().find(([k]) => k === key)?.[1] ?? 0),
      clear: (key) => this.repeatGuard.clear(key),
    });
  }

  get db() {
    return this.database.db;
  }

  /** A row of sys_config by key, or undefined. */
  async configValue(key: string): Promise<string | undefined> {
    const [row] = await this.db.select({ v: sysConfig.configValue }).from(sysConfig).where(eq(sysConfig.configKey, key));
    return row?.v;
  }

  /** Captcha: env CAPTCHA_ENABLED overrides config `sys.account.captchaEnabled` (default on). */
  async captchaEnabled(): Promise<boolean> {
    if (this.config.captchaEnabled !== undefined) return this.config.captchaEnabled;
    return (await this.configValue('sys.account.captchaEnabled')) !== 'false';
  }

  /** Re-reads sys_i18n_dict into the translator (start-up, and after the I18n screen changes it). */
  async reloadDbTexts(): Promise<void> {
    const rows = await this.db.select({ langTag: sysI18nDict.langTag, langKey: sysI18nDict.langKey, langValue: sysI18nDict.langValue }).from(sysI18nDict);
    this.i18n.loadDbTexts(rows);
    this.dbTexts = rows;
  }
}

/**
 * One `T` per server, made on first use (e.g. a module's scheduler): several test servers in one
 * process each get their own, and it goes away with its server.
 */
export function perServices<T extends object>(make: (services: Services) => T): (services: Services) => T {
  const made = new WeakMap<Services, T>();
  return (services) => {
    let it = made.get(services);
    if (!it) {
      it = make(services);
      made.set(services, it);
    }
    return it;
  };
}
