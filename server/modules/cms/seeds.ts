import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { sysJob } from '../job/schema.ts';
import { CMS_JOBS } from './content/jobs.ts';

const SEEDER = 'system';

/**
 * The CMS's scheduled jobs, seeded on (ChestnutCMS ships them off, so timed publishing silently did
 * nothing). A job an administrator deleted or paused stays as they left it: this runs once.
 */
export const cmsSeeds = [
  {
    name: 'cms-jobs',
    async run(tx: Tx) {
      for (const job of CMS_JOBS) {
        const [exists] = await tx.select({ id: sysJob.jobId }).from(sysJob).where(sql`${sysJob.invokeTarget} = ${job.invokeTarget}`);
        if (exists) continue;
        await tx.insert(sysJob).values({ ...job, jobGroup: 'CMS', misfirePolicy: '3', concurrent: '1', status: '0', createBy: SEEDER });
      }
    },
  },
];
