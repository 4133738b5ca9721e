import { and, eq, isNull, sql } from 'drizzle-orm';
import { resourceOperations, type ResourceHooks } from '../../../core/resource.ts';
import { routesOf } from '../../../core/resource-routes.ts';
import { chestnutAliases } from '../../../core/chestnut-aliases.ts';
import { z } from 'zod';
import { aliasRoute, defineRoute, type AnyRoute } from '../../../core/route.ts';
import { pageOf } from '../../../core/row-schema.ts';
import { failAt } from '../../../core/errors.ts';
import { writeOf, type SiteOp, type SiteRef } from '../../../core/operation.ts';
import type { ResourceDef } from '../../../../shared/resources/define.ts';
import { idListSchema } from '../../../../shared/resources/schemas.ts';
import { pageWidgetResource } from '../../../../shared/resources/cms/page-widget.ts';
import { adSpaceResource } from '../../../../shared/resources/cms/ad-space.ts';
import { advertisementResource } from '../../../../shared/resources/cms/advertisement.ts';
import { adLiveState, DEFAULT_WIDGET_TEMPLATE, PAGE_WIDGET_TYPES, PageWidgetState } from '../../../../shared/cms/page-widget.ts';
import { siteRight } from '../site/current.ts';
import { grantRoutesFor } from '../perms/routes.ts';
import { PAGE_WIDGET_GRANTS, requireWidgetRight, widgetsWith } from './grants.ts';
import { cmsCatalog } from '../catalog/schema.ts';
import { editorLinksOf } from '../resource/editor-links.ts';
import { checkPipeTemplates, defaultPipeTemplates, noTemplates } from '../template/pipe-templates.ts';
import { publishWorkerOf } from '../publish/service.ts';
import { cmsAdvertisement, cmsPageWidget } from './schema.ts';
import { publishWidgets, takeDown, widgetsOf } from './publish.ts';
import { statRoutes } from './stats.ts';

type Row = Record<string, unknown>;

/** Our routes of a resource and ChestnutCMS's paths for them. */
const mounted = (def: ResourceDef, routes: AnyRoute[]) => [
  ...routes, ...chestnutAliases(routes, def), aliasRoute(routes, `GET ${def.api}/:id`, `GET ${def.api}/detail/:id`),
];

/**
 * Inside the write: every template names a pipe of the site and exists there; a catalog is one of
 * the site's; a block's logos are stored as internal links. An edit of a published widget marks
 * it "edited" until it is published again (dict CMSPageWidgetStatus).
 */
async function beforeSaveWidget(op: SiteOp, values: Row, mode: 'create' | 'update', existing?: Row) {
  const site = op.site;
  // A new widget left without templates gets the theme's one for its type (widget/block or
  // widget/ads) where it exists; publishing still refuses a pipe left without one.
  if (mode === 'create' && noTemplates(values.templates)) values.templates = await defaultPipeTemplates(op, DEFAULT_WIDGET_TEMPLATE[values.type === 'ads' ? 'ads' : 'manual']);
  if (values.templates !== undefined) await checkPipeTemplates(op, values.templates as Record<string, string>);
  if (mode === 'create') {
    const catalogId = Number(values.catalogId ?? 0);
    if (catalogId) {
      const [c] = await op.tx.select({ id: cmsCatalog.catalogId }).from(cmsCatalog)
        .where(and(eq(cmsCatalog.catalogId, catalogId), eq(cmsCatalog.siteId, site.siteId), isNull(cmsCatalog.deleteTime)));
      if (!c) throw failAt('catalogId', 'cms.pageWidget.catalogUnknown', { id: catalogId });
    }
    values.state = PageWidgetState.DRAFT;
  } else if (existing?.state === PageWidgetState.PUBLISHED) values.state = PageWidgetState.EDITING;
  if (Array.isArray(values.content)) {
    const links = await editorLinksOf(op.tx, site.siteId);
    values.content = (values.content as { items: Row[] }[]).map((r) => ({ items: r.items.map((i) => (typeof i.logo === 'string' && i.logo ? { ...i, logo: links.store(i.logo) } : i)) }));
  }
}

/** Rows of a reply: a block's logos at their console address. */
async function presentWidgets(rows: Row[], op: SiteOp) {
  if (!rows.some((r) => JSON.stringify(r.content ?? '').includes('iurl://'))) return rows;
  const links = await editorLinksOf(op.tx, op.site.siteId);
  return rows.map((r) => (Array.isArray(r.content)
    ? { ...r, content: (r.content as { items: Row[] }[]).map((row) => ({ items: row.items.map((i) => (typeof i.logo === 'string' && i.logo ? { ...i, logo: links.show(i.logo) } : i)) })) }
    : r));
}

/** A deleted widget's published files go, and the pages showing it are queued again. */
async function beforeRemoveWidgets(op: SiteOp, rows: Row[]) {
  await takeDown(op, await widgetsOf(op, rows.map((r) => r.pageWidgetId as number)), null);
}

/**
 * Adding a widget needs AddPageWidget on the site (ChestnutCMS); reading, changing and deleting
 * one, View, Edit and Delete on it (grants.ts: a site right covers its widgets).
 */
const widgetAccess: ResourceHooks<SiteRef>['access'] = {
  read: (op) => widgetsWith(op, 'View'),
  create: siteRight('AddPageWidget'),
  update: (op) => widgetsWith(op, 'Edit'),
  remove: (op) => widgetsWith(op, 'Delete'),
};

