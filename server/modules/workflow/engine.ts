import { and, eq } from 'drizzle-orm';
import type { SiteOp } from '../../core/operation.ts';
import { fail } from '../../core/errors.ts';
import { ContentStatus } from '../../../shared/cms/content.ts';
import { cmsContent, publishContents, type ContentRow } from '../cms/index.ts';
import { compileBpmn, type FlowNode, type Graph } from './bpmn.ts';
import { conditionHolds, type ConditionFacts } from './conditions.ts';
import { wfHistory, wfInstance, wfModelVersion, wfTask } from './schema.ts';

/**
 * The interpreter of the supported BPMN subset. A review has one token: it stops at a user task
 * (a task row waits for a candidate) and moves on when the task is decided. Everything it knows is
 * in the database (instance, tasks, history), written in the caller's transaction, so a restart
 * loses nothing and a rollback leaves no trace.
 */

export type Instance = typeof wfInstance.$inferSelect;
export type Task = typeof wfTask.$inferSelect;

/**
 * Compiled graphs, kept by their XML: a deployed version never changes, and the same XML is the
 * same graph whichever database it came from (an id would not do: the API tests run servers on
 * copies of one seeded database, whose version ids repeat). The oldest go past GRAPHS_KEPT.
 */
const graphs = new Map<string, Promise<Graph>>();
const GRAPHS_KEPT = 200;
export function graphOf(version: { versionId: number; xml: string }): Promise<Graph> {
  let g = graphs.get(version.xml);
  if (!g) {
    g = compileBpmn(version.xml);
    graphs.set(version.xml, g);
    g.catch(() => graphs.delete(version.xml));
    if (graphs.size > GRAPHS_KEPT) graphs.delete(graphs.keys().next().value!);
  }
  return g;
}

/** The console page where reviewers find their tasks (the events' link). */
export const REVIEW_LINK = '/workflow/review';

const factsOf = (content: ContentRow, instance: Instance): ConditionFacts =>
  ({ contentType: content.contentType, catalogId: content.catalogId, roles: instance.submitterRoles });

function nextOf(node: FlowNode, facts: ConditionFacts): string {
  if (node.kind !== 'gateway') return node.outgoing[0]!.target;
  const chosen = node.outgoing.find((f) => f.id !== node.defaultFlow && f.condition && conditionHolds(f.condition, facts))
    ?? node.outgoing.find((f) => f.id === node.defaultFlow)
    ?? node.outgoing.find((f) => !f.condition)!;
  return chosen.target;
}

async function history(op: SiteOp, instance: Instance, action: string, step: string | null, comment: string | null = null) {
  await op.tx.insert(wfHistory).values({ instanceId: instance.instanceId, contentId: instance.contentId, action, step, userName: op.actor.userName, comment });
}

/**
 * Moves the token from `from` until it waits at a user task (a task is created, reviewers are
 * told) or reaches an end (the content is published by whoever made the last decision).
 */
async function advance(op: SiteOp, graph: Graph, instance: Instance, content: ContentRow, from: string): Promise<void> {
  const facts = factsOf(content, instance);
  let at = graph.nodes.get(from)!;
  // Deploy refuses loops without a task, so this ends; the bound is for a graph that would not.
  for (let steps = 0; steps < 10_000; steps++) {
    const node = graph.nodes.get(nextOf(at, facts))!;
    if (node.kind === 'userTask') {
      await op.tx.insert(wfTask).values({
        instanceId: instance.instanceId, siteId: instance.siteId, contentId: instance.contentId, node: node.id, step: node.name,
        candidateUsers: node.candidateUsers, candidateRoles: node.candidateRoles, submitter: instance.submitter,
        selfReview: instance.selfReview, status: 'pending',
      });
      await op.tx.update(wfInstance).set({ node: node.id }).where(eq(wfInstance.instanceId, instance.instanceId));
      await op.services.events.emit(op.tx, {
        type: 'ContentSubmitted', siteId: instance.siteId, link: REVIEW_LINK,
        params: { title: content.title, step: node.name, user: instance.submitter, comment: '' },
      });
      return;
    }
    if (node.kind === 'end') {
      await op.tx.update(wfInstance).set({ status: 'approved', node: null, endTime: new Date() }).where(eq(wfInstance.instanceId, instance.instanceId));
      // Back to what it was, so the publish treats it as the editor's Publish would have.
      const [fresh] = await op.tx.update(cmsContent).set({ status: instance.priorStatus }).where(eq(cmsContent.contentId, content.contentId)).returning();
      await publishContents(op, [fresh!]);
      await history(op, instance, 'publish', null);
      return;
    }
    at = node;
  }
  throw new Error(`workflow: instance ${instance.instanceId} does not reach a task or an end`);
}

