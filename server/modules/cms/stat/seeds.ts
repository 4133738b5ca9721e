import type { SeedStep } from '../../../core/seed-data.ts';
import { seedJobs } from '../../job/index.ts';
import { STAT_JOBS } from './rollup.ts';

/**
 * The statistics' seed step: the rollup job (every five minutes). Menu 2080 keeps the key
 * `cms:stat:view` it was seeded with (ChestnutCMS's is `stat:view`; every page key here is
 * module:resource:view).
 */
export const STAT_SEEDS: readonly SeedStep[] = [
  { name: 'cms-jobs-stat', run: (tx) => seedJobs(tx, STAT_JOBS, 'CMS', 'system') },
];
