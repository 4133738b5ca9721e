import { and, count, eq, ne, or, sql } from 'drizzle-orm';
import { dictDataResource, dictTypeResource } from '../../../shared/resources/system/dict.ts';
import { type ResourceHooks } from '../../core/resource.ts';
import { resourceRoutes } from '../../core/resource-routes.ts';
import { z } from 'zod';
import { defineRoute } from '../../core/route.ts';
import { selectedRow } from '../../core/row-schema.ts';
import { fail } from '../../core/errors.ts';
import { normalizeLocale } from '../../../shared/i18n/locales.ts';
import type { DbOrTx } from '../../db/client.ts';
import { sysDictData, sysDictType, sysI18nDict } from './schema.ts';
import { dictLabelKey, dictTypeKey } from './lookups.ts';
import { reloadDbTexts } from './services.ts';

type Row = Record<string, unknown>;

const reloadTexts: ResourceHooks['afterCommit'] = (op) => reloadDbTexts(op.services);

/**
 * Moves every i18n row of key `from` or below it (`from.…`) to `to` (a renamed type or value keeps
 * its labels), in one statement. Compared by prefix, not LIKE, so `_` in a type is no wildcard.
 */
async function renameTextKeys(tx: DbOrTx, from: string, to: string) {
  const below = `${from}.`;
  await tx
    .update(sysI18nDict)
    .set({ langKey: sql`${to} || substr(${sysI18nDict.langKey}, ${from.length + 1})` })
    .where(or(eq(sysI18nDict.langKey, from), sql`left(${sysI18nDict.langKey}, ${below.length}) = ${below}`));
}

export const dictTypeRoutes = resourceRoutes(dictTypeResource, sysDictType, {
  async beforeSave({ tx }, values, mode, existing) {
    if (mode !== 'update' || values.dictType === undefined || values.dictType === existing?.dictType) return;
    // Code reads built-in types by key: renaming one would silently break it.
    if (existing?.fixed === 'Y') throw fail('dict.fixedRename');
    const from = existing!.dictType as string;
    await tx.update(sysDictData).set({ dictType: values.dictType as string }).where(eq(sysDictData.dictType, from));
    await renameTextKeys(tx, dictTypeKey(from), dictTypeKey(values.dictType as string));
  },
  async beforeRemove({ tx }, rows) {
    if (rows.some((r) => r.fixed === 'Y')) throw fail('dict.fixedRemove');
    const types = rows.map((r) => r.dictType as string);
    const [used] = await tx.select({ n: count() }).from(sysDictData).where(sql`${sysDictData.dictType} in ${types}`);
    if (Number(used?.n) > 0) throw fail('dict.typeHasData');
  },
  present: (row, op) => ({ ...row, dictName: op.services.i18n.dbText(op.locale, dictTypeKey(row.dictType as string), row.dictName as string) }),
  afterCommit: reloadTexts,
});

/**
 * Dictionary values. The label is edited in the editor's own language: it is stored as that
 * language's i18n text (and as the base label for zh-CN), so each language keeps its own.
 */
export const dictDataRoutes = resourceRoutes(dictDataResource, sysDictData, {
  async beforeSave(op, values, mode, existing) {
    const { tx } = op;
    const type = (values.dictType ?? existing?.dictType) as string;
    const value = (values.dictValue ?? existing?.dictValue) as string;
    if (mode === 'create') {
      const [t] = await tx.select({ id: sysDictType.dictId }).from(sysDictType).where(eq(sysDictType.dictType, type));
      if (!t) throw fail('dict.typeMissing', { type });
    }
    if (existing?.fixed === 'Y' && values.dictValue !== undefined && values.dictValue !== existing.dictValue) throw fail('dict.fixedRename');
    const others = existing ? ne(sysDictData.dictCode, existing.dictCode as number) : undefined;
    const [dup] = await tx.select({ n: count() }).from(sysDictData).where(and(eq(sysDictData.dictType, type), eq(sysDictData.dictValue, value), others));
    if (Number(dup?.n) > 0) throw fail('resource.exists', { field: op.services.i18n.fieldLabel(op.locale, 'dictValue'), value });
    if (existing && values.dictValue !== undefined && values.dictValue !== existing.dictValue) {
      await renameTextKeys(tx, dictLabelKey(type, existing.dictValue as string), dictLabelKey(type, value));
    }
    const label = values.dictLabel as string | undefined;
    if (label !== undefined) {
      const locale = normalizeLocale(op.locale);
      if (mode === 'update' && locale !== 'zh-CN') values.dictLabel = existing!.dictLabel; // the base label stays zh-CN
      await tx
        .insert(sysI18nDict)
        .values({ langTag: locale, langKey: dictLabelKey(type, value), langValue: label, createBy: op.actor.userName })
        .onConflictDoUpdate({ target: [sysI18nDict.langTag, sysI18nDict.langKey], set: { langValue: label, updateBy: op.actor.userName, updateTime: new Date() } });
    }
  },
  async beforeRemove(_op, rows: Row[]) {
    if (rows.some((r) => r.fixed === 'Y')) throw fail('dict.fixedRemove');
  },
  present: (row, op) => ({ ...row, dictLabel: op.services.i18n.dbText(op.locale, dictLabelKey(row.dictType as string, row.dictValue as string), row.dictLabel as string) }),
  afterCommit: reloadTexts,
});

const TYPE_PICK = { dictId: sysDictType.dictId, dictType: sysDictType.dictType, dictName: sysDictType.dictName };

/** Every dictionary type, for selects (e.g. the data screen's type switcher). */
export const dictTypeOptions = defineRoute({
  method: 'GET',
  url: '/system/dict/type/optionselect',
  perm: 'system:dict:view',
  reply: z.array(selectedRow(TYPE_PICK)),
  handler: async ({ db, services, locale }) => {
    const rows = await db.select(TYPE_PICK).from(sysDictType).orderBy(sysDictType.dictId);
    return rows.map((r) => ({ ...r, dictName: services.i18n.dbText(locale, dictTypeKey(r.dictType), r.dictName) }));
  },
});
