import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { SeedStep } from '../../core/seed-data.ts';
import { sysJob } from './schema.ts';

export interface SeededJob {
  jobName: string;
  invokeTarget: string;
  cronExpression: string;
}

/**
 * Inserts the jobs a module ships, on (status 0), unless one with the same invoke target exists:
 * a job an administrator deleted or paused stays as they left it, since each seed step runs once.
 */
export async function seedJobs(tx: Tx, jobs: readonly SeededJob[], jobGroup: string, createBy: string): Promise<void> {
  for (const job of jobs) {
    const [exists] = await tx.select({ id: sysJob.jobId }).from(sysJob).where(sql`${sysJob.invokeTarget} = ${job.invokeTarget}`);
    if (exists) continue;
    await tx.insert(sysJob).values({ ...job, jobGroup, misfirePolicy: '3', concurrent: '1', status: '0', createBy });
  }
}

/** Upkeep the server runs on its own (PGlite has no autovacuum: registry.ts 'db.vacuum'), seeded on, nightly. */
export const JOB_SEEDS: readonly SeedStep[] = [{
  name: 'housekeeping-jobs',
  run: (tx) => seedJobs(tx, [{ jobName: 'Database: vacuum and analyze', invokeTarget: 'db.vacuum', cronExpression: '0 10 4 * * ?' }], 'SYSTEM', 'system'),
}];
