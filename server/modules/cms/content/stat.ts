import { count, eq } from 'drizzle-orm';
import type { OpContext, SiteOp } from '../../../core/operation.ts';
import { hasPermission } from '../../../core/access.ts';
import { resourceResource } from '../../../../shared/resources/cms/resource.ts';
import { cmsResource } from '../resource/schema.ts';
import { siteCounts } from './list.ts';

/**
 * GET /cms/content/stat, Home's dashboard for the current site: live contents by status and by
 * type and the catalogs, all within the actor's catalog grants (list.ts `siteCounts`), and the
 * site's resources. The library is the site's, not a catalog's: its count is there for those who
 * may open it (the key its list checks) and null for the others.
 */
export async function dashboardCounts(op: SiteOp) {
  const counts = await siteCounts(op);
  let resources: number | null = null;
  if (hasPermission(op.actor, resourceResource.perms.view)) {
    const [row] = await op.tx.select({ n: count() }).from(cmsResource).where(eq(cmsResource.siteId, op.site.siteId));
    resources = Number(row?.n ?? 0);
  }
  return { ...counts, resources };
}
