import type { Db } from '../../../db/client.ts';
import { runSteps, type SeedContext, type SeedStep } from './runner.ts';
import { SEED_STEPS } from './steps.ts';

export interface SeedResult {
  /** true on the very first start: main.ts prints the admin credentials once */
  createdAdmin: boolean;
}

export { SEED_STEPS } from './steps.ts';
export { MENUS, topLevelMenus, menuSubtree, menuPermissionKeys } from './menus.ts';
export { DICTS } from './dicts.ts';
export { CONFIGS } from './configs.ts';
export { ADMIN_INITIAL_PASSWORD } from './users.ts';

/** Idempotent: each step runs once per database (sys_seed_state), so deletions by admins stick. */
export async function seed(db: Db, moduleSteps: readonly SeedStep[] = []): Promise<SeedResult> {
  const ctx: SeedContext = { createdAdmin: false };
  // The system's steps first (users, menus, dictionaries), then what other modules contribute.
  await runSteps(db, [...SEED_STEPS, ...moduleSteps], ctx);
  return { createdAdmin: ctx.createdAdmin };
}
