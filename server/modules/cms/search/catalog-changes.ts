import { and, eq, like, sql } from 'drizzle-orm';
import { catalogLifecycle } from '../catalog/lifecycle.ts';
import { catalogTerm, chainIds, termsLiteral } from './filter-terms.ts';
import { cmsSearchIndex } from './schema.ts';

/**
 * Index rows keep their catalog's chain of ids and path (a "with children" filter and a result's
 * link read them without a join). The catalog tree's changes reach them in the same transaction,
 * as they reach the contents (content/workflow.ts): a search for a catalog's subtree finds the
 * contents of a catalog moved into it at once (their chain and its terms: filter-terms.ts), and a
 * result links to its catalog's new folder.
 */
catalogLifecycle.moved.push(async (op, oldPrefix, newPrefix) => {
  // The chain's ids above the moved catalog change; its own and its descendants' stay.
  const before = chainIds(oldPrefix);
  const after = chainIds(newPrefix);
  const gone = before.filter((id) => !after.includes(id)).map(catalogTerm);
  const added = after.filter((id) => !before.includes(id)).map(catalogTerm);
  const tsv = sql`ts_delete(${cmsSearchIndex.tsv}, ${`{${gone.map((t) => `"${t}"`).join(',')}}`}::text[]) || ${termsLiteral(added)}::tsvector`;
  await op.tx.update(cmsSearchIndex).set({
    catalogAncestors: sql`${newPrefix} || substr(${cmsSearchIndex.catalogAncestors}, ${oldPrefix.length + 1})`,
    tsv,
  }).where(and(eq(cmsSearchIndex.siteId, op.site.siteId), like(cmsSearchIndex.catalogAncestors, `${oldPrefix}%`)));
});

catalogLifecycle.pathChanged.push(async (op, catalog, newPath) => {
  await op.tx.update(cmsSearchIndex).set({ catalogPath: newPath })
    .where(and(eq(cmsSearchIndex.siteId, op.site.siteId), eq(cmsSearchIndex.catalogId, catalog.catalogId)));
});
