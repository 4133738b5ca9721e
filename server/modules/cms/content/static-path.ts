import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { OpContext, SiteOp } from '../../../core/operation.ts';
import { failAt } from '../../../core/errors.ts';
import { cmsCatalog } from '../catalog/schema.ts';
import { cmsDynamicPage } from '../dynamic/schema.ts';
import { staticPathClash, staticPathsMeet, stemOf } from '../template/static-paths.ts';
import { cmsContent } from './schema.ts';

const FIELD = 'staticPath';
/** `LIKE` text matching itself. */
const literal = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A content's static path must be a file of its own in every pipe (template/static-paths.ts): not
 * a name publishing gives pages, not in the site's own folders, not a catalog's folder (nor, for a
 * book, the folder its chapter pages go to), not another content's static path or one of its
 * pages N (contents in the recycle bin keep theirs: they may come back), not a dynamic page's
 * address. Each refusal names the field and what holds the path.
 */
export async function assertStaticPathFree(op: SiteOp, path: string | null | undefined, self: { contentId?: number; contentType: string }) {
  if (!path) return;
  const clash = staticPathClash(path);
  if (clash) throw failAt(FIELD, clash === 'generated' ? 'cms.content.staticPathGenerated' : 'cms.content.staticPathReserved', { path });
  const siteId = op.site.siteId;
  const slashAt = path.lastIndexOf('/');
  const folders = [`${path}/`.toLowerCase()];
  if (self.contentType === 'book') folders.push(`${path.slice(0, slashAt + 1)}${stemOf(path)}/`.toLowerCase());
  const [catalog] = await op.tx.select({ name: cmsCatalog.name }).from(cmsCatalog)
    .where(and(eq(cmsCatalog.siteId, siteId), isNull(cmsCatalog.deleteTime), sql`lower(${cmsCatalog.path}) in (${sql.join(folders.map((f) => sql`${f}`), sql`, `)})`)).limit(1);
  if (catalog) throw failAt(FIELD, 'cms.content.staticPathCatalog', { path, catalog: catalog.name });
  // Every page of a static path starts with its name before any `_N` and the suffix.
  const root = `${path.slice(0, slashAt + 1)}${stemOf(path).replace(/_\d+$/, '')}`.toLowerCase();
  const others = await op.tx.select({ title: cmsContent.title, staticPath: cmsContent.staticPath }).from(cmsContent).where(and(
    eq(cmsContent.siteId, siteId),
    isNotNull(cmsContent.staticPath),
    sql`lower(${cmsContent.staticPath}) like ${`${literal(root)}%`}`,
    self.contentId ? ne(cmsContent.contentId, self.contentId) : undefined,
  ));
  const taken = others.find((o) => staticPathsMeet(o.staticPath!, path));
  if (taken) throw failAt(FIELD, 'cms.content.staticPathTaken', { path, title: taken.title });
  const [dynamic] = await op.tx.select({ name: cmsDynamicPage.name }).from(cmsDynamicPage)
    .where(and(eq(cmsDynamicPage.siteId, siteId), sql`lower(${cmsDynamicPage.path}) = ${path.toLowerCase()}`)).limit(1);
  if (dynamic) throw failAt(FIELD, 'cms.content.staticPathDynamic', { path, name: dynamic.name });
}
