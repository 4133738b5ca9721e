import { and, asc, count, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { OpContext, SiteOp } from '../../../core/operation.ts';
import type { Translate } from '../../../core/i18n.ts';
import { fail } from '../../../core/errors.ts';
import { ContentStatus } from '../../../../shared/cms/content.ts';
import { pipePropsWithDefaults } from '../../../../shared/cms/pipe-props.ts';
import { TEMPLATE_SUFFIX } from '../../../../shared/cms/template-name.ts';
import type { CatalogRow } from '../catalog/access.ts';
import { cmsCatalog } from '../catalog/schema.ts';
import { cmsContent } from '../content/schema.ts';
import { publish as publishContents } from '../content/workflow.ts';
import { throughGates } from '../content/publish-gate.ts';
import { contentsWith } from '../content/access.ts';
import { cmsPublishPipe } from '../pipe/schema.ts';
import { cmsSite } from '../site/schema.ts';
import { siteOutOfReach } from '../site/current.ts';
import { checkName, loadTemplateTree, templateRoot } from '../template/store.ts';
import { references } from '../template/usage.ts';
import { enqueue, enqueueCatalogContents, type PublishTarget } from './enqueue.ts';
import { cmsPublishRun, cmsPublishTask, type PublishFailure } from './schema.ts';

/**
 * The publish actions (cms-heart §1.5): a whole site (or its index only), a catalog with its
 * options, the pages that use a template; and the progress of the current run. They only queue
 * tasks; the worker renders them.
 */

const hasPages = (c: { catalogType: string; staticFlag: string }) => c.catalogType !== 'link' && c.staticFlag !== 'N';

/**
 * Contents of `status` in these catalogs (null = the whole site): published ones are queued again;
 * others go through the content workflow's publish (which checks the Publish right on each and
 * queues them).
 */
async function publishContentsOf(op: SiteOp, catalogIds: number[] | null, status: string): Promise<number> {
  const siteId = op.site.siteId;
  // Published ones are queued again as they are: one task per catalog (a site of 10,000 contents).
  if (status === ContentStatus.PUBLISHED) return enqueueCatalogContents(op.tx, siteId, catalogIds, op.actor.userName);
  const rows = await op.tx.select({ contentId: cmsContent.contentId }).from(cmsContent).where(and(
    eq(cmsContent.siteId, siteId), eq(cmsContent.status, status), isNull(cmsContent.recycleTime), eq(cmsContent.linkFlag, 'N'),
    catalogIds ? inArray(cmsContent.catalogId, catalogIds.length ? catalogIds : [-1]) : undefined,
  )).orderBy(asc(cmsContent.contentId));
  // Not published yet: a review workflow bound to their catalog has its say first, as on the content list.
  for (let i = 0; i < rows.length; i += 500) {
    const batch = await contentsWith(op, rows.slice(i, i + 500).map((r) => r.contentId), 'Publish');
    await publishContents(op, (await throughGates(op, batch)).passed);
  }
  return rows.length;
}

/** POST /cms/site/publish: the index only, or every content of a status, every catalog, then the index. */
export async function publishSite(op: SiteOp, body: { siteId: number; publishIndex?: boolean; contentStatus?: string }): Promise<number> {
  const siteId = op.site.siteId;
  // The body's site must be the checked current site (ChestnutCMS trusted the body's id).
  if (body.siteId !== siteId) throw siteOutOfReach();
  const targets: PublishTarget[] = [];
  let contents = 0;
  if (!body.publishIndex) {
    contents = await publishContentsOf(op, null, body.contentStatus ?? ContentStatus.PUBLISHED);
    const catalogs = await op.tx.select({ id: cmsCatalog.catalogId, catalogType: cmsCatalog.catalogType, staticFlag: cmsCatalog.staticFlag })
      .from(cmsCatalog).where(and(eq(cmsCatalog.siteId, siteId), isNull(cmsCatalog.deleteTime))).orderBy(asc(cmsCatalog.catalogId));
    for (const c of catalogs) if (hasPages(c)) targets.push({ siteId, dataType: 'catalog', dataId: c.id });
  }
  targets.push({ siteId, dataType: 'site', dataId: siteId });
  await enqueue(op.tx, targets, op.actor.userName);
  return contents + targets.length;
}

/**
 * POST /cms/catalog/publish: the catalog's pages, with its sub-catalogs' (publishChild) and the
 * contents of a status (publishDetail, publishStatus), then the site index. The Publish right is
 * checked on the catalog; sub-catalogs follow from it (a grant covers its subtree).
 */
export async function publishCatalog(op: SiteOp, catalog: CatalogRow, body: { publishChild?: boolean; publishDetail?: boolean; publishStatus?: string }): Promise<number> {
  const siteId = op.site.siteId;
  if (!hasPages(catalog) && !body.publishChild && !body.publishDetail) throw fail('publish.notPublishable');
  const subtree = body.publishChild
    ? await op.tx.select({ id: cmsCatalog.catalogId, catalogType: cmsCatalog.catalogType, staticFlag: cmsCatalog.staticFlag, visibleFlag: cmsCatalog.visibleFlag })
      .from(cmsCatalog).where(and(eq(cmsCatalog.siteId, siteId), isNull(cmsCatalog.deleteTime), sql`${cmsCatalog.ancestors} like ${`${catalog.ancestors}%`}`))
      .orderBy(asc(cmsCatalog.catalogId))
    : [{ id: catalog.catalogId, catalogType: catalog.catalogType, staticFlag: catalog.staticFlag, visibleFlag: catalog.visibleFlag }];
  const targets: PublishTarget[] = [];
  const contents = body.publishDetail ? await publishContentsOf(op, subtree.map((c) => c.id), body.publishStatus ?? ContentStatus.PUBLISHED) : 0;
  for (const c of subtree) if (hasPages(c) && (c.id === catalog.catalogId || c.visibleFlag !== 'N')) targets.push({ siteId, dataType: 'catalog', dataId: c.id });
  targets.push({ siteId, dataType: 'site', dataId: siteId });
  await enqueue(op.tx, targets, op.actor.userName);
  return contents + targets.length;
}

/** The template and every template including it, directly or through others. */
export function usersClosure(name: string, sources: Map<string, string>): Set<string> {
  const closure = new Set([name]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [other, source] of sources) {
      if (closure.has(other)) continue;
      if ([...closure].some((t) => references(source, t))) {
        closure.add(other);
        grew = true;
      }
    }
  }
  return closure;
}

