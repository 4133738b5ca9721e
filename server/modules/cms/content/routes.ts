import { z } from 'zod';
import { defineRoute, noData, type AnyRoute } from '../../../core/route.ts';
import { readOf, writeOf, type OpContext, type SiteOp } from '../../../core/operation.ts';
import { FieldFailure } from '../../../core/errors.ts';
import { toFieldIssues } from '../../../../shared/validators/issues.ts';
import { id } from '../../../../shared/validators/common.ts';
import { CONTENT_ATTRIBUTES, COPY_TYPES, ContentStatus, type ContentType } from '../../../../shared/cms/content.ts';
import { contentCreateSchema, contentIds, contentListQuery, contentTypeQuery, contentUpdateSchema } from '../../../../shared/resources/cms/content.ts';
import type { GrantNeed } from '../../../core/grants.ts';
import type { CatalogPerm } from '../../../../shared/cms/perms.ts';
import { onCatalog, onCatalogsOfAnySite } from '../catalog/needs.ts';
import type { ContentRow } from './access.ts';
import { onContents } from './needs.ts';
import { contentPageReply, listContents } from './list.ts';
import { contentExportRoute } from './export.ts';
import { dashboardCounts } from './stat.ts';
import { chapterRoutes } from './chapters.ts';
import { createContent, loadContent, updateContent } from './save.ts';
import { throughGates } from './publish-gate.ts';
import { cancelTop, copy, lock, move, publish, purge, recycle, restore, setAttribute, setTop, sortBefore, takeDown, toPublish, unlock } from './workflow.ts';

const API = '/cms/content';
const LOG = { title: 'oplog.content' } as const;
const LABELS = ['content'];
const digits = z.string().regex(/^\d{1,15}$/).transform(Number);
/** The body may be the id list itself (ChestnutCMS) or `{contentIds}`; either way it is checked as `contentIds`. */
const idList = z.preprocess((b) => (Array.isArray(b) ? { contentIds: b } : b), z.object({ contentIds: contentIds() })).transform((b) => b.contentIds);

// What the calls need on the contents and catalogs they name: checked by the pipeline before the
// handler runs (every id of a batch against its stored catalog), the rows handed to the operation.
const listed = (right: CatalogPerm, opts: { recycled?: boolean } = {}) => onContents(right, 'body', opts);
const namedContents = (right: CatalogPerm) => onContents(right, 'body.contentIds');
const editedContent = onContents('EditContent', 'params.contentId');
const viewedContent = onContents('View', 'params.contentId');

/** The content as the editor loads it: every field; those the editor cannot do without are pinned here. */
const editedContentReply = z.looseObject({ contentId: z.int(), siteId: z.int(), catalogId: z.int(), contentType: z.string(), title: z.string(), status: z.string(), version: z.int() });
/** Home's dashboard (shared/cms/dashboard.ts SiteStat): a figure the user may not open the screen of is null. */
const dashboardReply = z.object({
  siteId: z.int(), siteName: z.string(), byStatus: z.record(z.string(), z.number()), byType: z.record(z.string(), z.number()), catalogs: z.int(),
  resources: z.number().nullable(), resourceBytes: z.number().nullable(), unreviewedComments: z.number().nullable(), unreviewedMailbox: z.number().nullable(),
  publishQueue: z.object({ waiting: z.number(), running: z.number() }),
  views: z.object({ from: z.string(), days: z.array(z.number()) }),
  activity: z.array(z.object({ contentId: z.int(), title: z.string(), contentType: z.string(), status: z.string(), by: z.string(), time: z.string() })).nullable(),
  pendingReviews: z.number().nullable(),
});
/** A saved content: its id and the version the next save must name. */
const savedReply = z.object({ contentId: z.int(), version: z.int() });

/** A batch workflow action: POST {API}/<name> with the ids; every id is checked before anything happens. */
const action = (name: string, perm: string, need: GrantNeed<ContentRow>, run: (op: SiteOp, rows: readonly ContentRow[]) => Promise<unknown>, reply: z.ZodType = noData): AnyRoute =>
  defineRoute({
    method: 'POST',
    url: `${API}/${name}`,
    perm,
    site: true,
    grants: [need],
    labels: LABELS,
    body: idList,
    log: { ...LOG, type: 'UPDATE' },
    reply,
    handler: (ctx) => writeOf(ctx, (op) => run(op, ctx.held.all(need))),
  });
const toRecycle = listed('DeleteContent');
const recycled = listed('DeleteContent', { recycled: true });
/** The editor's start for a new content (content id 0): AddContent on the catalog named. */
const addsToUnlessEditing = onCatalog('AddContent', 'params.catalogId', { unless: { at: 'params.contentId' } });
const addsToBody = onCatalog('AddContent', 'body.catalogId');
const savedContent = onContents('EditContent', 'body.contentId');
const sorted = onContents('EditContent', 'body.contentId');
const sortTarget = onContents('View', 'body.targetContentId');
const moved = namedContents('EditContent');
const moveTarget = onCatalog('AddContent', 'body.catalogId');
const copied = namedContents('View');
const copyTargets = onCatalogsOfAnySite('AddContent', 'body.catalogIds');
const topped = namedContents('EditContent');

