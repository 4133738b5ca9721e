import type { ScreenSpec } from './types.ts';

/**
 * Screens by name. Definitions hold zod schemas and extensions hold functions, neither of which
 * can travel as island props, so a page names its screen and the island loads it here. Each
 * loader is its own chunk (definition, extensions and the namespace with the screen's texts),
 * so a page downloads only its own screen however many exist.
 */
const system = () => import('../../lib/i18n/ns/system.ts');
const monitor = () => import('../../lib/i18n/ns/monitor.ts');

const screens = {
  post: async () => {
    const [m] = await Promise.all([import('../../lib/resources/system/post.ts'), system()]);
    return { def: m.postResource };
  },
  config: async () => {
    const [m, x] = await Promise.all([import('../../lib/resources/system/config.ts'), import('./extensions/config.tsx'), system()]);
    return { def: m.configResource, extensions: x.configExtensions };
  },
  operlog: async () => {
    const [m, x] = await Promise.all([import('../../lib/resources/monitor/operlog.ts'), import('./extensions/clean.tsx'), monitor()]);
    return { def: m.operlogResource, extensions: x.cleanExtensions('monitor:operlog:clean') };
  },
  logininfor: async () => {
    const [m, x] = await Promise.all([import('../../lib/resources/monitor/logininfor.ts'), import('./extensions/clean.tsx'), monitor()]);
    return { def: m.logininforResource, extensions: x.cleanExtensions('monitor:logininfor:clean') };
  },
} satisfies Record<string, () => Promise<ScreenSpec>>;

export type ScreenName = keyof typeof screens;
export const SCREEN_NAMES = Object.keys(screens) as ScreenName[];
export const loadScreen = (name: ScreenName): Promise<ScreenSpec> => screens[name]();
