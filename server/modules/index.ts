import type { ServerModule } from '../core/route.ts';
import { authModule } from './auth/routes.ts';
import { selfServiceModule } from './system/profile-routes.ts';
import { monitorModule } from './monitor/routes.ts';
import { systemModule } from './system/routes.ts';

/** Every API module the server mounts, in order. */
export const modules: ServerModule[] = [authModule, selfServiceModule, systemModule, monitorModule];
