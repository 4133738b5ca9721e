import type { GrantNeed, InputPath } from '../../../core/grants.ts';
import { resources } from './operations.ts';
import type { cmsResource } from './schema.ts';

type ResourceRow = typeof cmsResource.$inferSelect;

/**
 * Changes the stored library rows whose ids are at `from`: each must be of the current site (one
 * of another site answers "not found", as if it did not exist) and the actor must hold Edit on the
 * site (the resource's own update rule). The handler gets the stored rows, never the body's word.
 */
export function onResources(from: InputPath): GrantNeed<ResourceRow> {
  return {
    need: 'Site.Edit',
    from,
    async check(op, ids) {
      const rows: ResourceRow[] = [];
      for (const id of new Set(ids)) rows.push((await resources.load(op, 'update', id)) as ResourceRow);
      return rows;
    },
  };
}
