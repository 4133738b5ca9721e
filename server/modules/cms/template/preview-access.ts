import { and, eq, isNull } from 'drizzle-orm';
import { fail } from '../../../core/errors.ts';
import type { OpContext, SiteOp } from '../../../core/operation.ts';
import type { PreviewType } from '../../../../shared/validators/preview.ts';
import { catalogRights, catalogsWith, catalogWith, type CatalogRow } from '../catalog/access.ts';
import { cmsCatalog } from '../catalog/schema.ts';
import { contentWith } from '../content/access.ts';
import { cmsContent } from '../content/schema.ts';
import { bitsOn } from '../perms/grants.ts';
import { siteOutOfReach, viewableSites } from '../site/current.ts';
import { cmsSite } from '../site/schema.ts';
import type { LoadScope } from './data.ts';
import type { GrantNeed } from '../../../core/grants.ts';

/**
 * Who may preview what (spec §2 /cms/preview): the object names its site (no CurrentSite header);
 * the reader needs View on that site and, for a catalog or a content, View on its catalog — else
 * "not found", as for any object out of reach. Checked when the preview is rendered and again
 * when its ticket is shown (preview-tickets.ts).
 */
export async function previewObject(op: OpContext, type: PreviewType, id: number) {
  const siteId = await siteOf(op, type, id);
  const [site] = await op.tx.select().from(cmsSite).where(and(eq(cmsSite.siteId, siteId), viewableSites(op.actor)));
  if (!site) throw type === 'site' ? siteOutOfReach() : fail(type === 'catalog' ? 'cms.catalog.notFound' : 'cms.content.notFound');
  // The object's own site becomes the operation's, so the grant checks are those of any call on it.
  const onSite: SiteOp = { ...op, site: { siteId, siteName: site.name, path: site.path, bits: await bitsOn(op.tx, op.actor, 'Site', siteId) } };
  const catalog: CatalogRow | null = type === 'catalog' ? await catalogWith(onSite, id, 'View') : null;
  const content = type === 'content' ? await contentWith(onSite, id, 'View') : null;
  return { type, id, site, onSite, catalog, content };
}

/** What a preview shows: the object, its site, and the operation on that site. */
export type PreviewedObject = Awaited<ReturnType<typeof previewObject>>;

/**
 * The preview route's need (GET /cms/preview/:type/:id): the object at `params.id`, of the type at
 * `params.type`, viewable as `previewObject` says (View on its site and on its catalog).
 */
export const previewed: GrantNeed<PreviewedObject> = {
  need: 'Catalog.View',
  from: 'params.id',
  check: async (op, ids, input) => [await previewObject(op, (input.params as { type: PreviewType }).type, ids?.[0] ?? 0)],
};

/** The site an object belongs to (live rows only); an unknown id is "not found". */
async function siteOf(op: OpContext, type: PreviewType, id: number): Promise<number> {
  if (type === 'site') return id;
  if (type === 'catalog') {
    const [row] = await op.tx.select({ siteId: cmsCatalog.siteId }).from(cmsCatalog).where(and(eq(cmsCatalog.catalogId, id), isNull(cmsCatalog.deleteTime)));
    if (!row) throw fail('cms.catalog.notFound');
    return row.siteId;
  }
  const [row] = await op.tx.select({ siteId: cmsContent.siteId }).from(cmsContent).where(and(eq(cmsContent.contentId, id), isNull(cmsContent.recycleTime)));
  if (!row) throw fail('cms.content.notFound');
  return row.siteId;
}

/**
 * What a preview's templates may read for this reader (issue 26 N1, N7, issue 27): the catalogs
 * they may view and their contents, no other catalog (data.ts readerCatalogTree), sites they may
 * view. `op.site` is the previewed site.
 */
export async function readerScope(op: SiteOp, pipeCode: string): Promise<LoadScope> {
  const siteId = op.site.siteId;
  const catalogIds = await catalogsWith(op, 'View', await catalogRights(op, siteId));
  const viewable = viewableSites(op.actor);
  const siteIds = viewable ? (await op.tx.select({ id: cmsSite.siteId }).from(cmsSite).where(viewable)).map((r) => r.id) : null;
  return { siteId, pipeCode, catalogIds, siteIds };
}
