import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { aliasRoute, defineRoute, type AnyRoute } from '../../../core/route.ts';
import { failAt } from '../../../core/errors.ts';
import type { OpContext, SiteOp, SiteRef } from '../../../core/operation.ts';
import { resourceOperations } from '../../../core/resource.ts';
import { routesOf } from '../../../core/resource-routes.ts';
import { dynamicPageResource } from '../../../../shared/resources/cms/dynamic-page.ts';
import { DYNAMIC_INIT_DATA_TYPES } from '../../../../shared/cms/dynamic-page.ts';
import { docIn } from '../../../../shared/cms/template-registry.ts';
import { cmsCatalog } from '../catalog/schema.ts';
import { cmsPublishPipe } from '../pipe/schema.ts';
import { editsSite } from '../site/current.ts';
import { templateExists, templateRoot } from '../template/store.ts';
import { cmsDynamicPage } from './schema.ts';

type Row = Record<string, unknown>;
const API = dynamicPageResource.api;

/**
 * What the definition cannot tell alone, inside the write's transaction: every template names a
 * pipe of the site and exists in that pipe's template folder, and the path is not a catalog's
 * folder (the published catalog would be served there instead).
 */
async function checkPage(op: SiteOp, values: Row) {
  const site = op.site;
  if (values.templates !== undefined) {
    const pipes = new Set((await op.tx.select({ code: cmsPublishPipe.code }).from(cmsPublishPipe).where(eq(cmsPublishPipe.siteId, site.siteId))).map((p) => p.code));
    for (const [pipe, template] of Object.entries(values.templates as Record<string, string>)) {
      if (!pipes.has(pipe)) throw failAt('templates', 'cms.dynamic.pipeUnknown', { pipe });
      const there = await templateExists(templateRoot(op.services.config.dataDir, site.path, pipe), template).catch(() => false);
      if (!there) throw failAt('templates', 'cms.dynamic.templateMissing', { pipe, template });
    }
  }
  if (typeof values.path === 'string') {
    const [catalog] = await op.tx.select({ name: cmsCatalog.name }).from(cmsCatalog)
      .where(and(eq(cmsCatalog.siteId, site.siteId), eq(cmsCatalog.path, `${values.path}/`), isNull(cmsCatalog.deleteTime)));
    if (catalog) throw failAt('path', 'cms.dynamic.pathIsCatalog', { path: values.path, catalog: catalog.name });
  }
}

/** The current site's dynamic pages: confined to it, writes need Site Edit on it as well as the menu's keys. */
export const dynamicPages = resourceOperations<SiteRef>(dynamicPageResource, cmsDynamicPage, {
  siteColumn: 'siteId',
  access: { create: editsSite, update: editsSite, remove: editsSite },
  beforeSave: (op, values) => checkPage(op, values),
  // The address on this server, for the list's "open" link (a site's own domain may serve it elsewhere).
  present: (row, op) => ({ ...row, link: `/${op.site.path}/${String(row.path)}` }),
});

const pageRoutes = routesOf(dynamicPages);

/**
 * The resource's routes (what the console calls), ChestnutCMS's paths for the same operations
 * (`detail/{pageId}`, `add`, `update`, `delete`), and the init data types a page may ask for.
 */
export const dynamicPageRoutes: AnyRoute[] = [
  ...pageRoutes,
  aliasRoute(pageRoutes, `GET ${API}/:id`, `GET ${API}/detail/:id`),
  aliasRoute(pageRoutes, `POST ${API}`, `POST ${API}/add`),
  aliasRoute(pageRoutes, `PUT ${API}`, `POST ${API}/update`),
  aliasRoute(pageRoutes, `DELETE ${API}`, `POST ${API}/delete`),
  defineRoute({
    method: 'GET',
    url: `${API}/init_data_types`,
    perm: dynamicPageResource.perms.view,
    site: true,
    reply: z.array(z.object({ type: z.string(), name: z.string(), param: z.unknown() })),
    handler: ({ locale }) => DYNAMIC_INIT_DATA_TYPES.map((d) => ({ type: d.type, name: docIn(d.name, locale), param: d.param })),
  }),
];
