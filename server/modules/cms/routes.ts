import type { ServerModule } from '../../core/route.ts';
import { API_PREFIX } from '../../../shared/constants.ts';
import { siteRoutes } from './site/routes.ts';
import { resolveCurrentSite } from './site/current.ts';
import { siteLifecycle } from './site/lifecycle.ts';
import { pipeRoutes } from './pipe/routes.ts';
import { publishRoutes } from './publish/routes.ts';
import { siteGrantRoutes } from './perms/routes.ts';
import { resourceRoutes } from './resource/routes.ts';
import { removeSitesObjects } from './resource/operations.ts';
import { serveResourcesToConsole } from './resource/serve.ts';
import { serveSites } from './publish/serve.ts';
import { servePreviews } from './template/preview-tickets.ts';
import { serveFormSubmit } from './customform/public-site.ts';
import { closePageThreads } from './template/on-request.ts';
import { publishWorkerOf } from './publish/service.ts';
import { closeRenderPool } from './publish/worker.ts';
import { settingsRoutes } from './settings/routes.ts';
import { seoRoutes } from './seo/routes.ts';
import { cdnRoutes } from './cdn/routes.ts';
import { pushDispatcherOf } from './seo/service.ts';
import { listenForPushes, pusherWorkerOf } from './pusher/service.ts';
import { catalogRoutes } from './catalog/routes.ts';
import { contentRoutes } from './content/routes.ts';
import { fileRoutes } from './file/routes.ts';
import { dynamicPageRoutes } from './dynamic/routes.ts';
import { searchRoutes } from './search/routes.ts';
import { resumeRebuilds } from './search/rebuild.ts';
import { catalogLifecycle } from './catalog/lifecycle.ts';
import { enqueueRemovedCatalogs } from './publish/catalog-removal.ts';
import { removeSitesFiles } from './file/lifecycle.ts';
import { CMS_TASKS } from './content/jobs.ts';
import { CMS_SEEDS } from './seeds.ts';
import { CMS_MENUS, CMS_ROOT_ID } from './menus.ts';
import { CMS_DICTS } from './dicts.ts';
import { CMS_MESSAGES } from './messages/index.ts';
import { templateRoutes } from './template/routes.ts';
import { previewRoutes } from './template/preview-routes.ts';
import { defaultThemeRoutes } from './template/default-theme/routes.ts';
import { removeSitesTemplates } from './template/operations.ts';
import { installMissingThemes } from './template/default-theme/install.ts';
import { DEFAULT_LOCALE } from '../../../shared/i18n/locales.ts';
import { crudRoutesIn } from '../../core/crud-files.ts';
import { serveAdCounter } from './widget/counter-routes.ts';
import { adCounterOf } from './widget/counter.ts';
import { viewCounterOf } from './stat/view-counter.ts';
import { watchAdDates } from './widget/ad-dates.ts';
import { wordCheckRoutes } from './word/check-routes.ts';
import { serveSearchApi } from './search-public/routes.ts';
import { servePublicApi } from './public-api/serve.ts';
import { PUBLIC_ROUTES } from './public-api/all-routes.ts';
import { serveReaderScript } from './public-api/reader-script.ts';
import { searchLoggerOf } from './searchlog/logger.ts';
import { searchLogRoutes } from './searchlog/routes.ts';
import { statRoutes } from './stat/routes.ts';
import { STAT_TASKS } from './stat/rollup.ts';
import { statRecorderOf } from './stat/recorder.ts';

// Domains made only of definitions (<domain>/crud.ts: friend links…) mount themselves.
const crudRoutes = await crudRoutesIn(import.meta.dirname);

// A deleted site's stored resources go after the delete commits.
siteLifecycle.removing.push(removeSitesObjects);
// And its templates.
siteLifecycle.removing.push(removeSitesTemplates);
// …and its static files.
siteLifecycle.removing.push(removeSitesFiles);
// A deleted catalog's published pages go, and the lists that linked it are published again.
catalogLifecycle.removing.push(enqueueRemovedCatalogs);

/**
 * The CMS: each domain's routes (server/modules/cms/<domain>/), the current site of a request, and
 * what it ships: its menu directory (granted whole to the built-in editor role), dictionaries,
 * seed steps (demo site, default pipes, scheduled jobs), messages and scheduled task types.
 */
