import { z } from 'zod';
import { defineRoute, noData, type AnyRoute, type ServerModule } from '../../core/route.ts';
import { bindingsReply, catalogBindingReply, deployedReply, draftReply, historyReply, taskPageReply, versionsReply } from './replies.ts';
import { readOf, writeOf } from '../../core/operation.ts';
import { routesOf } from '../../core/resource-routes.ts';
import { id } from '../../../shared/validators/common.ts';
import { MODEL_CHANGE_STATUS, MODEL_DEPLOY, MODEL_XML_MAX, REVIEW_VIEW, workflowModelResource } from '../../../shared/resources/workflow/model.ts';
import { editsSite, onCatalog, onContents } from '../cms/index.ts';
import { bindCatalog, bindingsOf, bindSite } from './bindings.ts';
import { decide } from './engine.ts';
import { WORKFLOW_MESSAGES } from './messages.ts';
import { WORKFLOW_DICTS, WORKFLOW_MENUS, WORKFLOW_SEEDS } from './seeds.ts';
import { categories, deploy, draftXml, models, saveDraft, setSuspended, versionsOf } from './models.ts';
import { done, historyOf, todo, todoCount } from './reviews.ts';

const MODEL = workflowModelResource.api;
const LOG = { title: workflowModelResource.title } as const;
const REVIEW_LOG = { title: 'oplog.workflowReview' } as const;
const modelParams = z.object({ id: id() });
const pageQuery = z.object({ pageNum: z.string().optional(), pageSize: z.string().optional() });
const bindingBody = z.object({ modelId: id().nullable() });
const decision = z.object({ comment: z.string().trim().max(1000).optional() });

const boundCatalog = onCatalog('Edit', 'params.catalogId');
const viewedCatalog = onCatalog('View', 'params.catalogId');
const historyContent = onContents('View', 'params.contentId');

const modelRoutes: AnyRoute[] = [
  defineRoute({
    method: 'GET', url: `${MODEL}/:id/xml`, perm: workflowModelResource.perms.view, params: modelParams,
    reply: draftReply,
    handler: (ctx) => draftXml(readOf(ctx), ctx.params.id),
  }),
  defineRoute({
    method: 'PUT', url: `${MODEL}/:id/xml`, perm: workflowModelResource.perms.edit!, params: modelParams,
    body: z.object({ xml: z.string().max(MODEL_XML_MAX) }), log: { ...LOG, type: 'UPDATE' },
    reply: noData,
    handler: (ctx) => writeOf(ctx, (op) => saveDraft(op, ctx.params.id, ctx.body.xml)),
  }),
  defineRoute({
    method: 'GET', url: `${MODEL}/:id/versions`, perm: workflowModelResource.perms.view, params: modelParams,
    reply: versionsReply,
    handler: (ctx) => versionsOf(readOf(ctx), ctx.params.id),
  }),
  defineRoute({
    method: 'POST', url: `${MODEL}/:id/deploy`, perm: MODEL_DEPLOY, params: modelParams, log: { ...LOG, type: 'OTHER' },
    reply: deployedReply,
    handler: (ctx) => writeOf(ctx, (op) => deploy(op, ctx.params.id)),
  }),
  ...(['suspend', 'resume'] as const).map((verb) => defineRoute({
    method: 'PUT', url: `${MODEL}/:id/${verb}`, perm: MODEL_CHANGE_STATUS, params: modelParams, log: { ...LOG, type: 'UPDATE' },
    reply: noData,
    handler: (ctx) => writeOf(ctx, (op) => setSuspended(op, ctx.params.id, verb === 'suspend')),
  })),
];

const bindingRoutes: AnyRoute[] = [
  defineRoute({
    method: 'GET', url: '/workflow/binding', perm: 'cms:site:view', site: true,
    reply: bindingsReply,
    handler: (ctx) => bindingsOf(readOf(ctx)),
  }),
  defineRoute({
    method: 'PUT', url: '/workflow/binding/site', perm: 'cms:site:edit', site: true, grants: [editsSite], body: bindingBody,
    log: { title: 'oplog.workflowBinding', type: 'UPDATE' },
    reply: noData,
    handler: (ctx) => writeOf(ctx, (op) => bindSite(op, ctx.body.modelId)),
  }),
  defineRoute({
    method: 'GET', url: '/workflow/binding/catalog/:catalogId', perm: 'cms:catalog:view', site: true, grants: [viewedCatalog],
    params: z.object({ catalogId: id() }),
    reply: catalogBindingReply,
    handler: async (ctx) => {
      const all = await bindingsOf(readOf(ctx));
      const own = all.catalogs.find((c) => c.catalogId === ctx.held.row(viewedCatalog).catalogId);
      return { modelId: own?.modelId ?? null, siteModelId: all.siteModelId, models: all.models };
    },
  }),
  defineRoute({
    method: 'PUT', url: '/workflow/binding/catalog/:catalogId', perm: 'cms:catalog:edit', site: true, grants: [boundCatalog],
    params: z.object({ catalogId: id() }), body: bindingBody, log: { title: 'oplog.workflowBinding', type: 'UPDATE' },
    reply: noData,
    handler: (ctx) => writeOf(ctx, (op) => bindCatalog(op, ctx.held.row(boundCatalog), ctx.body.modelId)),
  }),
];

// Reviewing needs its key and a site the reviewer may view; a task is then only its candidates'
// (by user or role, as the model names them), checked on every call (engine.ts, reviews.ts).
const reviewRoutes: AnyRoute[] = [
  defineRoute({ method: 'GET', url: '/workflow/review/todo', perm: REVIEW_VIEW, site: true, query: pageQuery, reply: taskPageReply, handler: (ctx) => todo(readOf(ctx), ctx.query) }),
  defineRoute({ method: 'GET', url: '/workflow/review/done', perm: REVIEW_VIEW, site: true, query: pageQuery, reply: taskPageReply, handler: (ctx) => done(readOf(ctx), ctx.query) }),
  defineRoute({ method: 'GET', url: '/workflow/review/count', perm: REVIEW_VIEW, site: true, reply: z.int().min(0), handler: (ctx) => todoCount(readOf(ctx)) }),
  ...(['approve', 'reject'] as const).map((verb) => defineRoute({
    method: 'POST', url: `/workflow/review/:taskId/${verb}`, perm: REVIEW_VIEW, site: true,
    params: z.object({ taskId: id() }), body: decision, log: { ...REVIEW_LOG, type: 'UPDATE' },
    reply: noData,
    handler: (ctx) => writeOf(ctx, (op) => decide(op, ctx.params.taskId, verb === 'approve', ctx.body.comment || null)),
  })),
  defineRoute({
    method: 'GET', url: '/workflow/review/history/:contentId', perm: 'cms:content:view', site: true, grants: [historyContent],
    params: z.object({ contentId: id() }),
    reply: historyReply,
    handler: (ctx) => historyOf(readOf(ctx), ctx.held.row(historyContent).contentId),
  }),
];

/**
 * Review workflows (issue 32 item 4): categories and models with versioned BPMN, bindings of
 * sites and catalogs, the engine behind Publish, and reviewers' tasks. docs/review-workflows.md.
 */
export const workflowModule: ServerModule = {
  name: 'workflow',
  routes: [...routesOf(categories), ...routesOf(models), ...modelRoutes, ...bindingRoutes, ...reviewRoutes],
  menus: { rows: WORKFLOW_MENUS },
  dicts: WORKFLOW_DICTS,
  seeds: WORKFLOW_SEEDS,
  messages: WORKFLOW_MESSAGES,
};
