import { and, count, desc, eq, ilike, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { resourceOperations, type ResourceHooks } from '../../../core/resource.ts';
import { routesOf } from '../../../core/resource-routes.ts';
import { chestnutAliases } from '../../../core/chestnut-aliases.ts';
import { defineRoute, noData, RAW, type AnyRoute } from '../../../core/route.ts';
import { pageOf } from '../../../core/row-schema.ts';
import { fail, failAt } from '../../../core/errors.ts';
import { readOf, writeOf, type SiteOp, type SiteRef } from '../../../core/operation.ts';
import { paging } from '../../../core/envelope.ts';
import { likePattern } from '../../../core/query.ts';
import { sendWorkbook, XLSX_TYPE } from '../../../core/xlsx.ts';
import { formatDateTime } from '../../../../shared/format.ts';
import { customFormDataResource, customFormResource } from '../../../../shared/resources/cms/custom-form.ts';
import { CustomFormStatus, DEFAULT_FORM_TEMPLATE, entryValueText } from '../../../../shared/cms/custom-form.ts';
import { contentIds } from '../../../../shared/resources/cms/content.ts';
import { editsSite } from '../site/current.ts';
import { cmsXModel } from '../xmodel/schema.ts';
import { fieldsOf } from '../xmodel/values.ts';
import { cmsCustomForm, cmsCustomFormData } from './schema.ts';
import { publicRoutes } from './submit.ts';
import { removeIncludes, renderIncludes, writeIncludes } from './include-file.ts';
import { checkPipeTemplates, defaultPipeTemplates, noTemplates } from '../template/pipe-templates.ts';
import { inputSchema } from '../../../../shared/resources/schemas.ts';
import { xmodelResource } from '../../../../shared/resources/cms/xmodel.ts';
import { FORM_BUILDER_PERM, newDesignBody } from '../../../../shared/cms/form-design.ts';
import { createDesignedModel, designSavedReply, parsedBy } from '../xmodel/design.ts';

const API = customFormResource.api;
const P = customFormResource.perms;
const LOG = { title: customFormResource.title } as const;
const writesNeedSiteEdit: ResourceHooks<SiteRef>['access'] = { create: editsSite, update: editsSite, remove: editsSite };

/**
 * A form's model is one of the current site's models bound to forms (another site's id is as good as none).
 */
async function beforeSave(op: SiteOp, values: Record<string, unknown>, mode: 'create' | 'update') {
  delete values.status; // changed by publish and offline only
  // The button's words default to "Submit" in the language of whoever saves the form (sites have
  // no language setting; a published form is static HTML, so it cannot follow each reader's).
  if ((mode === 'create' || values.submitText !== undefined) && !String(values.submitText ?? '').trim()) values.submitText = op.t('customform.submitDefault');
  // A new form left without templates gets the theme's form template where the pipe has it; a pipe
  // without one publishes the built-in markup (include-file.ts).
  if (mode === 'create' && noTemplates(values.templates)) values.templates = await defaultPipeTemplates(op, DEFAULT_FORM_TEMPLATE);
  if (values.templates !== undefined) await checkPipeTemplates(op, values.templates as Record<string, string>);
  if (values.modelId === undefined) return;
  const [model] = await op.tx.select({ id: cmsXModel.modelId }).from(cmsXModel)
    .where(and(eq(cmsXModel.modelId, values.modelId as number), eq(cmsXModel.siteId, op.site.siteId), eq(cmsXModel.bindTo, 'form')));
  if (!model) throw failAt('modelId', 'resource.notFound');
}

/** A published form is taken offline first: its include file goes with it then, not left behind. */
function beforeRemove(_op: SiteOp, rows: Record<string, unknown>[]) {
  const published = rows.find((r) => r.status === CustomFormStatus.PUBLISHED);
  if (published) throw fail('customform.offlineFirst', { name: published.name });
}

export const forms = resourceOperations<SiteRef>(customFormResource, cmsCustomForm, { siteColumn: 'siteId', access: writesNeedSiteEdit, beforeSave, beforeRemove });

const idsBody = z.preprocess((b) => (Array.isArray(b) ? { ids: b } : b), z.object({ ids: contentIds() })).transform((b) => b.ids);

/** Forms of the current site by id, every one of them, else "not found" (nothing is changed). */
async function formsOf(op: SiteOp, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  const rows = await op.tx.select().from(cmsCustomForm).where(and(eq(cmsCustomForm.siteId, op.site.siteId), inArray(cmsCustomForm.formId, unique)));
  if (rows.length !== unique.length) throw fail('resource.notFound');
  return rows;
}

/**
 * Publish / offline: the status a reader's submission is checked against. A form without fields is
 * not published; publishing renders its markup in every enabled pipe inside the write (a template
 * error refuses it, nothing changed) and writes the files after.
 */
const statusRoute = (name: 'publish' | 'offline', status: string): AnyRoute => defineRoute({
  method: 'POST', url: `${API}/${name}`, perm: 'cms:customform:publish', site: true, body: idsBody, log: { ...LOG, type: 'UPDATE' }, grants: [editsSite],
  reply: noData,
  handler: async (ctx) => {
    const publish = status === CustomFormStatus.PUBLISHED;
    const { rows, files, siteId } = await writeOf(ctx, async (op) => {
      const found = await formsOf(op, ctx.body);
      if (publish) {
        for (const f of found) if (!(await fieldsOf(op.tx, f.modelId)).length) throw fail('customform.notPublishable');
      }
      await op.tx.update(cmsCustomForm).set({ status, updateBy: op.actor.userName, updateTime: new Date() }).where(inArray(cmsCustomForm.formId, found.map((r) => r.formId)));
      return { rows: found, files: publish ? await renderIncludes(op, found) : [], siteId: op.site.siteId };
    });
    // The include files follow the committed status (a failed write leaves the status and says why).
    if (publish) await writeIncludes(ctx.db, ctx.services.config, siteId, files);
    else await removeIncludes(ctx.db, ctx.services.config, rows);
  },
});

const entryQuery = z.object({ formId: z.string().regex(/^\d{1,15}$/).transform(Number), query: z.string().max(100).optional(), ip: z.string().max(64).optional() }).passthrough();

/** The entries of one form of the current site that match the search (text in any value, or the address). */
async function entriesOf(op: SiteOp, q: z.output<typeof entryQuery>) {
  const [form] = await formsOf(op, [q.formId]);
  const cond = and(
    eq(cmsCustomFormData.formId, form!.formId), eq(cmsCustomFormData.siteId, op.site.siteId),
    q.query?.trim() ? ilike(cmsCustomFormData.search, likePattern(q.query.trim())) : undefined,
    q.ip?.trim() ? eq(cmsCustomFormData.ip, q.ip.trim()) : undefined,
  );
  return { form: form!, cond };
}

type FieldLabel = { code: string; label: string };
const valueText = entryValueText;
/** An entry as the console lists it: its values, and the same as "Label: value" lines of plain text. */
const entryRow = (r: typeof cmsCustomFormData.$inferSelect, fields: readonly FieldLabel[]) => ({
  entryId: r.entryId, formId: r.formId, ip: r.ip, createTime: formatDateTime(r.createTime), values: r.values,
  text: fields.filter((f) => valueText(r.values[f.code])).map((f) => `${f.label}: ${valueText(r.values[f.code])}`).join('\n'),
});

/** The entries of a form as a workbook: a column per field, the address and the time. */
const exportRoute = (url: string): AnyRoute => defineRoute({
  method: 'POST', url, perm: P.view, site: true, log: { ...LOG, type: 'EXPORT' }, allowRepeat: true, produces: XLSX_TYPE,
  handler: async (ctx) => {
    const op = readOf(ctx) as SiteOp;
    const q = entryQuery.parse({ ...(ctx.query as object), ...((ctx.req.body as object | undefined) ?? {}) });
    const { form, cond } = await entriesOf(op, q);
    const fields = await fieldsOf(op.tx, form.modelId);
    const rows = await op.tx.select().from(cmsCustomFormData).where(cond).orderBy(desc(cmsCustomFormData.createTime)).limit(100_000);
    const t = op.services.i18n.translator(op.locale);
    const columns = [{ key: '#id', header: 'ID' }, ...fields.map((f) => ({ key: f.code, header: f.label })), { key: '#ip', header: 'IP' }, { key: '#time', header: t('customform.submitted') }];
    const flat = rows.map((r) => ({ ...Object.fromEntries(fields.map((f) => [f.code, valueText(r.values[f.code])])), '#id': r.entryId, '#ip': r.ip, '#time': formatDateTime(r.createTime) }));
    await sendWorkbook(ctx.reply, `customform-${form.code}`, columns, flat, () => '');
    return RAW;
  },
});

/**
 * The console's entries of a form: listed (searched by any value's text or the address), one in
 * detail, exported (a column per field) and deleted. Values come back as stored: text, or rich
 * text already sanitized on submit; the console shows them as text.
 */
/** A field of the form's model, as the entries screen heads its columns. */
const entryField = z.object({ code: z.string(), label: z.string(), fieldType: z.string() });
/** An entry (`entryRow`): its values by field code, and them as lines of text. */
const entryReply = z.object({ entryId: z.int(), formId: z.int(), ip: z.string().nullable(), createTime: z.string(), values: z.record(z.string(), z.unknown()), text: z.string() });

const entryRoutes: AnyRoute[] = [
  defineRoute({
    method: 'GET', url: `${API}/data/list`, perm: P.view, site: true, query: entryQuery.partial({ formId: true }),
    reply: pageOf(entryReply).extend({ fields: z.array(entryField) }),
    handler: async (ctx) => {
      // The entries screen opened without a form (a bare address) lists nothing rather than failing.
      if (ctx.query.formId === undefined) return { rows: [], total: 0, fields: [] };
      const op = readOf(ctx) as SiteOp;
      const { form, cond } = await entriesOf(op, { ...ctx.query, formId: ctx.query.formId });
      const { offset, limit } = paging(ctx.query as Record<string, unknown>);
      const rows = await op.tx.select().from(cmsCustomFormData).where(cond).orderBy(desc(cmsCustomFormData.createTime), desc(cmsCustomFormData.entryId)).limit(limit).offset(offset);
      const [total] = await op.tx.select({ n: count() }).from(cmsCustomFormData).where(cond);
      const fields = (await fieldsOf(op.tx, form.modelId)).map((f) => ({ code: f.code, label: f.label, fieldType: f.fieldType }));
      return { rows: rows.map((r) => entryRow(r, fields)), total: Number(total?.n ?? 0), fields };
    },
  }),
  defineRoute({
    method: 'GET', url: `${API}/data/detail`, perm: P.view, site: true,
    query: z.object({ formId: z.string().regex(/^\d{1,15}$/).transform(Number), dataId: z.string().regex(/^\d{1,15}$/).transform(Number) }),
    reply: entryReply.extend({ fields: z.array(entryField) }),
    handler: async (ctx) => {
      const op = readOf(ctx) as SiteOp;
      const [form] = await formsOf(op, [ctx.query.formId]);
      const [row] = await op.tx.select().from(cmsCustomFormData).where(and(eq(cmsCustomFormData.entryId, ctx.query.dataId), eq(cmsCustomFormData.formId, form!.formId), eq(cmsCustomFormData.siteId, op.site.siteId)));
      if (!row) throw fail('resource.notFound');
      const fields = (await fieldsOf(op.tx, form!.modelId)).map((f) => ({ code: f.code, label: f.label, fieldType: f.fieldType }));
      return { ...entryRow(row, fields), fields };
    },
  }),
  exportRoute(`${API}/data/export`),
  // The entries screen's export (the resource pattern's: POST on the list path, filters form-encoded, header cc-export).
  exportRoute(`${customFormDataResource.api}/list`),
  defineRoute({
    // The entries screen's delete (the resource pattern's DELETE {api} with the ids): every id an entry of the current site.
    method: 'DELETE', url: customFormDataResource.api, perm: P.remove!, site: true, grants: [editsSite], log: { ...LOG, type: 'DELETE' },
    body: idsBody,
    reply: noData,
    handler: (ctx) => writeOf(ctx, async (op) => {
      const unique = [...new Set(ctx.body)];
      const mine = and(eq(cmsCustomFormData.siteId, op.site.siteId), inArray(cmsCustomFormData.entryId, unique));
      const [n] = await op.tx.select({ n: count() }).from(cmsCustomFormData).where(mine);
      if (Number(n?.n) !== unique.length) throw fail('resource.notFound');
      await op.tx.delete(cmsCustomFormData).where(mine);
    }).then(() => undefined),
  }),
  defineRoute({
    method: 'POST', url: `${API}/data/delete`, perm: P.remove!, site: true, grants: [editsSite], log: { ...LOG, type: 'DELETE' },
    body: z.object({ formId: z.coerce.number().int().min(1), ids: contentIds() }),
    reply: noData,
    handler: (ctx) => writeOf(ctx, async (op) => {
      const [form] = await formsOf(op, [ctx.body.formId]);
      const unique = [...new Set(ctx.body.ids)];
      const mine = and(eq(cmsCustomFormData.formId, form!.formId), eq(cmsCustomFormData.siteId, op.site.siteId), inArray(cmsCustomFormData.entryId, unique));
      const [n] = await op.tx.select({ n: count() }).from(cmsCustomFormData).where(mine);
      if (Number(n?.n) !== unique.length) throw fail('resource.notFound');
      await op.tx.delete(cmsCustomFormData).where(mine);
    }).then(() => undefined),
  }),
];

const crudRoutes = routesOf(forms);
const formInput = inputSchema(customFormResource, 'create');

/**
 * POST /cms/customform/design, the Form Builder's "Save as a new custom form": in one transaction
 * its model (bound to forms, named and coded as the form) with the design's fields, then the form
 * on it with the form routes' defaults (offline, anyone may submit, the theme's template per pipe).
 */
const designRoute = defineRoute({
  method: 'POST', url: `${API}/design`,
  perm: { allOf: [FORM_BUILDER_PERM, xmodelResource.perms.add!, P.add!] }, site: true, grants: [editsSite], body: newDesignBody,
  labels: customFormResource.name, log: { ...LOG, type: 'ADD' },
  reply: designSavedReply.extend({ formId: z.int() }),
  handler: (ctx) => writeOf(ctx, async (op) => {
    const form = ctx.body.model;
    const { modelId, fieldIds } = await createDesignedModel(op, { name: form.name, code: form.code, bindTo: 'form', remark: form.remark }, ctx.body.fields);
    const created = await forms.create(op, parsedBy(formInput, customFormResource.name, { ...form, modelId }));
    return { formId: created.formId, modelId, fieldIds };
  }),
});

export const routes: AnyRoute[] = [
  ...crudRoutes, ...chestnutAliases(crudRoutes, customFormResource),
  designRoute,
  statusRoute('publish', CustomFormStatus.PUBLISHED),
  statusRoute('offline', CustomFormStatus.OFFLINE),
  ...entryRoutes,
  ...publicRoutes,
];
