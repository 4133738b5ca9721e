import type { ServerModule } from '../../core/route.ts';
import { API_PREFIX } from '../../../src/lib/constants.ts';
import { siteRoutes } from './site/routes.ts';
import { resolveCurrentSite } from './site/current.ts';
import { siteLifecycle } from './site/lifecycle.ts';
import { pipeRoutes } from './pipe/routes.ts';
import { publishRoutes } from './publish/routes.ts';
import { siteGrantRoutes } from './perms/routes.ts';
import { resourceRoutes } from './resource/routes.ts';
import { removeSitesObjects } from './resource/operations.ts';
import { serveResources } from './resource/serve.ts';
import { settingsRoutes } from './settings/routes.ts';
import { catalogRoutes } from './catalog/routes.ts';
import { contentRoutes } from './content/routes.ts';
import { fileRoutes } from './file/routes.ts';
import { removeSitesFiles } from './file/lifecycle.ts';
import { CMS_TASKS } from './content/jobs.ts';
import { cmsSeeds } from './seeds.ts';
import { registerTasks } from '../job/registry.ts';

registerTasks(CMS_TASKS);

// A deleted site's stored resources go after the delete commits.
siteLifecycle.removing.push(removeSitesObjects);
// …and its static files.
siteLifecycle.removing.push(removeSitesFiles);

/** The CMS: each domain's routes (server/modules/cms/<domain>/), and the current site of a request. */
export const cmsModule: ServerModule = {
  name: 'cms',
  routes: [...siteRoutes, ...pipeRoutes, ...publishRoutes, ...siteGrantRoutes, ...catalogRoutes, ...contentRoutes, ...resourceRoutes, ...settingsRoutes, ...fileRoutes],
  resolveSite: resolveCurrentSite,
  seeds: cmsSeeds,
  start(app, services) {
    serveResources(app, services, API_PREFIX);
  },
};
