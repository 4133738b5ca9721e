import { configResource } from '../../../src/lib/resources/system/config.ts';
import systemZhCN from '../../../src/lib/i18n/locales/zh-CN/system.ts';
import systemZhTW from '../../../src/lib/i18n/locales/zh-TW/system.ts';
import systemEn from '../../../src/lib/i18n/locales/en/system.ts';
import type { Locale } from '../../../src/lib/i18n/locales.ts';
import { resourceRoutes } from '../../core/resource.ts';
import { defineRoute, type AnyRoute } from '../../core/route.ts';
import { fail } from '../../core/errors.ts';
import { sysConfig } from './schema.ts';

const builtInText: Record<Locale, string> = {
  'zh-CN': systemZhCN.config.builtIn,
  'zh-TW': systemZhTW.config.builtIn,
  en: systemEn.config.builtIn,
};

/** Configs (sys_config): plain CRUD from the definition, except that built-in rows stay. */
export const configRoutes: AnyRoute[] = [
  ...resourceRoutes(configResource, sysConfig, {
    beforeRemove(ctx, rows) {
      const builtIn = rows.find((r) => r.configType === 'Y');
      // The text lives with the console's `system` namespace (shared, like `fields`); a server
      // message `config.builtIn`, once added, takes precedence as the i18next default value yields.
      if (builtIn) throw fail('config.builtIn', { key: builtIn.configKey, defaultValue: builtInText[ctx.locale] });
    },
  }),
  defineRoute({
    method: 'DELETE',
    url: '/system/config/refreshCache',
    perm: 'system:config:remove',
    log: { title: configResource.title, type: 'CLEAN' },
    allowRepeat: true,
    // Config values are read from the table on every use (Services.configValue), so there is no
    // cache to drop; the route exists because the console (and ChestnutCMS clients) call it.
    handler: () => undefined,
  }),
];
