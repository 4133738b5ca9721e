import type { ComponentType } from 'react';
import type { RoutePageProps } from '../../lib/routes/types.ts';
import ResourceIsland from './ResourceIsland.tsx';
import type { ScreenName } from './registry.ts';

/**
 * A resource screen as a client-router page (src/islands/router/route-table.ts componentRoutes): the
 * router renders it only for users whose menus hold the page, and sends others to 404 — what a
 * screen behind a permission needs, unlike a prebuilt page anyone signed in can open.
 */
const pages = new Map<ScreenName, ComponentType<RoutePageProps>>();
export function routeOf(screen: ScreenName): ComponentType<RoutePageProps> {
  let page = pages.get(screen);
  if (!page) {
    page = function ResourceRoutePage() {
      return <ResourceIsland screen={screen} />;
    };
    pages.set(screen, page);
  }
  return page;
}