const tpl = (v: unknown) => {
  const s = String(v ?? '').trim();
  return s && !s.endsWith(TEMPLATE_SUFFIX) ? `${s}${TEMPLATE_SUFFIX}` : s;
};

/**
 * POST /cms/publish/template { pipeCode, path }: queues exactly the pages whose template is this
 * one or includes it (the workbench's "republish what uses it" after a save): the index when it is
 * the site's index template, catalogs whose index or list template it is, published contents whose
 * detail template (their own, their catalog's for their type, or the site's) it is.
 */
export async function publishTemplateUsers(op: SiteOp, body: { pipeCode: string; path: string }): Promise<number> {
  const siteId = op.site.siteId;
  const name = checkName(body.path);
  const [pipe] = await op.tx.select({ code: cmsPublishPipe.code }).from(cmsPublishPipe).where(and(eq(cmsPublishPipe.siteId, siteId), eq(cmsPublishPipe.code, body.pipeCode)));
  if (!pipe) throw fail('cms.pipe.unknown', { code: String(body.pipeCode).slice(0, 20) });
  const sources = await loadTemplateTree(templateRoot(op.services.config.dataDir, op.site.path, pipe.code));
  return enqueueUsersOf(op, pipe.code, usersClosure(name, sources));
}

/**
 * Queues the pages of a pipe whose template is one of `uses`: the index when it is the site's index
 * template, catalogs whose index or list template it is, published contents whose detail template
 * (their own, their catalog's for their type, or the site's) it is. Returns how many were queued.
 */
