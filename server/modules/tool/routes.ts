import type { ServerModule } from '../../core/route.ts';
import { genRoutes } from './gen/routes.ts';
import { GEN_MESSAGES } from './gen/messages.ts';

/** Developer tools: the code generator (its menu rows, 116 and buttons, ship with the system's seed). */
export const toolModule: ServerModule = {
  name: 'tool',
  routes: genRoutes,
  messages: GEN_MESSAGES,
};
