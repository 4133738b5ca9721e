import type { Locale } from '../../shared/i18n/locales.ts';
import type { Tx } from '../db/client.ts';
import type { ResourceDef } from '../../shared/resources/define.ts';
import type { Texts } from '../../shared/resources/declare.ts';

// The shapes of what a module ships into a new database (menus, dictionaries, configs, seed steps),
// with the builders its lists are written with. The system module's seed stores them; modules
// declare theirs on their ServerModule (core/route.ts), so none has to import another's data.

/** Titles in the order the reference data lists them: zh-CN, en, zh-TW. */
export type Titles = readonly [zhCN: string, en: string, zhTW: string];

/** Which language each position of a `Titles` tuple holds (values of sys_i18n_dict.lang_tag). */
export const TITLE_LANGS = ['zh-CN', 'en', 'zh-TW'] as const satisfies readonly Locale[];

export type YN = 'Y' | 'N';

/** One sys_menu row as shipped; `titles[0]` is also its menu_name. */
export interface MenuSeed {
  menuId: number;
  parentId: number;
  /** M directory, C menu (a page), F button (a permission only) */
  menuType: 'M' | 'C' | 'F';
  orderNum: number;
  titles: Titles;
  path: string;
  component: string | null;
  query: string | null;
  /** null on directories: their visibility follows their children */
  perms: string | null;
  icon: string;
  isFrame: YN;
  isCache: YN;
  visible: YN;
  remark: string | null;
}

export interface PageOptions {
  visible?: YN;
  isCache?: YN;
  query?: string;
  remark?: string;
}

export function dir(menuId: number, parentId: number, orderNum: number, path: string, icon: string, titles: Titles): MenuSeed {
  return { menuId, parentId, menuType: 'M', orderNum, titles, path, component: null, query: null, perms: null, icon, isFrame: 'N', isCache: 'Y', visible: 'Y', remark: null };
}

export function page(
  menuId: number, parentId: number, orderNum: number, path: string, component: string, perms: string, icon: string, titles: Titles, opts: PageOptions = {},
): MenuSeed {
  return {
    menuId, parentId, menuType: 'C', orderNum, titles, path, component, query: opts.query ?? null, perms, icon,
    isFrame: 'N', isCache: opts.isCache ?? 'Y', visible: opts.visible ?? 'Y', remark: opts.remark ?? null,
  };
}

/** Generic button titles, used when a button spec names none (the grant tree shows them under their page). */
export const ACTION_TITLES: Record<string, Titles> = {
  add: ['新增', 'Add', '新增'],
  edit: ['修改', 'Edit', '修改'],
  remove: ['删除', 'Delete', '刪除'],
  export: ['导出', 'Export', '匯出'],
  import: ['导入', 'Import', '匯入'],
  publish: ['发布', 'Publish', '發布'],
  offline: ['下线', 'Take Offline', '下架'],
  move: ['移动', 'Move', '移動'],
  lock: ['锁定/解锁', 'Lock/Unlock', '鎖定/解鎖'],
  restore: ['回收站恢复', 'Restore from Recycle Bin', '從資源回收筒還原'],
  changeStatus: ['修改状态', 'Change Status', '修改狀態'],
  run: ['执行一次', 'Run Once', '執行一次'],
  clean: ['清空', 'Clear All', '清空'],
  audit: ['审核', 'Review', '審核'],
  resetPwd: ['重置密码', 'Reset Password', '重設密碼'],
  grant: ['授权', 'Grant', '授權'],
  unlock: ['解锁', 'Unlock', '解鎖'],
  forceLogout: ['强制退出', 'Force Logout', '強制登出'],
  clear: ['清理缓存', 'Clear Cache', '清除快取'],
  stop: ['停止', 'Stop', '停止'],
};

/** [menuId, action, titles?]: the key becomes `<resource>:<action>`. */
export type ButtonSpec = readonly [menuId: number, action: string, titles?: Titles];

