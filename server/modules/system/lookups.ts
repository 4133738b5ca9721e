import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { ServerI18n } from '../../core/i18n.ts';
import type { Locale } from '../../../shared/i18n/locales.ts';
import { sysDictData } from './schema.ts';

export { dictLabelKey, dictTypeKey, menuTitleKey } from '../../core/text-keys.ts';
import { dictLabelKey } from '../../core/text-keys.ts';

/**
 * The enabled values of one dictionary, in dict_sort order (ChestnutCMS returned a hash's order),
 * labels in the reader's language (DICT.<type>.<value>, falling back to the stored zh-CN label).
 */
export async function dictDataByType(db: DbOrTx, dictType: string, i18n: ServerI18n, locale: Locale) {
  const rows = await db
    .select({
      dictCode: sysDictData.dictCode,
      dictSort: sysDictData.dictSort,
      dictLabel: sysDictData.dictLabel,
      dictValue: sysDictData.dictValue,
      dictType: sysDictData.dictType,
      cssClass: sysDictData.cssClass,
      listClass: sysDictData.listClass,
      isDefault: sysDictData.isDefault,
      status: sysDictData.status,
    })
    .from(sysDictData)
    .where(and(eq(sysDictData.dictType, dictType), eq(sysDictData.status, '0')))
    .orderBy(asc(sysDictData.dictSort), asc(sysDictData.dictCode));
  return rows.map(({ cssClass, listClass, ...r }) => ({
    ...r,
    dictLabel: i18n.dbText(locale, dictLabelKey(r.dictType, r.dictValue), r.dictLabel),
    // Absent rather than null, as ChestnutCMS sends them.
    ...(cssClass ? { cssClass } : {}),
    ...(listClass ? { listClass } : {}),
  }));
}
