import { configResource } from '../../../shared/resources/system/config.ts';
import systemZhCN from '../../../shared/i18n/locales/zh-CN/system.ts';
import systemZhTW from '../../../shared/i18n/locales/zh-TW/system.ts';
import systemEn from '../../../shared/i18n/locales/en/system.ts';
import type { Locale } from '../../../shared/i18n/locales.ts';
import { resourceRoutes } from '../../core/resource-routes.ts';
import { defineRoute, noData, type AnyRoute } from '../../core/route.ts';
import { fail } from '../../core/errors.ts';
import { sysConfig } from './schema.ts';
import { isSecretConfigKey, SECRET_MASK } from './config-keys.ts';

type Row = Record<string, unknown>;

const builtInText: Record<Locale, string> = {
  'zh-CN': systemZhCN.config.builtIn,
  'zh-TW': systemZhTW.config.builtIn,
  en: systemEn.config.builtIn,
};

/** A row for replies (list, detail, export): a secret's value never leaves. */
const maskSecret = (row: Row): Row => (isSecretConfigKey(String(row.configKey)) ? { ...row, configValue: SECRET_MASK } : row);

/**
 * The value to store on an edit of a secret: the mask sent back (or nothing sent) keeps the stored
 * one, unless the key changes, when the secret is dropped rather than carried under another name.
 */
function keepSecret(values: Row, existing: Row): void {
  if (!isSecretConfigKey(String(existing.configKey))) return;
  const unchanged = values.configValue === undefined || values.configValue === SECRET_MASK;
  if (!unchanged) return;
  const renamed = values.configKey !== undefined && values.configKey !== existing.configKey;
  if (renamed) values.configValue = '';
  else delete values.configValue;
}

/** Configs (sys_config): plain CRUD from the definition, except that built-in rows stay and secrets stay hidden. */
export const configRoutes: AnyRoute[] = [
  ...resourceRoutes(configResource, sysConfig, {
    beforeSave(_op, values, _mode, existing) {
      if (existing) keepSecret(values, existing);
    },
    present: maskSecret,
    // The log cannot look the key up: a value sent without its key is masked too.
    logMask: (body) => (body.configValue !== undefined && (body.configKey === undefined || isSecretConfigKey(String(body.configKey))) ? { ...body, configValue: SECRET_MASK } : body),
    beforeRemove(op, rows) {
      const builtIn = rows.find((r) => r.configType === 'Y');
      // The text lives with the console's `system` namespace (shared, like `fields`); a server
      // message `config.builtIn`, once added, takes precedence as the i18next default value yields.
      if (builtIn) throw fail('config.builtIn', { key: builtIn.configKey, defaultValue: builtInText[op.locale] });
    },
  }),
  defineRoute({
    method: 'DELETE',
    url: '/system/config/refreshCache',
    perm: 'system:config:remove',
    log: { title: configResource.title, type: 'CLEAN' },
    allowRepeat: true,
    reply: noData,
    // Config values are read from the table on every use (Services.configValue), so there is no
    // cache to drop; the route exists because the console (and ChestnutCMS clients) call it.
    handler: () => undefined,
  }),
];
