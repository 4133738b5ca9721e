import { resourceOperations, type ResourceHooks } from '../../../core/resource.ts';
import { routesOf } from '../../../core/resource-routes.ts';
import { chestnutAliases } from '../../../core/chestnut-aliases.ts';
import { failAt } from '../../../core/errors.ts';
import type { SiteOp, SiteRef } from '../../../core/operation.ts';
import type { AnyRoute } from '../../../core/route.ts';
import type { ResourceDef } from '../../../../shared/resources/define.ts';
import { linkGroupResource } from '../../../../shared/resources/cms/link-group.ts';
import { linkResource } from '../../../../shared/resources/cms/link.ts';
import { editsSite } from '../site/current.ts';
import { showImages, storeImage } from '../resource/image-field.ts';
import { cmsLink, cmsLinkGroup } from './schema.ts';

/** Our routes of a resource and ChestnutCMS's paths for them. */
const mounted = (def: ResourceDef, routes: AnyRoute[]) => [...routes, ...chestnutAliases(routes, def)];

/** A site's friend links are part of the site: changing them needs Edit on it, reading them View. */
const writesNeedSiteEdit: ResourceHooks<SiteRef>['access'] = { create: editsSite, update: editsSite, remove: editsSite };

/** Friend-link groups, confined to the current site; a group's links go with it (schema.ts). */
export const linkGroups = resourceOperations<SiteRef>(linkGroupResource, cmsLinkGroup, { siteColumn: 'siteId', access: writesNeedSiteEdit });

/**
 * A link joins a group the same rules let the user read (another site's group id is as good as
 * none), and its logo is stored as the library resource's internal link (resource/image-field.ts).
 */
async function beforeSave(op: SiteOp, values: Record<string, unknown>) {
  if (values.groupId !== undefined) {
    await linkGroups.get(op, values.groupId as number).catch(() => {
      throw failAt('groupId', 'resource.notFound');
    });
  }
  await storeImage(op, values, 'logo');
}

const presentRows = (rows: Record<string, unknown>[], op: SiteOp) => showImages(rows, op, 'logo');

/** Friend links, confined to the current site and to its groups. */
export const links = resourceOperations<SiteRef>(linkResource, cmsLink, { siteColumn: 'siteId', access: writesNeedSiteEdit, beforeSave, presentRows });

export const routes: AnyRoute[] = [
  ...mounted(linkGroupResource, routesOf(linkGroups)),
  ...mounted(linkResource, routesOf(links)),
];
