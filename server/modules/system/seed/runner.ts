import type { Db } from '../../../db/client.ts';
import type { SeedContext, SeedStep } from '../../../core/seed-data.ts';
import { sysSeedState } from '../schema.ts';

export type { SeedContext, SeedStep } from '../../../core/seed-data.ts';

/**
 * Runs each step not yet recorded, each in its own transaction. The step is claimed by inserting
 * its sys_seed_state row first: a second server starting at the same moment blocks on that row
 * until the first commits, then sees it and skips; a failing step rolls back with its claim.
 */
export async function runSteps(db: Db, steps: readonly SeedStep[], ctx: SeedContext): Promise<string[]> {
  const ran: string[] = [];
  for (const step of steps) {
    await db.transaction(async (tx) => {
      const claimed = await tx.insert(sysSeedState).values({ step: step.name }).onConflictDoNothing().returning({ step: sysSeedState.step });
      if (claimed.length === 0) return;
      await step.run(tx, ctx);
      ran.push(step.name);
    });
  }
  return ran;
}

/** Splits bulk inserts so no statement nears PostgreSQL's 65535 bind-parameter limit. */
export function chunks<T>(rows: readonly T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}
