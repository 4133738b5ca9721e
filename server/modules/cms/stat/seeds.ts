import { sql } from 'drizzle-orm';
import type { SeedStep } from '../../../core/seed-data.ts';
import { seedJobs } from '../../job/index.ts';
import { STAT_JOBS } from './rollup.ts';

/**
 * The statistics' seed steps: the rollup job (every five minutes), and menu 2080's key moved to
 * ChestnutCMS's `stat:view` on a database seeded when it read `cms:stat:view` (the roles granted
 * the menu keep it: a grant is by menu id).
 */
export const STAT_SEEDS: readonly SeedStep[] = [
  { name: 'cms-jobs-stat', run: (tx) => seedJobs(tx, STAT_JOBS, 'CMS', 'system') },
  { name: 'stat-menu-key', run: async (tx) => void (await tx.execute(sql`update sys_menu set perms = 'stat:view' where menu_id = 2080 and perms = 'cms:stat:view'`)) },
];
