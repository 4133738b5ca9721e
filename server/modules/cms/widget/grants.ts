import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { OpContext, SiteOp } from '../../../core/operation.ts';
import { AppError, ReplyCode } from '../../../core/errors.ts';
import { allBits, permBit, type PageWidgetPerm, type SitePerm } from '../../../../shared/cms/perms.ts';
import { actorBits, type GrantKind } from '../perms/operations.ts';
import { holdsEverything } from '../perms/grants.ts';
import { siteOpOf } from '../../../core/operation.ts';
import { cmsPageWidget } from './schema.ts';

/**
 * Rights on page widgets (spec §6 "page widget", ChestnutCMS PageWidget bits: View, Edit, Delete,
 * Publish, Offline). A right on the site covers its widgets, as a catalog grant covers its subtree:
 * Site View gives View, Site Edit gives Edit and Delete, Site Publish gives Publish and Offline.
 * Below that, a role or user is granted rights on single widgets (the grant dialog's tab).
 */
const FROM_SITE: [SitePerm, PageWidgetPerm[]][] = [['View', ['View']], ['Edit', ['Edit', 'Delete']], ['Publish', ['Publish', 'Offline']]];

function bitsFromSite(siteBits: number): number {
  let bits = 0;
  for (const [site, widget] of FROM_SITE) if (siteBits & permBit('Site', site)) for (const w of widget) bits |= permBit('PageWidget', w);
  return bits;
}

/** The actor's rights per widget of the current site; null: every right on every widget (administrators). */
export async function widgetRights(op: SiteOp): Promise<Map<number, number> | null> {
  if (holdsEverything(op.actor)) return null;
  const fromSite = bitsFromSite(op.site.bits);
  const granted = await actorBits(op, 'PageWidget');
  const ids = await op.tx.select({ id: cmsPageWidget.pageWidgetId }).from(cmsPageWidget).where(eq(cmsPageWidget.siteId, op.site.siteId));
  const out = new Map<number, number>();
  for (const { id } of ids) {
    const bits = fromSite | (granted?.get(id) ?? 0);
    if (bits) out.set(id, bits);
  }
  return out;
}

/** Row filter: `col` (a widget id column) among the widgets on which the actor holds `perm`. */
export async function widgetsWith(op: SiteOp, perm: PageWidgetPerm, col: PgColumn = cmsPageWidget.pageWidgetId): Promise<SQL | undefined> {
  const rights = await widgetRights(op);
  if (rights === null) return undefined;
  const bit = permBit('PageWidget', perm);
  const ids = [...rights].filter(([, b]) => (b & bit) !== 0).map(([id]) => id);
  return ids.length ? inArray(col, ids) : sql`false`;
}

/** Refuses the call unless the actor holds `perm` on each of these widgets. */
export async function requireWidgetRight(op: SiteOp, ids: readonly number[], perm: PageWidgetPerm): Promise<void> {
  const rights = await widgetRights(op);
  if (rights === null) return;
  const bit = permBit('PageWidget', perm);
  const missing = ids.find((id) => ((rights.get(id) ?? 0) & bit) === 0);
  if (missing !== undefined) throw new AppError('cms.pageWidget.rightMissing', { right: perm, id: missing }, ReplyCode.FORBIDDEN);
}

/** Page widget grants (the grant dialog, on the current site): the widgets the actor holds any right on. */
export const PAGE_WIDGET_GRANTS: GrantKind = {
  object: 'PageWidget',
  key: 'pageWidget',
  site: true,
  rights: async (op: OpContext) => {
    const rights = await widgetRights(siteOpOf(op));
    // The grid offers the actor's own rights only: null (administrator) stays "all".
    return rights === null ? null : new Map([...rights].map(([id, bits]) => [id, bits & allBits('PageWidget')]));
  },
  async objects(op, rights) {
    const site = siteOpOf(op).site.siteId;
    return op.tx.select({ id: cmsPageWidget.pageWidgetId, name: cmsPageWidget.name }).from(cmsPageWidget)
      .where(and(eq(cmsPageWidget.siteId, site), rights ? inArray(cmsPageWidget.pageWidgetId, [...rights.keys(), -1]) : undefined))
      .orderBy(cmsPageWidget.pageWidgetId);
  },
};
