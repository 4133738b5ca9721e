import { and, desc, eq, inArray } from 'drizzle-orm';
import type { OpContext } from '../../core/operation.ts';
import { fail, failAt } from '../../core/errors.ts';
import { resourceOperations } from '../../core/resource.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { workflowCategoryResource } from '../../../shared/resources/workflow/category.ts';
import { ModelStatus, workflowModelResource } from '../../../shared/resources/workflow/model.ts';
import { compileBpmn, readBpmn } from './bpmn.ts';
import { modelInUse } from './bindings.ts';
import { wfCategory, wfInstance, wfModel, wfModelVersion } from './schema.ts';

/** Workflow categories: plain rows; deleting one leaves its models uncategorized. */
export const categories = resourceOperations(workflowCategoryResource, wfCategory);

/**
 * Workflow models. A model's key never changes (bindings and versions follow its id, documents
 * name its key); its version and status change only through deploy, suspend and resume.
 */
export const models = resourceOperations(workflowModelResource, wfModel, {
  async beforeSave(op, values) {
    if (values.categoryId != null) {
      const [c] = await op.tx.select().from(wfCategory).where(eq(wfCategory.categoryId, values.categoryId as number));
      if (!c) throw failAt('categoryId', 'workflow.model.noCategory');
    }
  },
  async presentRows(rows, op) {
    const ids = [...new Set(rows.map((r) => r.categoryId as number | null).filter((id): id is number => id != null))];
    const names = ids.length ? await op.tx.select({ id: wfCategory.categoryId, name: wfCategory.name }).from(wfCategory).where(inArray(wfCategory.categoryId, ids)) : [];
    return rows.map((r) => ({ ...r, categoryName: names.find((c) => c.id === r.categoryId)?.name ?? '' }));
  },
  async beforeRemove(op, rows) {
    const ids = rows.map((r) => r.modelId as number);
    if (await modelInUse(op, ids)) throw fail('workflow.model.bound');
    const [running] = await op.tx.select({ id: wfInstance.instanceId }).from(wfInstance).innerJoin(wfModelVersion, eq(wfModelVersion.versionId, wfInstance.versionId))
      .where(and(inArray(wfModelVersion.modelId, ids), eq(wfInstance.status, 'running'))).limit(1);
    if (running) throw fail('workflow.model.running');
  },
});

type Model = typeof wfModel.$inferSelect;

async function modelRow(op: OpContext, modelId: number, lock = false): Promise<Model> {
  const q = op.tx.select().from(wfModel).where(eq(wfModel.modelId, modelId));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw fail('workflow.model.notFound');
  return row;
}

export const draftXml = async (op: OpContext, modelId: number) => ({ modelId, xml: (await modelRow(op, modelId)).xml ?? '' });

/** Saves the draft (what the modeler edits); it must parse, its subset is checked at deploy. */
export async function saveDraft(op: OpContext, modelId: number, xml: string): Promise<void> {
  await modelRow(op, modelId, true);
  await readBpmn(xml);
  await op.tx.update(wfModel).set({ xml, updateBy: op.actor.userName, updateTime: new Date() }).where(eq(wfModel.modelId, modelId));
}

/** Freezes the draft as the next version once it passes the subset's checks. */
export async function deploy(op: OpContext, modelId: number): Promise<{ version: number }> {
  const model = await modelRow(op, modelId, true);
  if (!model.xml?.trim()) throw failAt('xml', 'workflow.model.noDraft', { name: model.name });
  await compileBpmn(model.xml);
  const version = model.version + 1;
  const now = new Date();
  await op.tx.insert(wfModelVersion).values({ modelId, version, xml: model.xml, deployBy: op.actor.userName, deployTime: now });
  await op.tx.update(wfModel).set({ version, deployTime: now, updateBy: op.actor.userName, updateTime: now }).where(eq(wfModel.modelId, modelId));
  return { version };
}

/** Suspended: no new submission starts on it; reviews already running go on (docs/review-workflows.md). */
export async function setSuspended(op: OpContext, modelId: number, suspended: boolean): Promise<void> {
  await modelRow(op, modelId, true);
  await op.tx.update(wfModel).set({ status: suspended ? ModelStatus.SUSPENDED : ModelStatus.ACTIVE, updateBy: op.actor.userName, updateTime: new Date() })
    .where(eq(wfModel.modelId, modelId));
}

export async function versionsOf(op: OpContext, modelId: number) {
  await modelRow(op, modelId);
  const rows = await op.tx.select({ versionId: wfModelVersion.versionId, version: wfModelVersion.version, deployBy: wfModelVersion.deployBy, deployTime: wfModelVersion.deployTime })
    .from(wfModelVersion).where(eq(wfModelVersion.modelId, modelId)).orderBy(desc(wfModelVersion.version));
  return rows.map((r) => ({ ...r, deployTime: formatDateTime(r.deployTime) }));
}
