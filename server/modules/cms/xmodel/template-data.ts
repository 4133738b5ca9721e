import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { cmsContent } from '../content/schema.ts';
import { sanitizeArticle } from '../content/sanitize.ts';
import { cmsXModel, cmsXModelData, cmsXModelField } from './schema.ts';
import { choicesOf, type XFieldRow } from './values.ts';
import { displayItems, SWITCH_DICT, type XViewItem } from './display.ts';

/** A row whose extension values a page shows on its own object (Site, Catalog, the page's Content). */
export interface XOwner {
  dataType: 'site' | 'catalog' | 'content';
  id: number;
  /** a content's type: its type's model wins over the model of every type */
  contentType?: string;
}

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
  /**
   * The display-ready values of many rows of the site at once (a publish's batch of pages, or the
   * site and all its catalogs when a session opens), each by the model that applies to it now: at
   * most four queries whatever the number of rows (models, fields, values, dictionary labels),
   * one when the site has no model for these rows. [] for a row without a model.
   */
  async views(db: DbOrTx, siteId: number, owners: readonly XOwner[]): Promise<XViewItem[][]> {
    if (!owners.length) return [];
    const targets = [...new Set(owners.map((o) => o.dataType))];
    const models = await db.select({ modelId: cmsXModel.modelId, bindTo: cmsXModel.bindTo, contentType: cmsXModel.contentType }).from(cmsXModel)
      .where(and(eq(cmsXModel.siteId, siteId), inArray(cmsXModel.bindTo, targets)));
    const modelOf = (o: XOwner) => {
      const mine = models.filter((m) => m.bindTo === o.dataType);
      return (o.dataType === 'content' ? mine.find((m) => m.contentType === o.contentType) : undefined) ?? mine.find((m) => m.contentType === '');
    };
    const chosen = owners.map((o) => modelOf(o)?.modelId);
    const modelIds = [...new Set(chosen.filter((id): id is number => id !== undefined))];
    if (!modelIds.length) return owners.map(() => []);
    const fields = await db.select().from(cmsXModelField).where(inArray(cmsXModelField.modelId, modelIds))
      .orderBy(asc(cmsXModelField.sortFlag), asc(cmsXModelField.fieldId)) as XFieldRow[];
    if (!fields.length) return owners.map(() => []);
    const ownerIds = [...new Set(owners.map((o) => (o.dataType === 'site' ? siteId : o.id)))];
    const rows = await db.select({ modelId: cmsXModelData.modelId, dataType: cmsXModelData.dataType, ownerId: cmsXModelData.ownerId, values: cmsXModelData.values }).from(cmsXModelData)
      .where(and(eq(cmsXModelData.siteId, siteId), inArray(cmsXModelData.modelId, modelIds), inArray(cmsXModelData.ownerId, ownerIds)));
    const stored = new Map(rows.map((r) => [`${r.dataType}:${r.ownerId}:${r.modelId}`, r.values]));
    const choices = await choicesOf(db, fields, fields.some((f) => f.fieldType === 'switch') ? [SWITCH_DICT] : []);
    const labels = Object.fromEntries(Object.entries(choices).map(([type, list]) => [type, new Map(list.map((c) => [c.value, c.label]))]));
    return owners.map((o, i) => {
      const modelId = chosen[i];
      if (modelId === undefined) return [];
      const values = stored.get(`${o.dataType}:${o.dataType === 'site' ? siteId : o.id}:${modelId}`);
      return values ? displayItems(fields.filter((f) => f.modelId === modelId), values, labels, sanitizeArticle) : [];
    });
  },
};
