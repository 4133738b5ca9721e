import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { OpContext, SiteOp } from '../../../core/operation.ts';
import { AppError, fail, ReplyCode } from '../../../core/errors.ts';
import { permBit, type CatalogPerm } from '../../../../shared/cms/perms.ts';
import { holdsEverything } from '../perms/grants.ts';
import { catalogRights } from '../catalog/access.ts';
import { cmsContent } from './schema.ts';

export type ContentRow = typeof cmsContent.$inferSelect;

/**
 * The stored contents with these ids, each checked against the actor's rights on ITS stored catalog
 * (never a catalog the request names): all must be of the current site, live (or, with `recycled`,
 * in the recycle bin) and viewable, else the call is "not found" as a whole; a viewable one the
 * actor may not `perm` makes it 403. Batch calls check every id; nothing is done unless all pass.
 */
export async function contentsWith(op: SiteOp, ids: number[], perm: CatalogPerm, opts: { recycled?: boolean } = {}): Promise<ContentRow[]> {
  const unique = [...new Set(ids)];
  const rows = await op.tx.select().from(cmsContent).where(and(
    inArray(cmsContent.contentId, unique),
    eq(cmsContent.siteId, op.site.siteId),
    opts.recycled ? isNotNull(cmsContent.recycleTime) : isNull(cmsContent.recycleTime),
  ));
  if (rows.length !== unique.length) throw fail('cms.content.notFound');
  const rights = await catalogRights(op);
  if (rights === null) return rows;
  const view = permBit('Catalog', 'View');
  const wanted = permBit('Catalog', perm);
  for (const r of rows) {
    const bits = rights.get(r.catalogId) ?? 0;
    if ((bits & view) === 0) throw fail('cms.content.notFound');
    if ((bits & wanted) === 0) throw new AppError('cms.catalog.denied', { perm }, ReplyCode.FORBIDDEN);
  }
  return rows;
}

export const contentWith = async (op: SiteOp, id: number, perm: CatalogPerm, opts: { recycled?: boolean } = {}) => (await contentsWith(op, [id], perm, opts))[0]!;

/** Only the user who locked a content, or an administrator, changes it while it is locked (spec §4). */
export function assertUnlocked(op: OpContext, rows: readonly ContentRow[]) {
  const held = rows.find((r) => r.isLock === 'Y' && r.lockUser !== op.actor.userName && !holdsEverything(op.actor));
  if (held) throw fail('cms.content.lockedBy', { title: held.title, user: held.lockUser });
}
