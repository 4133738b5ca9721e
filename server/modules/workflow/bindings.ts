import { asc, desc, eq, gt, inArray } from 'drizzle-orm';
import type { OpContext, SiteOp } from '../../core/operation.ts';
import { fail, failAt } from '../../core/errors.ts';
import { satisfies } from '../../core/access.ts';
import { ContentStatus } from '../../../shared/cms/content.ts';
import { ModelStatus, REVIEW_BYPASS } from '../../../shared/resources/workflow/model.ts';
import { publishGates, type CatalogRow, type ContentRow } from '../cms/index.ts';
import { submit } from './engine.ts';
import { wfCatalogBinding, wfModel, wfModelVersion, wfSiteBinding } from './schema.ts';

/**
 * Which model reviews a catalog's contents: the catalog's own binding, else its site's default.
 * A binding names a model; a submission runs on the model's latest deployed version.
 */

type Model = typeof wfModel.$inferSelect;

/**
 * The site's default model id and every catalog's own, of the current site, with the models that
 * may be bound (deployed ones: id, name, status) so whoever binds chooses by name without the
 * models' own view key.
 */
export async function bindingsOf(op: SiteOp) {
  const [site] = await op.tx.select().from(wfSiteBinding).where(eq(wfSiteBinding.siteId, op.site.siteId));
  const catalogs = await op.tx.select({ catalogId: wfCatalogBinding.catalogId, modelId: wfCatalogBinding.modelId }).from(wfCatalogBinding)
    .where(eq(wfCatalogBinding.siteId, op.site.siteId));
  const models = await op.tx.select({ modelId: wfModel.modelId, name: wfModel.name, status: wfModel.status }).from(wfModel)
    .where(gt(wfModel.version, 0)).orderBy(asc(wfModel.name), asc(wfModel.modelId));
  return { siteModelId: site?.modelId ?? null, catalogs, models };
}

/** A model that may be bound: it exists and has been deployed at least once. */
async function bindable(op: OpContext, modelId: number): Promise<Model> {
  const [model] = await op.tx.select().from(wfModel).where(eq(wfModel.modelId, modelId));
  if (!model) throw failAt('modelId', 'workflow.model.notFound');
  if (model.version === 0) throw failAt('modelId', 'workflow.model.notDeployed', { name: model.name });
  return model;
}

export async function bindSite(op: SiteOp, modelId: number | null): Promise<void> {
  await op.tx.delete(wfSiteBinding).where(eq(wfSiteBinding.siteId, op.site.siteId));
  if (modelId !== null) await op.tx.insert(wfSiteBinding).values({ siteId: op.site.siteId, modelId: (await bindable(op, modelId)).modelId });
}

export async function bindCatalog(op: SiteOp, catalog: CatalogRow, modelId: number | null): Promise<void> {
  await op.tx.delete(wfCatalogBinding).where(eq(wfCatalogBinding.catalogId, catalog.catalogId));
  if (modelId !== null) {
    await op.tx.insert(wfCatalogBinding).values({ catalogId: catalog.catalogId, siteId: catalog.siteId, modelId: (await bindable(op, modelId)).modelId });
  }
}

/** The model reviewing each of these catalogs (null: none, publishing is direct). */
async function modelsFor(op: SiteOp, catalogIds: number[]): Promise<Map<number, Model | null>> {
  const own = await op.tx.select({ catalogId: wfCatalogBinding.catalogId, model: wfModel }).from(wfCatalogBinding)
    .innerJoin(wfModel, eq(wfModel.modelId, wfCatalogBinding.modelId)).where(inArray(wfCatalogBinding.catalogId, catalogIds));
  const [site] = await op.tx.select({ model: wfModel }).from(wfSiteBinding).innerJoin(wfModel, eq(wfModel.modelId, wfSiteBinding.modelId))
    .where(eq(wfSiteBinding.siteId, op.site.siteId));
  return new Map(catalogIds.map((id) => [id, own.find((o) => o.catalogId === id)?.model ?? site?.model ?? null]));
}

/**
 * The gate before Publish (cms content/publish-gate.ts): contents a model reviews are submitted
 * and kept from publishing; the others pass. Holders of `workflow:review:bypass` (administrators
 * hold every key) publish directly.
 */
export async function reviewGate(op: SiteOp, rows: readonly ContentRow[]): Promise<readonly ContentRow[]> {
  if (!rows.length || satisfies(op.actor, REVIEW_BYPASS)) return rows;
  const models = await modelsFor(op, [...new Set(rows.map((r) => r.catalogId))]);
  const passed: ContentRow[] = [];
  for (const row of rows) {
    const model = models.get(row.catalogId);
    if (!model) {
      passed.push(row);
      continue;
    }
    if (row.status === ContentStatus.REVIEWING) throw fail('workflow.review.alreadyInReview', { title: row.title });
    if (model.status === ModelStatus.SUSPENDED) throw fail('workflow.model.suspendedSubmit', { title: row.title, name: model.name });
    const [version] = await op.tx.select().from(wfModelVersion).where(eq(wfModelVersion.modelId, model.modelId)).orderBy(desc(wfModelVersion.version)).limit(1);
    if (!version) throw fail('workflow.model.notDeployed', { name: model.name });
    await submit(op, row, version, model.selfReview);
  }
  return passed;
}

publishGates.push(reviewGate);

/** Whether a model is bound anywhere or reviews something now (it may not be deleted then). */
export async function modelInUse(op: OpContext, modelIds: number[]): Promise<boolean> {
  const [a] = await op.tx.select({ id: wfSiteBinding.siteId }).from(wfSiteBinding).where(inArray(wfSiteBinding.modelId, modelIds)).limit(1);
  const [b] = await op.tx.select({ id: wfCatalogBinding.catalogId }).from(wfCatalogBinding).where(inArray(wfCatalogBinding.modelId, modelIds)).limit(1);
  return Boolean(a || b);
}
