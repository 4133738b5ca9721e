import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { routesOf } from '../../../core/resource-routes.ts';
import { chestnutAliases } from '../../../core/chestnut-aliases.ts';
import { defineRoute, noData, type AnyRoute } from '../../../core/route.ts';
import { readOf, writeOf } from '../../../core/operation.ts';
import { selectedRow } from '../../../core/row-schema.ts';
import type { GrantNeed } from '../../../core/grants.ts';
import type { ResourceDef } from '../../../../shared/resources/define.ts';
import { xmodelResource } from '../../../../shared/resources/cms/xmodel.ts';
import { xmodelFieldResource } from '../../../../shared/resources/cms/xmodel-field.ts';
import { siteResource } from '../../../../shared/resources/cms/site.ts';
import { catalogResource } from '../../../../shared/resources/cms/catalog.ts';
import { XMODEL_CONTENT_TYPES, xValuesBody, type XModelTarget } from '../../../../shared/cms/xmodel.ts';
import { onCurrentSite } from '../site/needs.ts';
import { onCatalog } from '../catalog/needs.ts';
import { onContents } from '../content/needs.ts';
import { cmsXModel, cmsXModelField } from './schema.ts';
import { modelFields, models } from './operations.ts';
import { designRoutes } from './design.ts';
import { extendOf, modelFor, saveExtend, XVALUE_LABELS } from './values.ts';

const mounted = (def: ResourceDef, routes: AnyRoute[]) => [...routes, ...chestnutAliases(routes, def)];
const digits = z.string().regex(/^\d{1,15}$/).transform(Number);
const idParams = z.object({ id: digits });
const DATA = `${xmodelResource.api}/data`;
const LOG = { title: xmodelResource.title, type: 'UPDATE' } as const;

/**
 * An Extend tab (values.ts extendOf): the model (null when none applies, then nothing else), its
 * fields, the choices of its choice fields by dictionary type, and the row's values by field code
 * (an open map: the model's fields are the site's own).
 */
const extendReply = z.object({
  model: selectedRow({ modelId: cmsXModel.modelId, name: cmsXModel.name, code: cmsXModel.code }).nullable(),
  fields: z.array(selectedRow({
    fieldId: cmsXModelField.fieldId, code: cmsXModelField.code, label: cmsXModelField.label, fieldType: cmsXModelField.fieldType, required: cmsXModelField.required,
    minLength: cmsXModelField.minLength, maxLength: cmsXModelField.maxLength, pattern: cmsXModelField.pattern, minValue: cmsXModelField.minValue, maxValue: cmsXModelField.maxValue,
    dictType: cmsXModelField.dictType, searchable: cmsXModelField.searchable, defaultValue: cmsXModelField.defaultValue,
  })),
  choices: z.record(z.string(), z.array(z.object({ value: z.string(), label: z.string() }))),
  values: z.record(z.string(), z.unknown()),
});

/**
 * The Extend tab of one editor: GET its model, fields and values, PUT its values. `owner` names the
 * extended row from what the pipeline checked (the stored row, never an id of the body).
 */
function extendRoutes<R>(target: XModelTarget, path: string, perms: { view: string; edit: string }, needs: { view: GrantNeed<R>; edit: GrantNeed<R> }, owner: (row: R) => { id: number; contentType?: string }, params?: z.ZodType): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET', url: `${DATA}/${path}`, perm: perms.view, site: true, params, grants: [needs.view],
      reply: extendReply,
      handler: (ctx) => {
        const o = owner(ctx.held.row(needs.view));
        return extendOf(readOf(ctx), target, o.id, o.contentType);
      },
    }),
    defineRoute({
      method: 'PUT', url: `${DATA}/${path}`, perm: perms.edit, site: true, params, grants: [needs.edit], body: xValuesBody, labels: XVALUE_LABELS, log: LOG,
      reply: noData,
      handler: (ctx) => writeOf(ctx, async (op) => {
        const o = owner(ctx.held.row(needs.edit));
        await saveExtend(op, target, o.id, ctx.body as Record<string, unknown>, o.contentType);
      }).then(() => undefined),
    }),
  ];
}

/**
 * A new content's Extend tab (nothing stored yet): the model of its type on the current site, its
 * fields and choices. Held to the catalog the content is being written in, as the tab of a stored
 * content is held to its catalog: View on that catalog of the current site (another site's, an
 * unknown or an unviewable one: not found).
 */
const blankTab = defineRoute({
  method: 'GET', url: `${DATA}/blank`, perm: 'cms:content:view', site: true, grants: [onCatalog('View', 'query.catalogId')],
  query: z.object({ bindTo: z.literal('content').default('content'), catalogId: digits, contentType: z.enum(['', ...XMODEL_CONTENT_TYPES]).default('') }),
  reply: extendReply,
  handler: (ctx) => extendOf(readOf(ctx), ctx.query.bindTo, 0, ctx.query.contentType),
});

/**
 * The fields the content list can search by (marked searchable) of the current site's content
 * models: the model of `contentType` when given (its type's, else every type's), else all of them.
 * The list shows its extension search box when there is one.
 */
const searchableFields = defineRoute({
  method: 'GET', url: `${DATA}/searchable`, perm: 'cms:content:view', site: true, grants: [onCurrentSite('View')],
  query: z.object({ contentType: z.enum(['', ...XMODEL_CONTENT_TYPES]).default('') }),
  reply: z.array(selectedRow({ code: cmsXModelField.code, label: cmsXModelField.label })),
  handler: async (ctx) => {
    const op = readOf(ctx);
    const model = ctx.query.contentType ? await modelFor(op.tx, op.site.siteId, 'content', ctx.query.contentType) : undefined;
    const rows = await op.tx.select({ code: cmsXModelField.code, label: cmsXModelField.label }).from(cmsXModelField)
      .innerJoin(cmsXModel, eq(cmsXModel.modelId, cmsXModelField.modelId))
      .where(and(eq(cmsXModel.siteId, op.site.siteId), eq(cmsXModel.bindTo, 'content'), eq(cmsXModelField.searchable, 'Y'), model ? eq(cmsXModel.modelId, model.modelId) : undefined))
      .orderBy(asc(cmsXModelField.sortFlag), asc(cmsXModelField.fieldId));
    return ctx.query.contentType && !model ? [] : rows;
  },
});

export const routes: AnyRoute[] = [
  blankTab,
  searchableFields,
  ...mounted(xmodelResource, routesOf(models)),
  ...mounted(xmodelFieldResource, routesOf(modelFields)),
  ...designRoutes,
  ...extendRoutes('site', 'site', { view: siteResource.perms.view, edit: siteResource.perms.edit! }, { view: onCurrentSite('View'), edit: onCurrentSite('Edit') }, (s) => ({ id: s.siteId })),
  ...extendRoutes('catalog', 'catalog/:id', { view: catalogResource.perms.view, edit: catalogResource.perms.edit! }, { view: onCatalog('View', 'params.id'), edit: onCatalog('Edit', 'params.id') }, (c) => ({ id: c.catalogId }), idParams),
  ...extendRoutes('content', 'content/:id', { view: 'cms:content:view', edit: 'cms:content:edit' }, { view: onContents('View', 'params.id'), edit: onContents('EditContent', 'params.id') }, (c) => ({ id: c.contentId, contentType: c.contentType }), idParams),
];
