import type { ResourceDef } from '../../../shared/resources/define.ts';
import type { ResourceExtensions, ScreenSpec } from './types.ts';
import declared from 'virtual:declared-screens';

/**
 * Screens by name. Extensions hold functions, which cannot travel as island props, so a page
 * names its screen and the island loads its parts here: the extensions and the namespaces of its
 * texts, each loader its own chunk, so a page downloads only its own screen however many exist.
 * The definition holds Zod schemas: a list draws from a copy without them that the page was built
 * with (ResourcePage.astro, resourceView), and the definition itself loads when a form opens.
 */
interface ScreenEntry {
  /** the whole definition, with its input schemas (forms, and the build) */
  def(): Promise<ResourceDef>;
  /** what the screen draws with besides the definition (a declared screen's come from the page's view of it) */
  parts(view?: ResourceDef): Promise<ResourceExtensions | undefined>;
}

/** A screen's entry: its definition, the namespaces of its texts, its extensions if it has any. */
const screen = (def: () => Promise<ResourceDef>, texts: (() => Promise<unknown>)[], extensions?: () => Promise<ResourceExtensions>): ScreenEntry => ({
  def,
  parts: async () => (await Promise.all([extensions?.(), ...texts.map((load) => load())]))[0] as ResourceExtensions | undefined,
});
const system = () => import('../../lib/i18n/ns/system.ts');
const monitor = () => import('../../lib/i18n/ns/monitor.ts');
const cms = () => import('../../lib/i18n/ns/cms.ts');

const screens = {
  post: screen(() => import('../../../shared/resources/system/post.ts').then((m) => m.postResource), [system]),
  config: screen(() => import('../../../shared/resources/system/config.ts').then((m) => m.configResource), [system], () => import('./extensions/config.tsx').then((x) => x.configExtensions)),
  operlog: screen(() => import('../../../shared/resources/monitor/operlog.ts').then((m) => m.operlogResource), [monitor], () => import('./extensions/clean.tsx').then((x) => x.cleanExtensions('monitor:operlog:clean'))),
  logininfor: screen(() => import('../../../shared/resources/monitor/logininfor.ts').then((m) => m.logininforResource), [monitor],
    async () => {
      const [x, u, c] = await Promise.all([
        import('./extensions/clean.tsx'),
        import('./extensions/unlock.tsx'),
        import('./extensions/compose.tsx'),
      ]);
      return c.composeExtensions(x.cleanExtensions('monitor:logininfor:clean'), u.unlockExtensions);
    },
  ),
  job: screen(() => import('../../../shared/resources/monitor/job.ts').then((m) => m.jobResource), [monitor], () => import('./extensions/job.tsx').then((x) => x.jobExtensions)),
  jobLog: screen(() => import('../../../shared/resources/monitor/job.ts').then((m) => m.jobLogResource), [monitor], () => import('./extensions/job-log.tsx').then((x) => x.jobLogExtensions())),
  task: screen(() => import('../../../shared/resources/monitor/task.ts').then((m) => m.taskResource), [monitor, system], () => import('./extensions/task.tsx').then((x) => x.taskExtensions)),
  online: screen(() => import('../../../shared/resources/monitor/online.ts').then((m) => m.onlineResource), [monitor], () => import('./extensions/online.tsx').then((x) => x.onlineExtensions)),
  user: screen(() => import('../../../shared/resources/system/user.ts').then((m) => m.userResource), [system], () => import('./extensions/user.tsx').then((x) => x.userExtensions)),
  dict: screen(() => import('../../../shared/resources/system/dict.ts').then((m) => m.dictTypeResource), [system], () => import('./extensions/dict.tsx').then((x) => x.dictTypeExtensions)),
  notice: screen(() => import('../../../shared/resources/system/notice.ts').then((m) => m.noticeResource), [system], () => import('./extensions/notice.tsx').then((x) => x.noticeExtensions)),
  i18nDict: screen(() => import('../../../shared/resources/system/i18n-dict.ts').then((m) => m.i18nDictResource), [system], () => import('./extensions/i18n-dict.tsx').then((x) => x.i18nDictExtensions)),
  security: screen(() => import('../../../shared/resources/system/security.ts').then((m) => m.securityConfigResource), [system], () => import('./extensions/security.tsx').then((x) => x.securityExtensions)),
  iprule: screen(() => import('../../../shared/resources/system/iprule.ts').then((m) => m.ipRuleResource), [system]),
  role: screen(() => import('../../../shared/resources/system/role.ts').then((m) => m.roleResource), [system], () => import('./extensions/role.tsx').then((x) => x.roleExtensions)),
  asyncTask: screen(() => import('../../../shared/resources/monitor/async-task.ts').then((m) => m.asyncTaskResource), [monitor], () => import('./extensions/async-task.tsx').then((x) => x.asyncTaskExtensions)),
  dept: screen(() => import('../../../shared/resources/system/dept.ts').then((m) => m.deptResource), [system], () => import('./extensions/dept.tsx').then((x) => x.deptExtensions)),
  messaging: screen(() => import('../../../shared/resources/system/messaging.ts').then((m) => m.messagingResource), [system], () => import('./extensions/messaging.tsx').then((x) => x.messagingExtensions)),
  menu: screen(() => import('../../../shared/resources/system/menu.ts').then((m) => m.menuResource), [system], () => import('./extensions/menu.tsx').then((x) => x.menuExtensions)),
  site: screen(() => import('../../../shared/resources/cms/site.ts').then((m) => m.siteResource), [cms], () => import('./extensions/site.tsx').then((x) => x.siteExtensions)),
  publishPipe: screen(() => import('../../../shared/resources/cms/publish-pipe.ts').then((m) => m.publishPipeResource), [cms], () => import('./extensions/publish-pipe.tsx').then((x) => x.publishPipeExtensions)),
  cmsResource: screen(() => import('../../../shared/resources/cms/resource.ts').then((m) => m.resourceResource), [cms], () => import('./extensions/cms-resource.tsx').then((x) => x.cmsResourceExtensions)),
} satisfies Record<string, ScreenEntry>;

