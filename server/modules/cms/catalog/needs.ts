import { fail } from '../../../core/errors.ts';
import { siteOpOf } from '../../../core/operation.ts';
import type { GrantNeed, InputPath } from '../../../core/grants.ts';
import type { CatalogPerm, SitePerm } from '../../../../shared/cms/perms.ts';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { permBit } from '../../../../shared/cms/perms.ts';
import { siteRight, viewableSites } from '../site/current.ts';
import { cmsSite } from '../site/schema.ts';
import { catalogRights, catalogsOf, type CatalogRow } from './access.ts';
import { cmsCatalog } from './schema.ts';

/**
 * Needs `right` on the stored catalog whose id is at `from` (or each of a list), of the current site (another site's or
 * an unknown id: not found; one the actor may not view: not found; viewable without the right: 403).
 * `orSite`: a call naming no catalog there (0 or absent: the top level) needs that right on the
 * site instead. `deleted`: the catalog may be in the recycle bin. `unless`: calls that do not need it
 * (core/grants.ts).
 */
export function onCatalog(right: CatalogPerm, from: InputPath, opts: { orSite?: SitePerm; deleted?: boolean; unless?: GrantNeed['unless'] } = {}): GrantNeed<CatalogRow> {
  return {
    need: `Catalog.${right}`,
    from,
    unless: opts.unless,
    whenAbsent: opts.orSite ? siteRight(opts.orSite) : undefined,
    check: (op, ids) => catalogsOf(siteOpOf(op), ids ?? [], right, { deleted: opts.deleted }),
  };
}

/**
 * Needs `right` on every stored catalog whose id is at `from`, in whichever site it lies (a copy
 * into another site's catalog): each live, of a site the actor may view, and held with `right`;
 * otherwise the call is "not found" as a whole, naming nothing of the site it reached for.
 */
export function onCatalogsOfAnySite(right: CatalogPerm, from: InputPath): GrantNeed<CatalogRow> {
  return {
    need: `Catalog.${right}`,
    from,
    async check(op, ids) {
      const wanted = [...new Set(ids ?? [])];
      if (!wanted.length) return [];
      const targets = await op.tx.select().from(cmsCatalog).where(and(inArray(cmsCatalog.catalogId, wanted), isNull(cmsCatalog.deleteTime)));
      if (targets.length !== wanted.length) throw fail('cms.catalog.notFound');
      const sitesViewable = viewableSites(op.actor);
      for (const target of targets) {
        const [site] = await op.tx.select({ id: cmsSite.siteId }).from(cmsSite).where(and(eq(cmsSite.siteId, target.siteId), sitesViewable));
        const rights = site ? await catalogRights(op, target.siteId) : new Map<number, number>();
        if (!site || (rights !== null && ((rights.get(target.catalogId) ?? 0) & permBit('Catalog', right)) === 0)) throw fail('cms.catalog.notFound');
      }
      return targets;
    },
  };
}
