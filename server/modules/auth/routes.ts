import type { ServerModule } from '../../core/route.ts';

export const authModule: ServerModule = { name: 'auth', routes: [] };
