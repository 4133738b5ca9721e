import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import type { OpContext, SiteOp } from '../../../core/operation.ts';
import { chainOf } from '../catalog/access.ts';
import { cmsCatalog } from '../catalog/schema.ts';
import { enqueue, type PublishTarget } from './enqueue.ts';

/**
 * A catalog subtree was deleted (its contents went to the recycle bin and queued their own pages'
 * removal): queue each deleted catalog, whose task removes its index and list pages in every pipe,
 * the catalogs above it, whose lists stop linking it, and the site's index. Queued in the delete's
 * transaction, so a crash cannot leave the deletion without its unpublishing.
 */
export async function enqueueRemovedCatalogs(op: SiteOp, catalogIds: number[]): Promise<void> {
  if (!catalogIds.length) return;
  const siteId = op.site.siteId;
  const rows = await op.tx.select({ ancestors: cmsCatalog.ancestors }).from(cmsCatalog)
    .where(and(eq(cmsCatalog.siteId, siteId), inArray(cmsCatalog.catalogId, catalogIds)));
  const removed = new Set(catalogIds);
  const above = new Set(rows.flatMap((r) => chainOf(r.ancestors)).filter((id) => !removed.has(id)));
  const targets: PublishTarget[] = [
    ...catalogIds.map((dataId) => ({ siteId, dataType: 'catalog' as const, dataId })),
    ...[...above].map((dataId) => ({ siteId, dataType: 'catalog' as const, dataId })),
    { siteId, dataType: 'site', dataId: siteId },
  ];
  await enqueue(op.tx, targets, op.actor.userName);
}

/** A deleted catalog of the site, for removing its pages (the render session knows live ones only). */
export async function deletedCatalog(db: DbOrTx, siteId: number, catalogId: number) {
  const [row] = await db.select({ catalogId: cmsCatalog.catalogId, path: cmsCatalog.path, deleteTime: cmsCatalog.deleteTime }).from(cmsCatalog)
    .where(and(eq(cmsCatalog.siteId, siteId), eq(cmsCatalog.catalogId, catalogId)));
  return row?.deleteTime ? row : null;
}
