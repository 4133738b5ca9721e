import type { Db } from '../../../db/client.ts';
import { NOTHING_SHIPPED, type Shipped } from '../../../core/shipped.ts';
import type { ShippedData } from '../../../core/seed-data.ts';
import { runSteps, type SeedContext } from './runner.ts';
import { definitionMenuSteps, SEED_STEPS } from './steps.ts';
import { BASE_MENUS } from './menus.ts';
import { BASE_DICTS } from './dicts.ts';
import { CONFIGS } from './configs.ts';

export interface SeedResult {
  /** true on the very first start: main.ts prints the admin credentials once */
  createdAdmin: boolean;
}

export { SEED_STEPS } from './steps.ts';
export { BASE_MENUS, topLevelMenus, menuSubtree, menuPermissionKeys } from './menus.ts';
export { BASE_DICTS } from './dicts.ts';
export { CONFIGS } from './configs.ts';
export { ADMIN_INITIAL_PASSWORD } from './users.ts';

/**
 * The data of a new database: what the other modules ship, then the system's own (menus and
 * dictionaries in that order, as they were stored when the system held them all), configs the
 * system's first. Two rows with one id would overwrite each other: that stops the start.
 */
export function shippedData(shipped: Shipped): ShippedData {
  const data = {
    menus: [...shipped.menus, ...BASE_MENUS],
    roleMenuRoots: shipped.roleMenuRoots,
    dicts: [...shipped.dicts, ...BASE_DICTS],
    configs: [...CONFIGS, ...shipped.configs],
  };
  const once = (kind: string, ids: (string | number)[]) => {
    const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
    if (twice.length) throw new Error(`${kind} shipped twice: ${twice.join(', ')}`);
  };
  once('menu', data.menus.map((m) => m.menuId));
  once('dictionary', data.dicts.map((d) => d.type));
  once('config', data.configs.map((c) => c.key));
  return data;
}

/**
 * Idempotent: each step runs once per database (sys_seed_state), so deletions by admins stick.
 * `shipped` is what the mounted modules contribute (core/shipped.ts): their menus, dictionaries
 * and configs are stored by the system's steps, their own steps run after the system's.
 */
export async function seed(db: Db, shipped: Shipped = NOTHING_SHIPPED): Promise<SeedResult> {
  const ctx: SeedContext = { shipped: shippedData(shipped), createdAdmin: false };
  await runSteps(db, [...SEED_STEPS, ...shipped.steps, ...definitionMenuSteps(shipped)], ctx);
  return { createdAdmin: ctx.createdAdmin };
}
