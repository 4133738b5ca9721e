import type { PublicRoute } from './route.ts';
import { contentPublicRoutes } from '../content/public-routes.ts';
import { MEMBER_PUBLIC_ROUTES } from '../member/public-routes.ts';
import { COMMENT_PUBLIC_ROUTES } from '../comment/public-routes.ts';
import { INTERACT_PUBLIC_ROUTES } from '../interact/public-routes.ts';
import { statPublicRoutes } from '../stat/public-routes.ts';
import { VOTE_PUBLIC_ROUTES } from '../vote/public-routes.ts';
import { MAILBOX_PUBLIC_ROUTES } from '../mailbox/public-routes.ts';
import { CONTRIBUTE_PUBLIC_ROUTES } from '../contribute/public-routes.ts';

/**
 * Every route of the readers' public API, by domain (each domain's `public-routes.ts`). serve.ts
 * mounts them on the sites' origin; docs/public-api.md lists them.
 */
export const PUBLIC_ROUTES: readonly PublicRoute[] = [
  ...contentPublicRoutes,
  ...MEMBER_PUBLIC_ROUTES,
  ...COMMENT_PUBLIC_ROUTES,
  ...INTERACT_PUBLIC_ROUTES,
  ...statPublicRoutes,
  ...VOTE_PUBLIC_ROUTES,
  ...MAILBOX_PUBLIC_ROUTES,
  ...CONTRIBUTE_PUBLIC_ROUTES,
];
