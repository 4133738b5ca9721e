import type { SiteOp } from '../../../core/operation.ts';
import type { CatalogRow } from './access.ts';

/**
 * What other CMS domains do when the tree changes, inside the same transaction: content follows a
 * moved subtree's ancestors and goes to the recycle bin with a deleted one; publishing moves a
 * folder when a path changes. Anything outside the database is queued with `op.afterCommit`.
 */
export const catalogLifecycle = {
  /** a subtree moved: every ancestors chain starting with `oldPrefix` now starts with `newPrefix` */
  moved: [] as ((op: SiteOp, oldPrefix: string, newPrefix: string) => Promise<void> | void)[],
  /** these catalogs (a whole subtree) were deleted */
  removing: [] as ((op: SiteOp, catalogIds: number[]) => Promise<void> | void)[],
  /** a catalog's path changed from `catalog.path` to `newPath` */
  pathChanged: [] as ((op: SiteOp, catalog: CatalogRow, newPath: string) => Promise<void> | void)[],
};
