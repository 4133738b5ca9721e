import type { GenSpec } from '../model.ts';
import type { Names } from './names.ts';

/** server/modules/<module>/<name>/crud.ts: the resource's operations and routes, mounted by existing (core/crud-files.ts). */
export function crudFile({ table }: GenSpec, n: Names): string {
  const def = `../../../../shared/resources/${n.module}/${n.kebab}.ts`;
  if (n.siteScoped) {
    return `import { resourceOperations, type ResourceHooks } from '../../../core/resource.ts';
import { routesOf } from '../../../core/resource-routes.ts';
import type { SiteRef } from '../../../core/operation.ts';
import type { AnyRoute } from '../../../core/route.ts';
import { ${n.defConst} } from '${def}';
import { editsSite } from '../site/current.ts';
import { ${n.tableConst} } from './schema.ts';

/** Rows of ${table.tableName} are a site's: changing them needs Edit on the site, reading them View. */
const writesNeedSiteEdit: ResourceHooks<SiteRef>['access'] = { create: editsSite, update: editsSite, remove: editsSite };

export const ${n.opsConst} = resourceOperations<SiteRef>(${n.defConst}, ${n.tableConst}, { siteColumn: 'siteId', access: writesNeedSiteEdit });

export const routes: AnyRoute[] = routesOf(${n.opsConst});
`;
  }
  return `import { resourceOperations } from '../../../core/resource.ts';
import { routesOf } from '../../../core/resource-routes.ts';
import type { AnyRoute } from '../../../core/route.ts';
import { ${n.defConst} } from '${def}';
import { ${n.tableConst} } from './schema.ts';

/** Rows of ${table.tableName}: system-wide, the permission keys alone decide. */
export const ${n.opsConst} = resourceOperations(${n.defConst}, ${n.tableConst});

export const routes: AnyRoute[] = routesOf(${n.opsConst});
`;
}