export const cmsModule: ServerModule = {
  name: 'cms',
  routes: [...siteRoutes, ...pipeRoutes, ...publishRoutes, ...siteGrantRoutes, ...catalogRoutes, ...contentRoutes, ...resourceRoutes, ...settingsRoutes, ...seoRoutes, ...cdnRoutes, ...templateRoutes, ...previewRoutes, ...defaultThemeRoutes, ...fileRoutes, ...dynamicPageRoutes, ...wordCheckRoutes, ...searchRoutes, ...searchLogRoutes, ...statRoutes, ...crudRoutes],
  resolveSite: resolveCurrentSite,
  menus: { rows: CMS_MENUS, grantTo: { editor: [CMS_ROOT_ID] } },
  dicts: CMS_DICTS,
  seeds: CMS_SEEDS,
  messages: CMS_MESSAGES,
  tasks: { ...CMS_TASKS, ...STAT_TASKS },
  async start(app, services) {
    serveResourcesToConsole(app, services, API_PREFIX);
    // The message pushers' outbox takes CMS events in every process; the worker sends (below, with the publish worker).
    const pushEvents = listenForPushes(services);
    app.addHook('onClose', async () => pushEvents.stop());
    // Readers' ad impressions and clicks, counted in memory and written in batches; the rest is written on close.
    serveAdCounter(app, services);
    adCounterOf(services).start();
    app.addHook('onClose', () => adCounterOf(services).stop());
    // Readers' views of contents (public API `/api/stat/visit`), likewise: a batch a second, the rest on close.
    viewCounterOf(services).start();
    app.addHook('onClose', () => viewCounterOf(services).stop());
    // Every page's view as a raw event for the site statistics (stat/recorder.ts), likewise.
    statRecorderOf(services).start();
    app.addHook('onClose', () => statRecorderOf(services).stop());
    // Readers' searches (public, throttled per address), logged in batches; the rest is written on close.
    await serveSearchApi(app, services);
    searchLoggerOf(services).start();
    app.addHook('onClose', () => searchLoggerOf(services).stop());
    // Ads whose online or offline date passed: their spaces are published again (a minute at most late).
    if (services.config.publishWorker) {
      const stopWatching = watchAdDates(services, (err) => app.log.warn({ err }, 'ad dates not applied'));
      app.addHook('onClose', async () => stopWatching());
    }
    // Sites whose pipes have no template folder yet (the seeded demo site) get the default theme.
    await installMissingThemes(services.db, services.config.dataDir, DEFAULT_LOCALE).catch((err) => app.log.warn({ err }, 'default theme not installed'));
    if (services.config.publishWorker) {
      const worker = publishWorkerOf(services);
      await worker.start();
      app.addHook('onClose', () => worker.stop());
      // Pushes to search engines and CDN purges after publishes go out beside the worker.
      const pushes = pushDispatcherOf(services);
      pushes.start();
      app.addHook('onClose', () => pushes.stop());
      // Messages of the message pushers, from their outbox.
      const messages = pusherWorkerOf(services);
      messages.start();
      app.addHook('onClose', () => messages.stop());
    }
    // Search index rebuilds the last run of the server left unfinished go on (their cursor is durable).
    if (services.config.publishWorker) await resumeRebuilds(services).catch((err) => app.log.warn({ err }, 'search index rebuilds not resumed'));
    // A drain run by anyone (the worker, a script on this server's services) may have started render threads.
    app.addHook('onClose', () => closeRenderPool(services));
    app.addHook('onClose', () => closePageThreads(services));
  },
  // The published sites, on their own port: pages, resources and dynamic pages; and previews, by ticket.
  async startSites(sites, services) {
    servePreviews(sites, services);
    serveAdCounter(sites, services);
    await serveFormSubmit(sites, services);
    // The search API and the `_search` pages (search-public/page.ts: why the sites port serves them).
    await serveSearchApi(sites, services, { page: true });
    // The readers' API: members, comments, votes, views… (public-api/serve.ts).
    await servePublicApi(sites, services, PUBLIC_ROUTES);
    serveReaderScript(sites, services);
    serveSites(sites, services);
  },
};
