import { sql } from 'drizzle-orm';
import type { SeedStep } from '../../core/seed-data.ts';
import { seedJobs } from '../job/index.ts';
import { CMS_HOUSEKEEPING_JOBS, CMS_JOBS } from './content/jobs.ts';
import { STAT_SEEDS } from './stat/seeds.ts';
import { cmsSite } from './site/schema.ts';
import { cmsPublishPipe } from './pipe/schema.ts';
import { DEFAULT_PIPE } from './pipe/defaults.ts';

const SEEDER = 'system';

/** The site a new installation starts with, so the CMS screens have something to show. */
export const DEMO_SITE = {
  name: 'Castanea 演示站点',
  description: '首次启动时创建的演示站点，可修改或删除。',
  path: 'demo',
  staticSuffix: 'shtml',
} as const;

const demoSite: SeedStep = {
  name: 'demo-site',
  async run(tx) {
    // Not when sites already exist (e.g. a database that had sites before seeding was tracked).
    const [any] = await tx.select({ siteId: cmsSite.siteId }).from(cmsSite).limit(1);
    if (any) return;
    await tx.insert(cmsSite).values({ ...DEMO_SITE, createBy: SEEDER }).onConflictDoNothing();
  },
};

const sitePipes: SeedStep = {
  name: 'cms-default-pipes',
  async run(tx) {
    // Sites made before publish pipes existed get the pipe a new site starts with.
    await tx.execute(sql`insert into ${cmsPublishPipe} (site_id, code, name, create_by)
      select s.site_id, ${DEFAULT_PIPE.code}, ${DEFAULT_PIPE.name}, ${SEEDER} from ${cmsSite} s
      where not exists (select 1 from ${cmsPublishPipe} p where p.site_id = s.site_id)`);
  },
};

/**
 * The CMS's scheduled jobs, seeded on (ChestnutCMS ships them off, so timed publishing silently did
 * nothing). A job an administrator deleted or paused stays as they left it: this runs once.
 */
const cmsJobs: SeedStep = {
  name: 'cms-jobs',
  run: (tx) => seedJobs(tx, CMS_JOBS, 'CMS', SEEDER),
};

/** Jobs added after 'cms-jobs' had run on existing databases: a step of their own, so those get them too. */
const cmsHousekeepingJobs: SeedStep = {
  name: 'cms-jobs-housekeeping',
  run: (tx) => seedJobs(tx, CMS_HOUSEKEEPING_JOBS, 'CMS', SEEDER),
};

/**
 * Member List's keys were `member:member:*` before its definition shipped them as ChestnutCMS's
 * `member:list:*`: an older database's rows (and so the roles granted them) move to the new keys.
 */
const memberMenuKeys: SeedStep = {
  name: 'member-menu-keys',
  async run(tx) {
    await tx.execute(sql`update sys_menu set perms = replace(perms, 'member:member:', 'member:list:') where perms like 'member:member:%'`);
  },
};

/**
 * Message Pusher's rows (3230–3233) were placeholders under `pusher:config:*` before its definition
 * shipped them as `cms:pusher:*` with its screen's component: an older database's rows (and so the
 * roles granted them) move to the new keys.
 */
const pusherMenuKeys: SeedStep = {
  name: 'pusher-menu-keys',
  async run(tx) {
    await tx.execute(sql`update sys_menu set perms = replace(perms, 'pusher:config:', 'cms:pusher:') where perms like 'pusher:config:%'`);
    await tx.execute(sql`update sys_menu set component = 'cms/pusher/index' where menu_id = 3230 and component = 'pusher/index'`);
  },
};

/**
 * The CMS's seed steps, run after the system's. 'demo-site' and 'cms-default-pipes' were the
 * system's steps until the CMS declared its own data: the names are what sys_seed_state records,
 * so they are kept, and a database that ran them then does not run them again.
 */
export const CMS_SEEDS: readonly SeedStep[] = [demoSite, sitePipes, cmsJobs, cmsHousekeepingJobs, memberMenuKeys, pusherMenuKeys, ...STAT_SEEDS];