// Definitions that declare their screen (src/lib/build/definition-screens.ts): each its own chunk;
// what such a screen does beyond the generic one is declared in the definition too, as data.
const definitions = import.meta.glob<Record<string, ResourceDef>>('../../../shared/resources/{cms,system,monitor,workflow}/*.ts');
// What some declared screens do beyond their definition (toolbar actions, an editor, a chart),
// composed with what the definition declares; each its own chunk.
const declaredMore: Record<string, (def: ResourceDef) => Promise<ResourceExtensions>> = {
  pageWidget: (def) => import('./extensions/page-widget.tsx').then((x) => x.pageWidgetExtensions(def.perms.edit!)),
  adSpace: (def) => import('./extensions/page-widget.tsx').then((x) => x.adSpaceExtensions(def.perms.edit!)),
  advertisement: () => import('./extensions/page-widget.tsx').then((x) => x.advertisementExtensions),
  customForm: () => import('./extensions/custom-form.tsx').then((x) => x.customFormExtensions),
  customFormData: () => import('./extensions/custom-form-data.tsx').then((x) => x.customFormDataExtensions),
  member: () => import('./extensions/member.tsx').then((x) => x.memberExtensions),
  comment: () => import('./extensions/comment.tsx').then((x) => x.commentExtensions),
  vote: () => import('./extensions/vote.tsx').then((x) => x.voteExtensions),
  mailbox: () => import('./extensions/mailbox.tsx').then((x) => x.mailboxExtensions),
  pusher: () => import('./extensions/pusher.tsx').then((x) => x.pusherExtensions),
  pusherDelivery: () => import('./extensions/pusher.tsx').then((x) => x.pusherDeliveryExtensions),
  workflowModel: () => import('./extensions/workflow-model.tsx').then((x) => x.workflowModelExtensions),
};
const declaredEntry = (name: string, file: string, exported: string): ScreenEntry => {
  const def = () => definitions[`../../../shared/resources/${file}`]!().then((m) => m[exported]!);
  return {
    def,
    parts: async (view) => {
      const d = view ?? (await def());
      const base = (await import('./extensions/declared.tsx')).declaredExtensions(d);
      const more = declaredMore[name];
      if (!more) return base;
      const [extra, compose] = await Promise.all([more(d), import('./extensions/compose.tsx')]);
      return compose.composeExtensions(base, extra);
    },
  };
};
const entries: Record<string, ScreenEntry> = {
  ...screens,
  ...Object.fromEntries(declared.map((d) => [d.resource, declaredEntry(d.resource, d.file, d.exported)])),
};

/** A screen's name: a listed one above, or a declaring definition's name. */
export type ScreenName = string;
export const SCREEN_NAMES: readonly ScreenName[] = Object.keys(entries);
const entry = (name: ScreenName) => {
  const found = entries[name];
  if (!found) throw new Error(`no screen ${name}`);
  return found;
};
/** The whole screen: definition and extensions (the build's first calls, tests). */
export const loadScreen = async (name: ScreenName): Promise<ScreenSpec> => {
  const def = await entry(name).def();
  return { def, extensions: await entry(name).parts(def) };
};
/** What a list draws with beyond the page's view of the definition: extensions and texts. */
export const loadScreenParts = (name: ScreenName, view?: ResourceDef) => entry(name).parts(view);
/** The screen's whole definition, for its forms. */
export const loadScreenDef = (name: ScreenName) => entry(name).def();
