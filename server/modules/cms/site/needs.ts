import type { GrantNeed, InputPath } from '../../../core/grants.ts';
import { siteOpOf } from '../../../core/operation.ts';
import type { SitePerm } from '../../../../shared/cms/perms.ts';
import { siteWith, type SiteRow } from './operations.ts';

/**
 * Needs `right` on the stored site whose id is at `from` (the site list edits any site one may
 * view, not only the current one): a site out of reach answers as one that does not exist.
 */
export function onSite(right: SitePerm, from: InputPath): GrantNeed<SiteRow> {
  return {
    need: `Site.${right}`,
    from,
    async check(op, ids) {
      const rows: SiteRow[] = [];
      for (const id of new Set(ids)) rows.push(await siteWith(op, id, right));
      return rows;
    },
  };
}

/** Needs `right` on the current site, whose stored row the call gets (its tabs read and save it). */
export function onCurrentSite(right: SitePerm): GrantNeed<SiteRow> {
  return {
    need: `Site.${right}`,
    check: async (op) => [await siteWith(op, siteOpOf(op).site.siteId, right)],
  };
}
