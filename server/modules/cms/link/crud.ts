import { resourceOperations } from '../../../core/resource.ts';
import { routesOf } from '../../../core/resource-routes.ts';
import { chestnutAliases } from '../../../core/chestnut-aliases.ts';
import { failAt } from '../../../core/errors.ts';
import type { OpContext } from '../../../core/operation.ts';
import type { AnyRoute } from '../../../core/route.ts';
import type { ResourceDef } from '../../../../shared/resources/define.ts';
import { linkGroupResource } from '../../../../shared/resources/cms/link-group.ts';
import { linkResource } from '../../../../shared/resources/cms/link.ts';
import { cmsLink, cmsLinkGroup } from './schema.ts';

/** Our routes of a resource and ChestnutCMS's paths for them. */
const mounted = (def: ResourceDef, routes: AnyRoute[]) => [...routes, ...chestnutAliases(routes, def)];

/** Friend-link groups, confined to the current site; a group's links go with it (schema.ts). */
export const linkGroups = resourceOperations(linkGroupResource, cmsLinkGroup, { siteColumn: 'siteId' });

/** A link joins a group the same rules let the user read: another site's group id is as good as none. */
async function groupOfSite(op: OpContext, values: Record<string, unknown>) {
  if (values.groupId === undefined) return;
  await linkGroups.get(op, values.groupId as number).catch(() => {
    throw failAt('groupId', 'resource.notFound');
  });
}

/** Friend links, confined to the current site and to its groups. */
export const links = resourceOperations(linkResource, cmsLink, { siteColumn: 'siteId', beforeSave: groupOfSite });

export const routes: AnyRoute[] = [
  ...mounted(linkGroupResource, routesOf(linkGroups)),
  ...mounted(linkResource, routesOf(links)),
];