/** Buttons of one page, ordered as listed; `resource` is `module:resource`, e.g. `system:user`. */
export function buttons(parentId: number, resource: string, specs: readonly ButtonSpec[]): MenuSeed[] {
  return specs.map(([menuId, action, titles], i) => {
    const t = titles ?? ACTION_TITLES[action];
    if (!t) throw new Error(`menu ${menuId}: no titles for action ${action}`);
    return {
      menuId, parentId, menuType: 'F', orderNum: i + 1, titles: t, path: '', component: null, query: null,
      perms: `${resource}:${action}`, icon: '#', isFrame: 'N', isCache: 'Y', visible: 'Y', remark: null,
    };
  });
}

const titlesOf = (t: Texts): Titles => [t['zh-CN'], t.en, t['zh-TW']];

/**
 * A definition's menu page and its button rows (one per action its `menu.buttons` names, keyed by
 * the definition's permission key of that action), titled by the definition's texts.
 */
export function menuRowsOf(def: ResourceDef): MenuSeed[] {
  const { menu, texts } = def;
  if (!menu) return [];
  if (!texts) throw new Error(`${def.name}: a menu entry needs the definition's texts (its title)`);
  const rows: MenuSeed[] = [page(menu.id, menu.parent.id, menu.order, menu.path, menu.component, def.perms.view, menu.icon, titlesOf(texts.title))];
  const actions = Object.entries(menu.buttons ?? {}) as [keyof typeof def.perms, number][];
  actions.forEach(([action, menuId], i) => {
    const key = def.perms[action];
    if (!key) throw new Error(`${def.name}: button ${action} has no permission key`);
    rows.push({
      menuId, parentId: menu.id, menuType: 'F', orderNum: i + 1, titles: ACTION_TITLES[action]!, path: '', component: null, query: null,
      perms: key, icon: '#', isFrame: 'N', isCache: 'Y', visible: 'Y', remark: null,
    });
  });
  return rows;
}

/** One sys_dict_data row; its sort is its position in the list. */
export interface DictValueSeed {
  value: string;
  titles: Titles;
  listClass: string | null;
  cssClass: string | null;
  isDefault: YN;
  remark: string | null;
}

/** One sys_dict_type with its values; all are shipped as fixed ('Y'). */
export interface DictSeed {
  type: string;
  titles: Titles;
  values: readonly DictValueSeed[];
}

export function v(value: string, titles: Titles, opts: { listClass?: string; cssClass?: string; isDefault?: YN; remark?: string } = {}): DictValueSeed {
  return { value, titles, listClass: opts.listClass ?? null, cssClass: opts.cssClass ?? null, isDefault: opts.isDefault ?? 'N', remark: opts.remark ?? null };
}

/** One built-in sys_config row (config_type 'Y': it can be edited but not deleted). */
export interface ConfigSeed {
  key: string;
  /** zh-CN, as the config screen shows it */
  name: string;
  value: string;
  remark: string;
}

/** What the seed runner hands each step: everything the modules ship, and what steps report back. */
export interface SeedContext {
  shipped: ShippedData;
  /** true once a step created the administrator (main.ts prints the credentials on the first start) */
  createdAdmin: boolean;
}

/** Every module's data, composed: the system's own rows and what the other modules contribute. */
export interface ShippedData {
  menus: readonly MenuSeed[];
  /** role key → the directories whose whole subtree that built-in role is granted */
  roleMenuRoots: Readonly<Record<string, readonly number[]>>;
  dicts: readonly DictSeed[];
  configs: readonly ConfigSeed[];
}

/**
 * A unit of shipped data. Its name is recorded in sys_seed_state once it has run, so it never
 * runs again on that database: rename nothing, and ship later data as a new step (e.g. 'menus-v2').
 */
export interface SeedStep {
  name: string;
  run(tx: Tx, ctx: SeedContext): Promise<void>;
}
