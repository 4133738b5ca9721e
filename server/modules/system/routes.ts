import { systemCaches, reloadDbTexts } from './services.ts';
import type { ServerModule } from '../../core/route.ts';
import { configRoutes } from './config.ts';
import { postRoutes } from './post.ts';

/** System administration resources, each generated from its shared definition. */
export const systemModule: ServerModule = {
  name: 'system',
  routes: [...postRoutes, ...configRoutes],
  caches: systemCaches,
  // Texts edited in the database (menu titles, dictionary labels, overrides) before the first request.
  async init(services) {
    await reloadDbTexts(services);
  },
};
