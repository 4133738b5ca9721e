import type { DbOrTx } from '../../../db/client.ts';
import { fail } from '../../../core/errors.ts';
import { cmsSite } from '../site/schema.ts';
import { editorLinks, ResourceSites, type EditorLinks } from './internal-links.ts';

/**
 * The editor's links for a site (internal-links.ts): its resources and every other site's, so a
 * copy or a mapping of another site's content keeps naming that site's files. Sites are few; one
 * statement reads them all.
 */
export async function editorLinksOf(tx: DbOrTx, siteId: number): Promise<EditorLinks> {
  const sites = await tx.select({ siteId: cmsSite.siteId, path: cmsSite.path, resourceUrl: cmsSite.resourceUrl, configProps: cmsSite.configProps }).from(cmsSite);
  const current = sites.find((s) => s.siteId === siteId);
  if (!current) throw fail('cms.site.notFound', { siteId });
  return editorLinks(new ResourceSites(current, sites));
}
