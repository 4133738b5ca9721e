import { and, count, eq, ne } from 'drizzle-orm';
import { resourceOperations, type ResourceHooks } from '../../../core/resource.ts';
import { failAt } from '../../../core/errors.ts';
import type { SiteOp, SiteRef } from '../../../core/operation.ts';
import { xmodelResource } from '../../../../shared/resources/cms/xmodel.ts';
import { xmodelFieldResource } from '../../../../shared/resources/cms/xmodel-field.ts';
import { XMODEL_LIMITS } from '../../../../shared/cms/xmodel.ts';
import { editsSite } from '../site/current.ts';
import { cmsXModel, cmsXModelField } from './schema.ts';

/** Models shape what editors store: changing them needs Edit on the site, as its settings do. */
const writesNeedSiteEdit: ResourceHooks<SiteRef>['access'] = { create: editsSite, update: editsSite, remove: editsSite };

/** One model per target (and content type) of a site: an editor never has to choose among several. */
async function oneModelPerTarget(op: SiteOp, values: Record<string, unknown>, mode: 'create' | 'update', existing?: Record<string, unknown>) {
  const bindTo = (values.bindTo ?? existing?.bindTo) as string;
  const contentType = bindTo === 'content' ? ((values.contentType ?? existing?.contentType ?? '') as string) : '';
  if (values.bindTo !== undefined || values.contentType !== undefined) values.contentType = contentType;
  if (bindTo === 'form') return; // a site has as many forms as it likes, each with its own model
  const [hit] = await op.tx.select({ n: count() }).from(cmsXModel).where(and(
    eq(cmsXModel.siteId, op.site.siteId), eq(cmsXModel.bindTo, bindTo), eq(cmsXModel.contentType, contentType),
    mode === 'update' ? ne(cmsXModel.modelId, existing!.modelId as number) : undefined,
  ));
  if (Number(hit?.n)) throw failAt('bindTo', 'xmodel.targetTaken');
}

export const models = resourceOperations<SiteRef>(xmodelResource, cmsXModel, { siteColumn: 'siteId', access: writesNeedSiteEdit, beforeSave: oneModelPerTarget });

/**
 * A field joins a model of the current site (another site's model id is as good as none), its code
 * unique in the model, at most XMODEL_LIMITS.fieldsPerModel of them.
 */
async function fieldBeforeSave(op: SiteOp, values: Record<string, unknown>, mode: 'create' | 'update', existing?: Record<string, unknown>) {
  if (values.modelId !== undefined) {
    await models.get(op, values.modelId as number).catch(() => {
      throw failAt('modelId', 'resource.notFound');
    });
  }
  const modelId = (values.modelId ?? existing?.modelId) as number;
  if (mode === 'create') {
    const [n] = await op.tx.select({ n: count() }).from(cmsXModelField).where(eq(cmsXModelField.modelId, modelId));
    if (Number(n?.n) >= XMODEL_LIMITS.fieldsPerModel) throw failAt('code', 'xmodel.tooManyFields', { max: XMODEL_LIMITS.fieldsPerModel });
  }
  if (values.code !== undefined) {
    const [taken] = await op.tx.select({ n: count() }).from(cmsXModelField).where(and(
      eq(cmsXModelField.modelId, modelId), eq(cmsXModelField.code, values.code as string),
      mode === 'update' ? ne(cmsXModelField.fieldId, existing!.fieldId as number) : undefined,
    ));
    if (Number(taken?.n)) throw failAt('code', 'resource.exists', { field: op.services.i18n.fieldLabel(op.locale, 'code', xmodelFieldResource.name), value: values.code });
  }
}

export const modelFields = resourceOperations<SiteRef>(xmodelFieldResource, cmsXModelField, { siteColumn: 'siteId', access: writesNeedSiteEdit, beforeSave: fieldBeforeSave });