export const contentRoutes: AnyRoute[] = [
  ...chapterRoutes,
  contentExportRoute,
  defineRoute({
    method: 'GET',
    url: `${API}/list`,
    perm: 'cms:content:view',
    site: true,
    query: contentListQuery,
    reply: contentPageReply,
    handler: (ctx) => listContents(readOf(ctx), ctx.query),
  }),
  defineRoute({
    method: 'GET',
    url: `${API}/recycle/list`,
    perm: 'cms:content:view',
    site: true,
    query: contentListQuery,
    reply: contentPageReply,
    // The recycle bin: each content with the status it will come back to, when and by whom it went.
    handler: (ctx) => listContents(readOf(ctx), ctx.query, true),
  }),
  defineRoute({
    method: 'GET',
    url: `${API}/stat`,
    perm: 'login',
    site: true,
    reply: dashboardReply,
    handler: (ctx) => dashboardCounts(readOf(ctx)),
  }),
  defineRoute({
    method: 'GET',
    url: `${API}/:contentId`,
    perm: 'cms:content:view',
    site: true,
    grants: [viewedContent],
    params: z.object({ contentId: digits }),
    // The editor's every field: those it cannot do without are pinned here.
    reply: editedContentReply,
    handler: (ctx) => loadContent(readOf(ctx), ctx.held.row(viewedContent)),
  }),
  defineRoute({
    method: 'GET',
    url: `${API}/init/:catalogId/:contentType/:contentId`,
    perm: 'cms:content:view',
    site: true,
    // An existing content needs View on its stored catalog; a new one AddContent on the catalog named.
    grants: [viewedContent, addsToUnlessEditing],
    params: z.object({ catalogId: digits, contentType: contentTypeQuery.shape.contentType, contentId: z.string().regex(/^\d{1,15}$/).transform(Number) }),
    // The editor's start: an existing content, or a new one's defaults in a catalog the actor may add to.
    reply: editedContentReply.omit({ siteId: true, title: true }),
    handler: async (ctx) => {
      const op = readOf(ctx);
      const existing = ctx.held.one(viewedContent);
      if (existing) return loadContent(op, existing);
      const catalog = ctx.held.row(addsToUnlessEditing);
      return { contentId: 0, catalogId: catalog.catalogId, catalogName: catalog.name, contentType: ctx.params.contentType, status: ContentStatus.DRAFT, original: 'N', linkFlag: 'N', tags: [], keywords: [], attributes: [], publishPipe: [], publishPipeProps: {}, author: '', editor: ctx.actor.nickName, version: 0 };
    },
  }),
  defineRoute({
    method: 'POST',
    url: API,
    perm: 'cms:content:add',
    site: true,
    grants: [addsToBody],
    labels: LABELS,
    query: contentTypeQuery,
    log: { ...LOG, type: 'ADD' },
    reply: savedReply,
    handler: (ctx) => {
      const type = ctx.query.contentType as ContentType;
      const body = parseBody(contentCreateSchema(type), ctx.body);
      return writeOf(ctx, (op) => createContent(op, type, ctx.held.row(addsToBody), body));
    },
  }),
  defineRoute({
    method: 'PUT',
    url: API,
    perm: 'cms:content:edit',
    site: true,
    grants: [savedContent],
    labels: LABELS,
    query: contentTypeQuery,
    log: { ...LOG, type: 'UPDATE' },
    reply: savedReply,
    handler: (ctx) => {
      const type = ctx.query.contentType as ContentType;
      const body = parseBody(contentUpdateSchema(type), ctx.body);
      return writeOf(ctx, (op) => updateContent(op, type, ctx.held.row(savedContent), body));
    },
  }),
  // A review workflow bound to a content's catalog turns its Publish into a submission (publish-gate.ts).
  action('publish', 'cms:content:publish', listed('Publish'), async (op, rows) => {
    const { passed, submitted } = await throughGates(op, rows);
    // `submitted` only when a review took some: the reply is ChestnutCMS-shaped otherwise.
    return { ...(await publish(op, passed)), ...(submitted ? { submitted } : {}) };
  }, z.object({ published: z.int(), scheduled: z.int(), submitted: z.int().optional().describe('sent to review instead') })),
  action('toPublish', 'cms:content:publish', listed('Publish'), async (op, rows) => toPublish(op, (await throughGates(op, rows)).passed)),
  action('offline', 'cms:content:offline', listed('Offline'), (op, rows) => takeDown(op, rows, ContentStatus.OFFLINE)),
  action('archive', 'cms:content:publish', listed('Publish'), (op, rows) => takeDown(op, rows, ContentStatus.ARCHIVED)),
  action('cancelTop', 'cms:content:edit', listed('EditContent'), cancelTop),
  action('recycle', 'cms:content:remove', toRecycle, recycle),
  action('restore', 'cms:content:restore', recycled, restore),
  action('purge', 'cms:content:remove', recycled, purge),
  defineRoute({
    method: 'DELETE',
    url: API,
    perm: 'cms:content:remove',
    site: true,
    grants: [toRecycle],
    labels: LABELS,
    body: idList,
    log: { ...LOG, type: 'DELETE' },
    reply: noData,
    // Deleting puts contents in the recycle bin (spec §4); purging there deletes for good.
    handler: (ctx) => writeOf(ctx, (op) => recycle(op, ctx.held.all(toRecycle))),
  }),
  defineRoute({
    method: 'POST',
    url: `${API}/top`,
    perm: 'cms:content:edit',
    site: true,
    grants: [topped],
    labels: LABELS,
    body: z.object({ contentIds: contentIds(), topEndTime: z.coerce.date().nullable().optional() }),
    log: { ...LOG, type: 'UPDATE' },
    reply: noData,
    handler: (ctx) => writeOf(ctx, (op) => setTop(op, ctx.held.all(topped), ctx.body.topEndTime ?? null)),
  }),
  defineRoute({
    method: 'POST',
    url: `${API}/attr`,
    perm: 'cms:content:edit',
    site: true,
    grants: [topped],
    labels: LABELS,
    body: z.object({ contentIds: contentIds(), attr: z.enum(Object.keys(CONTENT_ATTRIBUTES) as [string, ...string[]]), on: z.boolean().default(true) }),
    log: { ...LOG, type: 'UPDATE' },
    reply: noData,
    handler: (ctx) => writeOf(ctx, (op) => setAttribute(op, ctx.held.all(topped), ctx.body.attr as keyof typeof CONTENT_ATTRIBUTES, ctx.body.on)),
  }),
  defineRoute({
    method: 'POST',
    url: `${API}/lock/:contentId`,
    perm: 'cms:content:lock',
    site: true,
    grants: [editedContent],
    params: z.object({ contentId: digits }),
    log: { ...LOG, type: 'UPDATE' },
    reply: z.string().describe('who holds the lock'),
    handler: (ctx) => writeOf(ctx, (op) => lock(op, ctx.held.row(editedContent))),
  }),
  defineRoute({
    method: 'POST',
    url: `${API}/unlock/:contentId`,
    perm: 'cms:content:lock',
    site: true,
    grants: [editedContent],
    params: z.object({ contentId: digits }),
    log: { ...LOG, type: 'UPDATE' },
    reply: noData,
    handler: (ctx) => writeOf(ctx, (op) => unlock(op, ctx.held.row(editedContent))),
  }),
  defineRoute({
    method: 'POST',
    url: `${API}/sort`,
    perm: 'cms:content:edit',
    site: true,
    grants: [sorted, sortTarget],
    labels: LABELS,
    body: z.object({ contentId: id(), targetContentId: id() }),
    log: { ...LOG, type: 'UPDATE' },
    reply: noData,
    handler: (ctx) => writeOf(ctx, (op) => sortBefore(op, ctx.held.row(sorted), ctx.held.row(sortTarget))),
  }),
  defineRoute({
    method: 'POST',
    url: `${API}/move`,
    perm: 'cms:content:edit',
    site: true,
    grants: [moved, moveTarget],
    labels: LABELS,
    body: z.object({ contentIds: contentIds(), catalogId: id() }),
    log: { ...LOG, type: 'UPDATE' },
    reply: noData,
    handler: (ctx) => writeOf(ctx, (op) => move(op, ctx.held.all(moved), ctx.held.row(moveTarget))),
  }),
  defineRoute({
    method: 'POST',
    url: `${API}/copy`,
    perm: 'cms:content:add',
    site: true,
    grants: [copied, copyTargets],
    labels: LABELS,
    body: z.object({ contentIds: contentIds(), catalogIds: z.array(id()).min(1).max(100), copyType: z.union([z.literal(COPY_TYPES.copy), z.literal(COPY_TYPES.mapping)]) }),
    log: { ...LOG, type: 'ADD' },
    reply: z.object({ contentIds: z.array(z.int()) }),
    handler: (ctx) => writeOf(ctx, (op) => copy(op, ctx.held.all(copied), ctx.held.all(copyTargets), ctx.body.copyType)).then((ids) => ({ contentIds: ids })),
  }),
];

/** A save's body is checked by the schema of its type, which only the query names (ChestnutCMS's add/update). */
function parseBody(schema: z.ZodType, body: unknown): Record<string, unknown> {
  const r = schema.safeParse(body ?? {});
  if (!r.success) throw new FieldFailure(toFieldIssues(r.error), LABELS);
  return r.data as Record<string, unknown>;
}
