import { defineRoute, type ServerModule } from '../../core/route.ts';
import { siteIdParams, siteListQuery } from '../../../src/lib/validators/site.ts';
import { currentSite, listSites, requestedSiteId, setCurrentSite } from './site.ts';
import { clearReadyTasks, pendingTaskCount } from './publish.ts';

// What the console frame needs from the CMS before the CMS screens exist: the site picker
// (list, current, set) and the publish indicator (count, clear).
export const cmsModule: ServerModule = {
  name: 'cms',
  routes: [
    defineRoute({
      method: 'GET',
      url: '/cms/site/list',
      perm: 'cms:site:view',
      query: siteListQuery,
      handler: ({ db, query, services }) => listSites(db, query, services.config.port),
    }),
    defineRoute({
      method: 'GET',
      url: '/cms/site/getCurrentSite',
      perm: 'login',
      handler: ({ db, req }) => currentSite(db, requestedSiteId(req.headers)),
    }),
    defineRoute({
      method: 'POST',
      url: '/cms/site/setCurrentSite/:siteId',
      perm: 'cms:site:view',
      params: siteIdParams,
      // Choosing a site changes nothing on the server: not an operation to log, nor to guard.
      log: false,
      allowRepeat: true,
      handler: ({ db, params }) => setCurrentSite(db, params.siteId),
    }),
    defineRoute({
      method: 'GET',
      url: '/cms/publish/taskCount',
      perm: 'login',
      handler: ({ db }) => pendingTaskCount(db),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/cms/publish/clear',
      perm: { anyOf: ['cms:site:publish', 'cms:content:publish'] },
      log: { title: 'oplog.publishClear', type: 'CLEAN' },
      handler: async ({ db }) => {
        await clearReadyTasks(db);
      },
    }),
  ],
};
