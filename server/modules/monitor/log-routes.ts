import type { PgTable } from 'drizzle-orm/pg-core';
import type { ResourceDef } from '../../../shared/resources/define.ts';
import { type ResourceHooks } from '../../core/resource.ts';
import { resourceRoutes } from '../../core/resource-routes.ts';
import { defineRoute, noData, type AnyRoute } from '../../core/route.ts';

/**
 * A log as a read-only resource: list, detail, export and delete come from its definition (which
 * declares no add/edit permission); `clean` empties it (DELETE {api}/clean, ChestnutCMS style).
 */
export function logRoutes(def: ResourceDef, table: PgTable, cleanPerm: string, hooks: ResourceHooks = {}): AnyRoute[] {
  return [
    // Before the generated routes: DELETE {api}/clean must not be read as an id.
    defineRoute({
      method: 'DELETE',
      url: `${def.api}/clean`,
      perm: cleanPerm,
      log: { title: def.title, type: 'CLEAN' },
      allowRepeat: true,
      reply: noData,
      handler: async ({ db }) => {
        await db.delete(table);
        return undefined;
      },
    }),
    ...resourceRoutes(def, table, hooks),
  ];
}