export async function enqueueUsersOf(op: SiteOp, pipeCode: string, uses: Set<string>): Promise<number> {
  const siteId = op.site.siteId;
  if (!uses.size) return 0;
  const [site] = await op.tx.select({ props: cmsSite.publishPipeProps }).from(cmsSite).where(eq(cmsSite.siteId, siteId));
  const props = pipePropsWithDefaults(site?.props[pipeCode]);
  const targets: PublishTarget[] = [];
  if (uses.has(tpl(props.indexTemplate))) targets.push({ siteId, dataType: 'site', dataId: siteId });
  const catalogs = await op.tx.select({ id: cmsCatalog.catalogId, catalogType: cmsCatalog.catalogType, staticFlag: cmsCatalog.staticFlag, props: cmsCatalog.publishPipeProps })
    .from(cmsCatalog).where(and(eq(cmsCatalog.siteId, siteId), isNull(cmsCatalog.deleteTime)));
  const catalogProps = new Map(catalogs.map((c) => [c.id, c.props[pipeCode] ?? {}]));
  for (const c of catalogs) {
    const own = catalogProps.get(c.id)!;
    if (hasPages(c) && (uses.has(tpl(own.indexTemplate)) || uses.has(tpl(own.listTemplate) || tpl(props.defaultListTemplate)))) targets.push({ siteId, dataType: 'catalog', dataId: c.id });
  }
  const contents = await op.tx.select({ id: cmsContent.contentId, catalogId: cmsContent.catalogId, type: cmsContent.contentType, props: cmsContent.publishPipeProps })
    .from(cmsContent).where(and(eq(cmsContent.siteId, siteId), eq(cmsContent.status, ContentStatus.PUBLISHED), isNull(cmsContent.recycleTime), eq(cmsContent.linkFlag, 'N')))
    .orderBy(asc(cmsContent.contentId));
  for (const c of contents) {
    const key = `detailTemplate_${c.type}`;
    const template = tpl(c.props?.[pipeCode]?.template) || tpl(catalogProps.get(c.catalogId)?.[key]) || tpl(props[key]);
    if (uses.has(template)) targets.push({ siteId, dataType: 'content', dataId: c.id });
  }
  await enqueue(op.tx, targets, op.actor.userName);
  return targets.length;
}

export interface ProgressFailure extends Omit<PublishFailure, 'key' | 'params'> {
  taskId: number;
  dataType: string;
  dataId: number;
}

export interface PublishProgress {
  /** when the current run began (null: nothing was ever queued) */
  startTime: Date | null;
  total: number;
  done: number;
  failed: number;
  running: number;
  waiting: number;
  failures: ProgressFailure[];
}

/** GET /cms/publish/progress: the current site's run, done / total, and each failed page (localised). */
export async function publishProgress(op: SiteOp, t: Translate): Promise<PublishProgress> {
  const siteId = op.site.siteId;
  const [run] = await op.tx.select().from(cmsPublishRun).where(eq(cmsPublishRun.siteId, siteId));
  if (!run) return { startTime: null, total: 0, done: 0, failed: 0, running: 0, waiting: 0, failures: [] };
  const inRun = and(eq(cmsPublishTask.siteId, siteId), gte(cmsPublishTask.createTime, run.startTime));
  // Tasks weigh what they render (a catalog's contents for a `contents` task), and count what of it failed.
  const counts = await op.tx.select({
    status: cmsPublishTask.status,
    weight: sql<number>`coalesce(sum(${cmsPublishTask.weight}), 0)`,
    done: sql<number>`coalesce(sum(${cmsPublishTask.done}), 0)`,
    failed: sql<number>`coalesce(sum(${cmsPublishTask.failed}), 0)`,
  }).from(cmsPublishTask).where(inRun).groupBy(cmsPublishTask.status);
  const of = (s: string) => counts.find((c) => c.status === s);
  const n = (s: string) => Number(of(s)?.weight ?? 0);
  const failedRows = await op.tx.select({ taskId: cmsPublishTask.taskId, dataType: cmsPublishTask.dataType, dataId: cmsPublishTask.dataId, errors: cmsPublishTask.errors, errMessage: cmsPublishTask.errMessage })
    .from(cmsPublishTask).where(and(inRun, eq(cmsPublishTask.status, 'FAILED'))).orderBy(asc(cmsPublishTask.taskId)).limit(200);
  const failures: ProgressFailure[] = [];
  for (const r of failedRows) {
    const list = r.errors?.length ? r.errors : [{ pipeCode: '', template: '-', line: 0, col: 0, message: r.errMessage ?? '' } as PublishFailure];
    for (const f of list) {
      const { key, params, dataType, dataId, ...rest } = f;
      failures.push({ ...rest, taskId: r.taskId, dataType: dataType ?? r.dataType, dataId: dataId ?? r.dataId, message: key ? t(key, params) : f.message });
    }
  }
  const failed = Number(of('FAILED')?.failed ?? 0);
  const runningDone = Number(of('RUNNING')?.done ?? 0);
  const done = n('SUCCESS') + n('FAILED') + runningDone;
  const running = n('RUNNING') - runningDone;
  return { startTime: run.startTime, total: done + running + n('READY'), done, failed, running, waiting: n('READY'), failures };
}

