import { inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { defineRoute, type AnyRoute } from '../../../core/route.ts';
import { AppError, fail, failAt, FieldFailure, ReplyCode } from '../../../core/errors.ts';
import { writeOf, type SiteOp } from '../../../core/operation.ts';
import type { GrantNeed } from '../../../core/grants.ts';
import { inputSchema } from '../../../../shared/resources/schemas.ts';
import { toFieldIssues } from '../../../../shared/validators/issues.ts';
import { xmodelResource } from '../../../../shared/resources/cms/xmodel.ts';
import { xmodelFieldResource } from '../../../../shared/resources/cms/xmodel-field.ts';
import { designFieldPath, FORM_BUILDER_PERM, newDesignBody, saveDesignBody } from '../../../../shared/cms/form-design.ts';
import { editsSite } from '../site/current.ts';
import { cmsXModelField } from './schema.ts';
import { fieldsOf } from './values.ts';
import { modelFields, models } from './operations.ts';

type Row = Record<string, unknown>;
const DESIGN = `${xmodelResource.api}/design`;
const fieldInput = inputSchema(xmodelFieldResource, 'create');
const modelInput = inputSchema(xmodelResource, 'create');
/** Text properties a design clears with null: the field routes clear them with '' (optionalText). */
const CLEARED_AS_EMPTY = ['pattern', 'dictType', 'defaultValue'];

/** A body checked by a definition's schema, its issues named by that definition's labels. */
export function parsedBy(schema: ReturnType<typeof inputSchema>, scope: string, raw: Row): Row {
  const r = schema.safeParse(raw);
  if (!r.success) throw new FieldFailure(toFieldIssues(r.error), scope);
  return r.data as Row;
}

/**
 * A refusal about the design's field at `index`, said as "Field 3 (Author): <the reason>" and
 * pointing at it (`data.field` = `fields.3.code`), so the designer shows it under that field.
 */
function placed(op: SiteOp, index: number, label: string, e: unknown): unknown {
  const at = (prop: string, reason: string) => Object.assign(fail('xmodel.designField', { n: index + 1, label, reason }), { field: designFieldPath(index, prop) });
  if (e instanceof FieldFailure && e.issues[0]) return at(e.issues[0].field, op.services.i18n.issueText(op.locale, e.issues[0], e.scope));
  if (e instanceof AppError && e.code === ReplyCode.FAIL) return at(e.field ?? '', op.t(e.key, e.params));
  return e;
}

/**
 * The model's fields become the design's, in its order, in the caller's transaction: stored fields
 * the design left out are deleted, those it names (by `fieldId`, which must be this model's) are
 * updated, the others created — each through the field operations, so every rule of the field
 * routes holds (schema, checks across properties, code unique in the model, at most 50). One
 * refusal and nothing is written.
 */
export async function saveModelFields(op: SiteOp, modelId: number, design: readonly Row[]): Promise<number[]> {
  const stored = await fieldsOf(op.tx, modelId);
  const storedIds = new Set(stored.map((f) => f.fieldId));
  const codes = new Set<string>();
  const parsed = design.map((raw, index) => {
    const label = String(raw.label ?? '').slice(0, 50);
    try {
      const fieldId = raw.fieldId === undefined || raw.fieldId === null ? undefined : Number(raw.fieldId);
      // A field id of another model (or site) is as good as none: it is not this model's.
      if (fieldId !== undefined && !storedIds.has(fieldId)) throw failAt('fieldId', 'resource.notFound');
      const input: Row = { ...raw, modelId, sortFlag: index + 1 };
      for (const p of CLEARED_AS_EMPTY) if (input[p] === null) input[p] = '';
      const values = parsedBy(fieldInput, xmodelFieldResource.name, input);
      const issues = xmodelFieldResource.check?.(values) ?? [];
      if (issues.length) throw new FieldFailure(issues, xmodelFieldResource.name);
      if (codes.has(values.code as string)) throw failAt('code', 'resource.exists', { field: op.services.i18n.fieldLabel(op.locale, 'code', xmodelFieldResource.name), value: values.code });
      codes.add(values.code as string);
      return { fieldId, values, label };
    } catch (e) {
      throw placed(op, index, label, e);
    }
  });
  const kept = new Set(parsed.flatMap((f) => (f.fieldId === undefined ? [] : [f.fieldId])));
  const gone = [...storedIds].filter((fid) => !kept.has(fid));
  if (gone.length) await modelFields.remove(op, gone);
  // Codes that change hands within the model (a swap) would meet the unique index half-way: the
  // renamed fields step aside first under codes no field can have ('~' is outside the code rule).
  const renamed = parsed.filter((f) => f.fieldId !== undefined && stored.find((s) => s.fieldId === f.fieldId)!.code !== f.values.code).map((f) => f.fieldId!);
  if (renamed.length) await op.tx.update(cmsXModelField).set({ code: sql`'~' || ${cmsXModelField.fieldId}` }).where(inArray(cmsXModelField.fieldId, renamed));
  const ids: number[] = [];
  for (const [index, f] of parsed.entries()) {
    try {
      const row = f.fieldId === undefined ? await modelFields.create(op, f.values) : await modelFields.update(op, { ...f.values, fieldId: f.fieldId });
      ids.push(row.fieldId as number);
    } catch (e) {
      throw placed(op, index, f.label, e);
    }
  }
  return ids;
}

/** A new model of the current site (the model routes' rules: schema, code unique, one per target) and its fields. */
export async function createDesignedModel(op: SiteOp, model: Row, design: readonly Row[]): Promise<{ modelId: number; fieldIds: number[] }> {
  const created = await models.create(op, parsedBy(modelInput, xmodelResource.name, model));
  const modelId = created.modelId as number;
  return { modelId, fieldIds: await saveModelFields(op, modelId, design) };
}

/**
 * Needs Edit on the current site, and the model named at `from` to be one of its stored models
 * (another site's, or an unknown id, is "not found", the same reply for both).
 */
function onSiteModel(from: 'body.modelId'): GrantNeed<Row> {
  return {
    need: 'Site.Edit',
    from,
    async check(op, ids, input) {
      await editsSite.check(op, ids, input);
      const rows: Row[] = [];
      for (const id of new Set(ids ?? [])) rows.push(await models.load(op, 'update', id));
      return rows;
    },
  };
}

const theModel = onSiteModel('body.modelId');
/** What the Form Builder's saves need: its key, and the keys of the model screens' own buttons. */
const REPLACES_FIELDS = { allOf: [FORM_BUILDER_PERM, xmodelResource.perms.add!, xmodelResource.perms.edit!, xmodelResource.perms.remove!] };
const ADDS_MODEL = { allOf: [FORM_BUILDER_PERM, xmodelResource.perms.add!] };

/** A saved design: its model and the ids of its fields, in the design's order. */
export const designSavedReply = z.object({ modelId: z.int(), fieldIds: z.array(z.int()) });

export const designRoutes: AnyRoute[] = [
  /** A stored model's fields replaced by a design, all or none. */
  defineRoute({
    method: 'PUT', url: DESIGN, perm: REPLACES_FIELDS, site: true, grants: [editsSite, theModel], body: saveDesignBody,
    labels: xmodelFieldResource.name, log: { title: xmodelResource.title, type: 'UPDATE' },
    reply: designSavedReply,
    handler: (ctx) => writeOf(ctx, async (op) => {
      const model = ctx.held.row(theModel);
      return { modelId: model.modelId, fieldIds: await saveModelFields(op, model.modelId as number, ctx.body.fields) };
    }),
  }),
  /** A design saved as a new model of the current site. */
  defineRoute({
    method: 'POST', url: DESIGN, perm: ADDS_MODEL, site: true, grants: [editsSite], body: newDesignBody,
    labels: xmodelResource.name, log: { title: xmodelResource.title, type: 'ADD' },
    reply: designSavedReply,
    handler: (ctx) => writeOf(ctx, (op) => createDesignedModel(op, ctx.body.model, ctx.body.fields)),
  }),
];
