import type { OpContext } from '../../../core/operation.ts';
import type { cmsSite } from './schema.ts';

type SiteRow = typeof cmsSite.$inferSelect;

/**
 * What other CMS domains do when sites go, inside the deleting transaction: a domain whose rows
 * do not cascade with the site (files in storage, published output, grants on its catalogs)
 * registers here, and queues anything outside the database with `op.afterCommit` so nothing is
 * removed when the delete rolls back.
 */
export const siteLifecycle = {
  removing: [] as ((op: OpContext, sites: SiteRow[]) => Promise<void> | void)[],
};
