import { rm } from 'node:fs/promises';
import type { OpContext } from '../../../core/operation.ts';
import type { cmsSite } from '../site/schema.ts';
import { siteStaticDir } from './roots.ts';

/**
 * A deleted site's static files go after the delete commits: a new site may take the same folder
 * name later and must not find another site's files in it. (Its templates are the template
 * engine's to remove.)
 */
export function removeSitesFiles(op: OpContext, sites: (typeof cmsSite.$inferSelect)[]) {
  op.afterCommit(async () => {
    for (const site of sites) {
      await rm(siteStaticDir(op.services.config.dataDir, site.path), { recursive: true, force: true })
        .catch((err: unknown) => console.warn(`files: could not remove the static files of site ${site.path}:`, err));
    }
  });
}