/** Starts a review of `content` on a deployed version: the content waits "in review". */
export async function submit(op: SiteOp, content: ContentRow, version: typeof wfModelVersion.$inferSelect, selfReview: string): Promise<Instance> {
  const graph = await graphOf(version);
  const [instance] = await op.tx.insert(wfInstance).values({
    siteId: content.siteId, contentId: content.contentId, versionId: version.versionId, status: 'running', priorStatus: content.status,
    submitter: op.actor.userName, submitterRoles: op.actor.roles, selfReview,
  }).returning();
  await op.tx.update(cmsContent).set({ status: ContentStatus.REVIEWING, updateBy: op.actor.userName, updateTime: new Date() })
    .where(eq(cmsContent.contentId, content.contentId));
  await history(op, instance!, 'submit', null);
  await advance(op, graph, instance!, content, graph.start);
  return instance!;
}

/** Whether the actor is one of the task's candidates (by name or by a role key they hold). */
export const isCandidate = (op: SiteOp, task: Pick<Task, 'candidateUsers' | 'candidateRoles'>) =>
  task.candidateUsers.includes(op.actor.userName) || task.candidateRoles.some((r) => op.actor.roles.includes(r));

/**
 * Approves or rejects a waiting task. Only a candidate may, and not the submitter unless the
 * model lets them; the task is locked first, so two reviewers deciding at once decide once.
 */
export async function decide(op: SiteOp, taskId: number, approve: boolean, comment: string | null): Promise<void> {
  const [task] = await op.tx.select().from(wfTask).where(and(eq(wfTask.taskId, taskId), eq(wfTask.siteId, op.site.siteId))).for('update');
  // Not a candidate: the same answer as no such task, so tasks cannot be probed.
  if (!task || !isCandidate(op, task)) throw fail('workflow.review.notFound');
  if (task.status !== 'pending') throw fail('workflow.review.decided');
  if (task.submitter === op.actor.userName && task.selfReview !== 'Y') throw fail('workflow.review.ownSubmission');
  if (!approve && !comment) throw fail('workflow.review.commentRequired');
  const [instance] = await op.tx.select().from(wfInstance).where(eq(wfInstance.instanceId, task.instanceId)).for('update');
  const [content] = await op.tx.select().from(cmsContent).where(eq(cmsContent.contentId, task.contentId)).for('update');
  // Deleted to the recycle bin meanwhile: nothing to decide on until it is restored.
  if (content!.recycleTime) throw fail('workflow.review.notFound');
  await op.tx.update(wfTask).set({ status: approve ? 'approved' : 'rejected', assignee: op.actor.userName, comment, endTime: new Date() })
    .where(eq(wfTask.taskId, task.taskId));
  await history(op, instance!, approve ? 'approve' : 'reject', task.step, comment);
  await op.services.events.emit(op.tx, {
    type: 'ReviewResult', siteId: task.siteId, link: REVIEW_LINK,
    params: { title: content!.title, step: task.step, user: op.actor.userName, comment: comment ?? '', result: approve ? 'approved' : 'rejected' },
  });
  if (!approve) {
    // Back to the editor as it was before the submission: editable, and submittable again.
    await op.tx.update(wfInstance).set({ status: 'rejected', node: null, endTime: new Date() }).where(eq(wfInstance.instanceId, instance!.instanceId));
    await op.tx.update(cmsContent).set({ status: instance!.priorStatus }).where(eq(cmsContent.contentId, content!.contentId));
    return;
  }
  const [version] = await op.tx.select().from(wfModelVersion).where(eq(wfModelVersion.versionId, instance!.versionId));
  await advance(op, await graphOf(version!), instance!, content!, task.node);
}
