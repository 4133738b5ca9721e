import type { OpContext, SiteOp } from '../../../core/operation.ts';
import { AppError, ReplyCode } from '../../../core/errors.ts';
import { bitsOf, permsIn, type CatalogPerm, type SitePerm } from '../../../../shared/cms/perms.ts';
import { cmsGrant } from '../perms/schema.ts';
import { holdsEverything } from '../perms/grants.ts';
import { catalogRights } from './access.ts';

/**
 * What a site's rights mean on a catalog at its top: the parent of a top-level catalog is the site,
 * and each site right covers the catalog rights of the same reach (publishing the site publishes
 * every catalog, deleting it deletes them all). AddPageWidget and AddCatalog give nothing here.
 */
const CATALOG_RIGHTS_OF_SITE: Record<SitePerm, CatalogPerm[]> = {
  View: ['View'],
  Edit: ['Edit', 'ShowHide', 'Move', 'Sort', 'AddContent', 'EditContent'],
  Delete: ['Delete', 'DeleteContent'],
  Publish: ['Publish', 'Offline'],
  AddPageWidget: [],
  AddCatalog: [],
};

/** The catalog bits a set of site bits covers. */
export const catalogBitsOfSite = (siteBits: number): number =>
  bitsOf('Catalog', permsIn('Site', siteBits).flatMap((p) => CATALOG_RIGHTS_OF_SITE[p]));

/**
 * The grants a new catalog starts with. Under a parent it gets none of its own: a grant covers its
 * subtree, so every owner (each role, each user) holds on it exactly what they hold on the parent,
 * its creator included, and nobody gains a right by creating a catalog (a creator given every
 * right could have published and deleted where they may only edit, and granted that on).
 * At the top of the tree, which no catalog grant reaches, its creator is granted what their rights
 * on the site cover there, and nothing more.
 */
export async function grantNewCatalog(op: SiteOp, parentId: number, catalogId: number): Promise<void> {
  if (parentId !== 0) return;
  const bits = catalogBitsOfSite(op.site.bits);
  if (bits) await op.tx.insert(cmsGrant).values({ ownerType: 'User', ownerId: op.actor.userId, objectType: 'Catalog', objectId: catalogId, bits });
}

/**
 * A moved catalog, with its subtree, takes the rights of its new parent in place of its old one's.
 * The mover may not widen their own rights that way: a right they hold under the new parent but not
 * on the catalog now refuses the move (their rights below the catalog hold at least those on it,
 * so checking it checks the whole subtree).
 */
export async function assertMoveWidensNothing(op: SiteOp, catalogId: number, toId: number): Promise<void> {
  if (toId === 0 || holdsEverything(op.actor)) return;
  const rights = (await catalogRights(op))!;
  const gained = (rights.get(toId) ?? 0) & ~(rights.get(catalogId) ?? 0);
  if (gained) throw new AppError('cms.catalog.moveWidens', { perms: permsIn('Catalog', gained).join(', ') }, ReplyCode.FORBIDDEN);
}
