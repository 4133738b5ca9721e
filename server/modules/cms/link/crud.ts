import { resourceOperations, routesOf } from '../../../core/resource.ts';
import { chestnutAliases } from '../../../core/chestnut-aliases.ts';
import type { AnyRoute } from '../../../core/route.ts';
import type { ResourceDef } from '../../../../src/lib/resources/define.ts';
import { linkGroupResource } from '../../../../src/lib/resources/cms/link-group.ts';
import { cmsLinkGroup } from './schema.ts';

/** Our routes of a resource and ChestnutCMS's paths for them. */
const mounted = (def: ResourceDef, routes: AnyRoute[]) => [...routes, ...chestnutAliases(routes, def)];

/** Friend-link groups, confined to the current site. */
export const linkGroups = resourceOperations(linkGroupResource, cmsLinkGroup, { siteColumn: 'siteId' });

export const routes: AnyRoute[] = [
  ...mounted(linkGroupResource, routesOf(linkGroups)),
];
