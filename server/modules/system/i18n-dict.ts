import { and, count, eq, like, ne } from 'drizzle-orm';
import { z } from 'zod';
import { i18nBatchBody, i18nDictResource } from '../../../shared/resources/system/i18n-dict.ts';
import { LOCALES, normalizeLocale } from '../../../shared/i18n/locales.ts';
import { resourceRoutes } from '../../core/resource-routes.ts';
import { defineRoute, noData, type AnyRoute } from '../../core/route.ts';
import { rowSchemaOf } from '../../core/row-schema.ts';
import { fail } from '../../core/errors.ts';
import { sysI18nDict } from './schema.ts';
import { reloadDbTexts } from './services.ts';

/** Each language's own name, as a language menu shows it. */
const NATIVE_NAMES: Record<(typeof LOCALES)[number], string> = { 'zh-CN': '简体中文', 'zh-TW': '繁體中文', en: 'English' };
const PERM = 'system:i18ndict';

export const i18nDictRoutes: AnyRoute[] = [
  ...resourceRoutes(i18nDictResource, sysI18nDict, {
    async beforeSave(op, values, _mode, existing) {
      const langTag = (values.langTag ?? existing?.langTag) as string;
      const langKey = (values.langKey ?? existing?.langKey) as string;
      const others = existing ? ne(sysI18nDict.id, existing.id as number) : undefined;
      const [dup] = await op.tx.select({ n: count() }).from(sysI18nDict).where(and(eq(sysI18nDict.langTag, langTag), eq(sysI18nDict.langKey, langKey), others));
      if (Number(dup?.n) > 0) throw fail('resource.exists', { field: op.services.i18n.fieldLabel(op.locale, 'langKey'), value: `${langTag} ${langKey}` });
    },
    afterCommit: (op) => reloadDbTexts(op.services),
  }),
  defineRoute({
    method: 'GET',
    url: '/system/i18n/dict/langOptions',
    perm: 'public',
    reply: z.array(z.object({ value: z.string(), label: z.string() })),
    handler: () => LOCALES.map((value) => ({ value, label: NATIVE_NAMES[value] })),
  }),
  defineRoute({
    method: 'GET',
    url: '/system/i18n/dict/langKey/:langKey',
    perm: `${PERM}:view`,
    params: z.object({ langKey: z.string().min(1).max(200) }),
    reply: z.array(rowSchemaOf(sysI18nDict)),
    // One key in every language, for the side-by-side editor.
    handler: async ({ db, params }) => db.select().from(sysI18nDict).where(eq(sysI18nDict.langKey, params.langKey)),
  }),
  defineRoute({
    method: 'PUT',
    url: '/system/i18n/dict/batch',
    perm: `${PERM}:edit`,
    body: i18nBatchBody,
    log: { title: 'oplog.i18n', type: 'UPDATE' },
    reply: noData,
    handler: async ({ db, body, actor, services }) => {
      await db.transaction(async (tx) => {
        for (const row of body) {
          await tx.insert(sysI18nDict).values({ ...row, createBy: actor.userName })
            .onConflictDoUpdate({ target: [sysI18nDict.langTag, sysI18nDict.langKey], set: { langValue: row.langValue, updateBy: actor.userName, updateTime: new Date() } });
        }
      });
      await reloadDbTexts(services);
    },
  }),
  defineRoute({
    method: 'DELETE',
    url: '/system/i18n/dict/refreshCache',
    perm: `${PERM}:edit`,
    log: { title: 'oplog.i18n', type: 'CLEAN' },
    reply: noData,
    handler: ({ services }) => reloadDbTexts(services),
  }),
  defineRoute({
    method: 'GET',
    url: '/system/i18n/dict/overrides',
    perm: 'public',
    query: z.object({ lang: z.string().max(20).optional() }),
    reply: z.record(z.string(), z.string()),
    // Console texts an administrator changed (`<namespace>:<key>`); the login page needs them too.
    handler: async ({ db, query, locale }) => {
      const lang = query.lang ? normalizeLocale(query.lang) : locale;
      const rows = await db.select({ k: sysI18nDict.langKey, v: sysI18nDict.langValue }).from(sysI18nDict).where(and(eq(sysI18nDict.langTag, lang), like(sysI18nDict.langKey, '%:%')));
      return Object.fromEntries(rows.filter((r) => /^[a-z][A-Za-z0-9-]*:[A-Za-z0-9_.-]+$/.test(r.k)).map((r) => [r.k, r.v]));
    },
  }),
];
