import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { cmsContent } from '../content/schema.ts';
import { cmsXModel, cmsXModelData, cmsXModelField } from './schema.ts';

/**
 * What templates read of extension models (template/data.ts answers their requests with these):
 * always of the page's own site, so no tag reads another site's fields or values.
 */
export const xmodelAnswers = {
  /** The fields of the site's model with this code, in their order (label, code, type, rules). */
  async fields(db: DbOrTx, siteId: number, code: string) {
    return db.select({
      code: cmsXModelField.code, label: cmsXModelField.label, fieldType: cmsXModelField.fieldType, required: cmsXModelField.required,
      dictType: cmsXModelField.dictType, defaultValue: cmsXModelField.defaultValue,
    }).from(cmsXModelField).innerJoin(cmsXModel, eq(cmsXModel.modelId, cmsXModelField.modelId))
      .where(and(eq(cmsXModel.siteId, siteId), eq(cmsXModel.code, code)))
      .orderBy(asc(cmsXModelField.sortFlag), asc(cmsXModelField.fieldId));
  },
  /**
   * The values of the site itself, one of its catalogs, or one of its contents (only a published
   * one: `publishedContent` is the page's condition on cms_content), by field code; {} for none.
   */
  async data(db: DbOrTx, siteId: number, dataType: 'site' | 'catalog' | 'content', id: number, publishedContent?: SQL): Promise<Record<string, unknown>> {
    const owner = dataType === 'site' ? siteId : id;
    const base = db.select({ values: cmsXModelData.values }).from(cmsXModelData);
    const mine = and(eq(cmsXModelData.siteId, siteId), eq(cmsXModelData.dataType, dataType), eq(cmsXModelData.ownerId, owner));
    const rows = dataType === 'content'
      ? await base.innerJoin(cmsContent, eq(cmsContent.contentId, cmsXModelData.ownerId)).where(and(mine, publishedContent))
      : await base.where(mine);
    return Object.assign({}, ...rows.map((r) => r.values));
  },
};