/** Page widgets of every type, confined to the current site. */
export const pageWidgets = resourceOperations<SiteRef>(pageWidgetResource, cmsPageWidget, {
  siteColumn: 'siteId', access: widgetAccess, beforeSave: beforeSaveWidget, presentRows: presentWidgets, beforeRemove: beforeRemoveWidgets,
  filters: { type: (value) => ((PAGE_WIDGET_TYPES as readonly string[]).includes(value) ? eq(cmsPageWidget.type, value) : sql`false`) },
});

/** Ad spaces: the same rows, of type `ads` only (a new one is one). */
export const adSpaces = resourceOperations<SiteRef>(adSpaceResource, cmsPageWidget, {
  siteColumn: 'siteId',
  access: { ...widgetAccess, '*': () => eq(cmsPageWidget.type, 'ads') },
  beforeSave: async (op, values, mode, existing) => {
    if (mode === 'create') values.type = 'ads';
    await beforeSaveWidget(op, values, mode, existing);
  },
  beforeRemove: beforeRemoveWidgets,
});

/**
 * An ad joins an ad space of the current site (another site's, or a block, is none); its image is
 * stored as the library resource's internal link and shown back at its console address.
 */
async function beforeSaveAd(op: SiteOp, values: Row) {
  if (values.adSpaceId !== undefined) {
    await widgetsOf(op, [values.adSpaceId as number], 'ads').catch(() => {
      throw failAt('adSpaceId', 'cms.pageWidget.notAdSpace', { id: values.adSpaceId });
    });
    await requireWidgetRight(op, [values.adSpaceId as number], 'Edit');
  }
  if (typeof values.resourcePath === 'string' && values.resourcePath) values.resourcePath = (await editorLinksOf(op.tx, op.site.siteId)).store(values.resourcePath);
}

/** Rows of a reply: the image at its console address, and where the ad stands now (live, scheduled, expired, disabled) by the server's clock. */
async function presentAds(rows: Row[], op: SiteOp) {
  const now = new Date();
  const links = rows.some((r) => typeof r.resourcePath === 'string' && r.resourcePath.startsWith('iurl://')) ? await editorLinksOf(op.tx, op.site.siteId) : null;
  return rows.map((r) => ({
    ...r,
    ...(links && typeof r.resourcePath === 'string' && r.resourcePath ? { resourcePath: links.show(r.resourcePath) } : {}),
    liveState: adLiveState(r as { state: string; onlineDate: Date | null; offlineDate: Date | null }, now),
  }));
}

/** Ads, confined to the current site and its ad spaces: read with View on their space, changed with Edit on it. */
export const ads = resourceOperations<SiteRef>(advertisementResource, cmsAdvertisement, {
  siteColumn: 'siteId',
  access: {
    read: (op) => widgetsWith(op, 'View', cmsAdvertisement.adSpaceId),
    update: (op) => widgetsWith(op, 'Edit', cmsAdvertisement.adSpaceId),
    remove: (op) => widgetsWith(op, 'Edit', cmsAdvertisement.adSpaceId),
  },
  beforeSave: beforeSaveAd, presentRows: presentAds,
});

/**
 * POST {api}/publish and /offline with a list of ids (ChestnutCMS's body): each id a widget of the
 * current site (else 'Invalid page widget id'); publishing needs Publish on the site. The pages
 * embedding them are queued, and this server's worker woken.
 */
function lifecycleRoutes(def: ResourceDef, type?: 'ads'): AnyRoute[] {
  const run = (fn: (op: SiteOp, ids: number[]) => Promise<Row>) => async (ctx: Parameters<typeof writeOf<SiteRef, Row>>[0] & { body: number[] }) => {
    const result = await writeOf(ctx, (op) => fn(op, ctx.body));
    if (ctx.services.config.publishWorker) publishWorkerOf(ctx.services).wake();
    return result;
  };
  return [
    defineRoute({
      method: 'POST', url: `${def.api}/publish`, perm: def.perms.edit!, site: true, body: idListSchema,
      log: { title: def.title, type: 'OTHER' },
      reply: z.object({ written: z.int(), queued: z.int() }),
      handler: run(async (op, ids) => {
        const rows = await widgetsOf(op, ids, type);
        await requireWidgetRight(op, ids, 'Publish');
        return publishWidgets(op, rows);
      }),
    }),
    defineRoute({
      method: 'POST', url: `${def.api}/offline`, perm: def.perms.edit!, site: true, body: idListSchema,
      log: { title: def.title, type: 'OTHER' },
      reply: z.object({ queued: z.int() }),
      handler: run(async (op, ids) => {
        const rows = await widgetsOf(op, ids, type);
        await requireWidgetRight(op, ids, 'Offline');
        return { queued: await takeDown(op, rows, PageWidgetState.OFFLINE) };
      }),
    }),
  ];
}

export const routes: AnyRoute[] = [
  ...grantRoutesFor(PAGE_WIDGET_GRANTS),
  ...mounted(pageWidgetResource, routesOf(pageWidgets)),
  ...lifecycleRoutes(pageWidgetResource),
  defineRoute({
    method: 'GET', url: `${pageWidgetResource.api}/types`, perm: pageWidgetResource.perms.view, site: true,
    reply: pageOf(z.object({ id: z.string(), name: z.string() })),
    handler: ({ t }) => ({ rows: PAGE_WIDGET_TYPES.map((id) => ({ id, name: t(`cms.pageWidget.type.${id}`) })), total: PAGE_WIDGET_TYPES.length }),
  }),
  ...mounted(adSpaceResource, routesOf(adSpaces)),
  ...lifecycleRoutes(adSpaceResource, 'ads'),
  ...mounted(advertisementResource, routesOf(ads)),
  ...statRoutes,
];
