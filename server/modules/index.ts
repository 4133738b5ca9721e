import type { ServerModule } from '../core/route.ts';
import { authModule } from './auth/routes.ts';

/** Every API module the server mounts, in order. */
export const modules: ServerModule[] = [authModule];
