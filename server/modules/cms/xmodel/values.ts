import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import type { SiteOp } from '../../../core/operation.ts';
import { FieldFailure } from '../../../core/errors.ts';
import { sysDictData } from '../../system/index.ts';
import { checkXValues, dictTypesOf, type RichTextCleaner, type XField, type XFieldType, type XModelTarget, type XOptions, type XValues } from '../../../../shared/cms/xmodel.ts';
import { sanitizeArticle } from '../content/sanitize.ts';
import { cmsXModel, cmsXModelData, cmsXModelField } from './schema.ts';

export type XModelRow = typeof cmsXModel.$inferSelect;
/** A stored field (its type one of XFIELD_TYPES: the field form refuses any other). */
export type XFieldRow = typeof cmsXModelField.$inferSelect & { fieldType: XFieldType };
/** The scope of validation messages: a field is named by its own label (no catalogue entry has it). */
export const XVALUE_LABELS = 'xmodelValue';

/**
 * The model extending `target` on a site: for contents, the model of that content type first,
 * else the one of every type. None: the editor shows no Extend tab, templates get no values.
 */
export async function modelFor(tx: DbOrTx, siteId: number, target: XModelTarget, contentType = ''): Promise<XModelRow | undefined> {
  const rows = await tx.select().from(cmsXModel).where(and(eq(cmsXModel.siteId, siteId), eq(cmsXModel.bindTo, target)));
  return rows.find((m) => m.contentType === contentType) ?? rows.find((m) => m.contentType === '');
}

/** A model's fields in their order. */
export const fieldsOf = (tx: DbOrTx, modelId: number): Promise<XFieldRow[]> =>
  tx.select().from(cmsXModelField).where(eq(cmsXModelField.modelId, modelId)).orderBy(asc(cmsXModelField.sortFlag), asc(cmsXModelField.fieldId)) as Promise<XFieldRow[]>;

/** The enabled choices (value and label) of the dictionaries the choice fields use, by dictionary type. */
export async function choicesOf(tx: DbOrTx, fields: readonly XField[], alsoTypes: readonly string[] = []): Promise<Record<string, { value: string; label: string }[]>> {
  const types = [...new Set([...dictTypesOf(fields), ...alsoTypes])];
  if (!types.length) return {};
  const rows = await tx.select({ type: sysDictData.dictType, value: sysDictData.dictValue, label: sysDictData.dictLabel }).from(sysDictData)
    .where(and(inArray(sysDictData.dictType, types), eq(sysDictData.status, '0'))).orderBy(asc(sysDictData.dictSort));
  const out: Record<string, { value: string; label: string }[]> = Object.fromEntries(types.map((t) => [t, []]));
  for (const r of rows) out[r.type]!.push({ value: r.value, label: r.label });
  return out;
}

/** The values each choice field may take, by dictionary type. */
const optionsOf = async (tx: DbOrTx, fields: readonly XField[]): Promise<XOptions> =>
  Object.fromEntries(Object.entries(await choicesOf(tx, fields)).map(([type, list]) => [type, list.map((c) => c.value)]));

/**
 * `input` checked against every field of the model (the shared rules: same messages as the
 * console's), rich text sanitized as an article body is. Refuses with the first issue, naming the field.
 */
export async function validValues(tx: DbOrTx, fields: readonly XField[], input: XValues, clean: RichTextCleaner = sanitizeArticle): Promise<XValues> {
  const { issues, values } = checkXValues(fields, input, await optionsOf(tx, fields), clean);
  if (issues.length) throw new FieldFailure(issues, XVALUE_LABELS);
  return values;
}

/** The searchable fields' values as one text (the content list's filter looks into it). */
export const searchTextOf = (fields: readonly XField[], values: XValues) =>
  fields.filter((f) => f.searchable === 'Y').map((f) => values[f.code]).flat().filter((v) => v !== null && v !== undefined && v !== '').join('\n').slice(0, 10_000);

/** The stored values of one extended row (empty when none were saved). */
export async function storedValues(tx: DbOrTx, siteId: number, dataType: XModelTarget, ownerId: number, modelId: number): Promise<XValues> {
  const [row] = await tx.select({ values: cmsXModelData.values }).from(cmsXModelData)
    .where(and(eq(cmsXModelData.siteId, siteId), eq(cmsXModelData.dataType, dataType), eq(cmsXModelData.ownerId, ownerId), eq(cmsXModelData.modelId, modelId)));
  return row?.values ?? {};
}

/** What an Extend tab shows: the model, its fields, their choices and the row's values. */
export async function extendOf(op: SiteOp, target: XModelTarget, ownerId: number, contentType = '') {
  const model = await modelFor(op.tx, op.site.siteId, target, contentType);
  if (!model) return { model: null, fields: [], choices: {}, values: {} };
  const fields = await fieldsOf(op.tx, model.modelId);
  return {
    model: { modelId: model.modelId, name: model.name, code: model.code },
    fields: fields.map(publicField),
    choices: await choicesOf(op.tx, fields),
    values: await storedValues(op.tx, op.site.siteId, target, ownerId, model.modelId),
  };
}

/** A field as the console and templates get it. */
export const publicField = (f: XFieldRow) => ({
  fieldId: f.fieldId, code: f.code, label: f.label, fieldType: f.fieldType, required: f.required, minLength: f.minLength, maxLength: f.maxLength,
  pattern: f.pattern, minValue: f.minValue, maxValue: f.maxValue, dictType: f.dictType, searchable: f.searchable, defaultValue: f.defaultValue,
});

/** Saves an Extend tab: every field checked, the row's values replaced, in the write's transaction. */
export async function saveExtend(op: SiteOp, target: XModelTarget, ownerId: number, input: XValues, contentType = ''): Promise<void> {
  const model = await modelFor(op.tx, op.site.siteId, target, contentType);
  if (!model) return;
  const fields = await fieldsOf(op.tx, model.modelId);
  const values = await validValues(op.tx, fields, input);
  const search = searchTextOf(fields, values);
  const key = { siteId: op.site.siteId, dataType: target, ownerId, modelId: model.modelId };
  await op.tx.insert(cmsXModelData).values({ ...key, values, search, createBy: op.actor.userName })
    .onConflictDoUpdate({ target: [cmsXModelData.siteId, cmsXModelData.dataType, cmsXModelData.ownerId, cmsXModelData.modelId], set: { values, search, updateBy: op.actor.userName, updateTime: new Date() } });
}
