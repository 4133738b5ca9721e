import type { Db } from '../../../db/client.ts';

export interface SeedResult {
  /** true on the very first start: main.ts prints the admin credentials once */
  createdAdmin: boolean;
}

/** Idempotent: each step runs once per database (sys_seed_state), so deletions by admins stick. */
export async function seed(_db: Db): Promise<SeedResult> {
  return { createdAdmin: false };
}
