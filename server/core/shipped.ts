import type { ServerModule } from './route.ts';
import type { MessageCatalog } from './i18n.ts';
import { menuRowsOf, type ConfigSeed, type DictSeed, type MenuSeed, type SeedStep } from './seed-data.ts';
import type { ResourceDef } from '../../shared/resources/define.ts';
import { oplogTextsOf, screenTextsOf } from '../../shared/resources/texts.ts';
import { NOTHING_SHIPPED, perLanguage, type Shipped, type Task } from './services.ts';

// The shape lives with the services that hold it (no import cycle between the two).
export { NOTHING_SHIPPED, type Shipped };

/** The definitions a module's routes serve that declare what ships with them (menu, texts). */
export const definitionsOf = (m: ServerModule): ResourceDef[] =>
  [...new Set(m.routes.flatMap((r) => (r.resource && (r.resource.menu || r.resource.texts) ? [r.resource] : [])))];

/** A module's menu rows: those it lists, then its definitions'. */
const menusOf = (m: ServerModule): MenuSeed[] => [...(m.menus?.rows ?? []), ...definitionsOf(m).flatMap(menuRowsOf)];

/**
 * Gathers every module's contributions. Two modules shipping the same menu id, dictionary type,
 * config key, seed step or task key would overwrite each other's data unnoticed: that stops the
 * server at start, naming both.
 */
export function shippedBy(modules: readonly ServerModule[]): Shipped {
  const once = uniqueness();
  const roleMenuRoots: Record<string, number[]> = {};
  const tasks = new Map<string, Task>();
  for (const m of modules) {
    for (const row of menusOf(m)) once('menu', row.menuId, m.name);
    for (const d of definitionsOf(m)) once('definition', d.name, m.name);
    for (const [role, roots] of Object.entries(m.menus?.grantTo ?? {})) (roleMenuRoots[role] ??= []).push(...roots);
    for (const d of m.dicts ?? []) once('dictionary', d.type, m.name);
    for (const c of m.configs ?? []) once('config', c.key, m.name);
    for (const s of m.seeds ?? []) once('seed step', s.name, m.name);
    for (const [key, task] of Object.entries(m.tasks ?? {})) {
      once('task', key, m.name);
      tasks.set(key, task);
    }
  }
  const definitions = modules.flatMap(definitionsOf);
  const oplog = perLanguage((lng) => oplogTextsOf(definitions, lng));
  return {
    menus: modules.flatMap(menusOf),
    roleMenuRoots,
    dicts: modules.flatMap((m) => m.dicts ?? []),
    configs: modules.flatMap((m) => m.configs ?? []),
    steps: modules.flatMap((m) => m.seeds ?? []),
    // the definitions' operation-log titles, a catalogue of their own when there are definitions
    messages: [...modules.flatMap((m) => (m.messages ? [m.messages] : [])), ...(definitions.length ? [oplog] : [])],
    tasks,
    definitions,
    screenTexts: perLanguage((lng) => screenTextsOf(definitions, lng)),
  };
}

function uniqueness() {
  const seen = new Map<string, string>();
  return (kind: string, id: string | number, module: string) => {
    const key = `${kind} ${id}`;
    const first = seen.get(key);
    if (first) throw new Error(`${kind} ${id} is shipped by both module ${first} and module ${module}`);
    seen.set(key, module);
  };
}
