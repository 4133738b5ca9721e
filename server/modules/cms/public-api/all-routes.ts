import type { PublicRoute } from './route.ts';
import { MAILBOX_PUBLIC_ROUTES } from '../mailbox/public-routes.ts';
import { CONTRIBUTE_PUBLIC_ROUTES } from '../contribute/public-routes.ts';

/**
 * Every route of the readers' public API, by domain (each domain's `public-routes.ts`). serve.ts
 * mounts them on the sites' origin; docs/public-api.md lists them.
 */
export const PUBLIC_ROUTES: readonly PublicRoute[] = [
  ...MAILBOX_PUBLIC_ROUTES,
  ...CONTRIBUTE_PUBLIC_ROUTES,
];
