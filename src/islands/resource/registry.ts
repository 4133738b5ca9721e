import type { ScreenSpec } from './types.ts';

/**
 * Screens by name. Definitions hold zod schemas and extensions hold functions, neither of which
 * can travel as island props, so a page names its screen and the island loads it here. Each
 * loader is its own chunk (definition, extensions and the namespace with the screen's texts),
 * so a page downloads only its own screen however many exist.
 */
const system = () => import('../../lib/i18n/ns/system.ts');
const monitor = () => import('../../lib/i18n/ns/monitor.ts');
const cms = () => import('../../lib/i18n/ns/cms.ts');

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
    const [m, x, u, c] = await Promise.all([
      import('../../lib/resources/monitor/logininfor.ts'),
      import('./extensions/clean.tsx'),
      import('./extensions/unlock.tsx'),
      import('./extensions/compose.tsx'),
      monitor(),
    ]);
    return { def: m.logininforResource, extensions: c.composeExtensions(x.cleanExtensions('monitor:logininfor:clean'), u.unlockExtensions) };
  },
  job: async () => {
    const [m, x] = await Promise.all([import('../../lib/resources/monitor/job.ts'), import('./extensions/job.tsx'), monitor()]);
    return { def: m.jobResource, extensions: x.jobExtensions };
  },
  jobLog: async () => {
    const [m, x] = await Promise.all([import('../../lib/resources/monitor/job.ts'), import('./extensions/job-log.tsx'), monitor()]);
    return { def: m.jobLogResource, extensions: x.jobLogExtensions() };
  },
  task: async () => {
    // system: the shared status switch's texts.
    const [m, x] = await Promise.all([import('../../lib/resources/monitor/task.ts'), import('./extensions/task.tsx'), monitor(), system()]);
    return { def: m.taskResource, extensions: x.taskExtensions };
  },
  online: async () => {
    const [m, x] = await Promise.all([import('../../lib/resources/monitor/online.ts'), import('./extensions/online.tsx'), monitor()]);
    return { def: m.onlineResource, extensions: x.onlineExtensions };
  },
  user: async () => {
    const [m, x] = await Promise.all([import('../../lib/resources/system/user.ts'), import('./extensions/user.tsx'), system()]);
    return { def: m.userResource, extensions: x.userExtensions };
  },
  dict: async () => {
    const [m, x] = await Promise.all([import('../../lib/resources/system/dict.ts'), import('./extensions/dict.tsx'), system()]);
    return { def: m.dictTypeResource, extensions: x.dictTypeExtensions };
  },
  notice: async () => {
    const [m, x] = await Promise.all([import('../../lib/resources/system/notice.ts'), import('./extensions/notice.tsx'), system()]);
    return { def: m.noticeResource, extensions: x.noticeExtensions };
  },
  i18nDict: async () => {
    const [m, x] = await Promise.all([import('../../lib/resources/system/i18n-dict.ts'), import('./extensions/i18n-dict.tsx'), system()]);
    return { def: m.i18nDictResource, extensions: x.i18nDictExtensions };
  },
  security: async () => {
    const [m, x] = await Promise.all([import('../../lib/resources/system/security.ts'), import('./extensions/security.tsx'), system()]);
    return { def: m.securityConfigResource, extensions: x.securityExtensions };
  },
  iprule: async () => {
    const [m] = await Promise.all([import('../../lib/resources/system/iprule.ts'), system()]);
    return { def: m.ipRuleResource };
  },
  role: async () => {
    const [m, x] = await Promise.all([import('../../lib/resources/system/role.ts'), import('./extensions/role.tsx'), system()]);
    return { def: m.roleResource, extensions: x.roleExtensions };
  },
  asyncTask: async () => {
    const [m, x] = await Promise.all([import('../../lib/resources/monitor/async-task.ts'), import('./extensions/async-task.tsx'), monitor()]);
    return { def: m.asyncTaskResource, extensions: x.asyncTaskExtensions };
  },
  dept: async () => {
    const [m, x] = await Promise.all([import('../../lib/resources/system/dept.ts'), import('./extensions/dept.tsx'), system()]);
    return { def: m.deptResource, extensions: x.deptExtensions };
  },
  messaging: async () => {
    const [m, x] = await Promise.all([import('../../lib/resources/system/messaging.ts'), import('./extensions/messaging.tsx'), system()]);
    return { def: m.messagingResource, extensions: x.messagingExtensions };
  },
  menu: async () => {
    const [m, x] = await Promise.all([import('../../lib/resources/system/menu.ts'), import('./extensions/menu.tsx'), system()]);
    return { def: m.menuResource, extensions: x.menuExtensions };
  },
  site: async () => {
    const [m, x] = await Promise.all([import('../../lib/resources/cms/site.ts'), import('./extensions/site.tsx'), cms()]);
    return { def: m.siteResource, extensions: x.siteExtensions };
  },
  publishPipe: async () => {
    const [m, x] = await Promise.all([import('../../lib/resources/cms/publish-pipe.ts'), import('./extensions/publish-pipe.tsx'), cms()]);
    return { def: m.publishPipeResource, extensions: x.publishPipeExtensions };
  },
  cmsResource: async () => {
    const [m, x] = await Promise.all([import('../../lib/resources/cms/resource.ts'), import('./extensions/cms-resource.tsx'), cms()]);
    return { def: m.resourceResource, extensions: x.cmsResourceExtensions };
  },
} satisfies Record<string, () => Promise<ScreenSpec>>;

export type ScreenName = keyof typeof screens;
export const SCREEN_NAMES = Object.keys(screens) as ScreenName[];
export const loadScreen = (name: ScreenName): Promise<ScreenSpec> => screens[name]();
