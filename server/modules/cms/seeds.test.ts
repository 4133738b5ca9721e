import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.ts';
import { openMigratedPglite } from '../../../tests/helpers/migrated-database.ts';
import { sysConfig, sysDictData, sysI18nDict, sysMenu, sysRoleMenu, sysSeedState } from '../system/schema.ts';
import { sysJob } from '../job/schema.ts';
import { seed, shippedData, SEED_STEPS } from '../system/seed/index.ts';
import { runSteps } from '../system/seed/runner.ts';
import { SHIPPED } from '../shipped.ts';
import { cmsPublishPipe } from './pipe/schema.ts';
import { cmsSite } from './site/schema.ts';
import { CMS_SEEDS } from './seeds.ts';

/**
 * The seed steps as the release before the CMS declared its own data recorded them in
 * sys_seed_state, in the order it ran them: 'demo-site' and 'cms-default-pipes' were the system's.
 */
const RECORDED_BEFORE_THE_MOVE = ['system-base', 'admin-user', 'menus', 'dicts', 'configs', 'demo-site', 'security-config-default', 'dicts-messaging',
  'cms-default-pipes', 'security-config-enabled', 'navbar-links-this-project', 'zh-tw-taiwan-usage', 'cms-jobs'];

/** Steps added since (each new step runs once on every database, old ones included). */
const ADDED_SINCE = ['housekeeping-jobs', 'cms-jobs-housekeeping', 'member-menu-keys', 'pusher-menu-keys', 'cms-jobs-stat', 'workflow-review'];
/** The steps that add a definition's menu rows to a database seeded before it (Friend Link's, Ext Model's, Advertise's, Comment's, Vote's, Members', Mailbox's, Custom Form's, Message Pusher's, workflow categories' and models'), recorded too. */
const DEFINITION_MENUS = ['menu-2036', 'menu-2037', 'menu-2038', 'menu-2066', 'menu-2061', 'menu-2062', 'menu-2063', 'menu-2065', 'menu-3220', 'menu-430649774219333', 'menu-3230', 'menu-3501', 'menu-3510'];
const NEW_JOBS = ['cms.prunePublishTasks', 'cms.statRollup', 'db.vacuum'];

const ALL_STEPS = [...SEED_STEPS, ...SHIPPED.steps];
const stepNamed = (name: string) => ALL_STEPS.find((s) => s.name === name)!;

/** What an earlier release did: the same steps (their effect is unchanged), in its order. */
async function seedAsReleasedBefore(db: Db, names: readonly string[]) {
  await runSteps(db, names.map(stepNamed), { shipped: shippedData(SHIPPED), createdAdmin: false });
}

/** Every row the steps write (times left out, ids kept). */
async function seededRows(db: Db) {
  const strip = <T extends object>(rows: T[]) => rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !/Time$|At$/.test(k))));
  return {
    steps: (await db.select({ step: sysSeedState.step }).from(sysSeedState).orderBy(asc(sysSeedState.step))).map((s) => s.step),
    sites: strip(await db.select().from(cmsSite).orderBy(asc(cmsSite.siteId))),
    pipes: strip(await db.select().from(cmsPublishPipe).orderBy(asc(cmsPublishPipe.pipeId))),
    jobs: strip(await db.select().from(sysJob).orderBy(asc(sysJob.jobId))),
    menus: (await db.select({ id: sysMenu.menuId }).from(sysMenu).orderBy(asc(sysMenu.menuId))).length,
    grants: (await db.select().from(sysRoleMenu)).length,
    dictData: (await db.select({ code: sysDictData.dictCode }).from(sysDictData)).length,
    texts: (await db.select({ id: sysI18nDict.id }).from(sysI18nDict)).length,
    configs: (await db.select({ id: sysConfig.configId }).from(sysConfig)).length,
  };
}

// On PGlite whatever DATABASE_URL says (openMigratedPglite): the PostgreSQL stage of `npm test` skips what the PGlite stage runs.
describe.skipIf(!!process.env.DATABASE_URL)("the CMS's seed steps (moved from the system's list, names kept)", () => {
  let database: Database;
  let db: Db;
  beforeEach(async () => {
    database = await openMigratedPglite();
    db = database.db;
  });
  afterEach(async () => {
    await database.close();
  });

  it('runs every step a database may have recorded, each from exactly one list', () => {
    const names = ALL_STEPS.map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual([...RECORDED_BEFORE_THE_MOVE, ...ADDED_SINCE].sort());
    // The CMS's steps keep their order among themselves, after the system's.
    expect(CMS_SEEDS.map((s) => s.name)).toEqual(['demo-site', 'cms-default-pipes', 'cms-jobs', 'cms-jobs-housekeeping', 'member-menu-keys', 'pusher-menu-keys', 'cms-jobs-stat']);
    const at = CMS_SEEDS.map((s) => names.indexOf(s.name));
    expect(at).toEqual([...at].sort((x, y) => x - y));
    expect(Math.min(...at)).toBeGreaterThan(Math.max(...SEED_STEPS.map((s) => names.indexOf(s.name))));
  });

  it('a new database gets the demo site with its default pipe and the CMS jobs, once', async () => {
    await seed(db, SHIPPED);
    const first = await seededRows(db);
    expect(first.sites.map((s) => s.path)).toEqual(['demo']);
    expect(first.pipes.map((p) => [p.siteId, p.code])).toEqual([[first.sites[0]!.siteId, 'pc']]);
    expect(first.jobs.map((j) => j.invokeTarget)).toEqual(['cms.publishDue', 'cms.offlineDue', 'cms.topExpired', 'cms.chaptersDue', 'cms.purgeRecycled', 'cms.prunePublishTasks', 'cms.statRollup', 'db.vacuum']);
    expect(first.jobs.every((j) => j.status === '0')).toBe(true);
    await seed(db, SHIPPED);
    expect(await seededRows(db)).toEqual(first);
  });

  it('a database seeded before the move runs only the new steps: what an administrator deleted stays deleted', async () => {
    await seedAsReleasedBefore(db, RECORDED_BEFORE_THE_MOVE);
    // The administrator then deleted the demo site (its pipe goes with it) and one CMS job.
    await db.delete(cmsSite);
    await db.delete(sysJob).where(eq(sysJob.invokeTarget, 'cms.purgeRecycled'));
    const before = await seededRows(db);
    expect(before.sites).toEqual([]);
    expect(before.pipes).toEqual([]);

    await seed(db, SHIPPED);

    const after = await seededRows(db);
    expect(after.jobs.map((j) => j.invokeTarget)).toEqual([...before.jobs.map((j) => j.invokeTarget), ...NEW_JOBS]);
    expect(after.steps).toEqual([...before.steps, ...ADDED_SINCE, ...DEFINITION_MENUS].sort());
    expect({ ...after, jobs: before.jobs, steps: before.steps }).toEqual(before);
  });

  it('a database seeded before the moved steps existed runs them once, in their old effect', async () => {
    // An older release still: no demo site step, no pipes, no jobs yet; it had made a site of its own.
    const older = RECORDED_BEFORE_THE_MOVE.filter((n) => !['demo-site', 'cms-default-pipes', 'cms-jobs'].includes(n));
    await seedAsReleasedBefore(db, older);
    await db.insert(cmsSite).values({ name: 'Old', path: 'old' });

    await seed(db, SHIPPED);
    const after = await seededRows(db);
    // Sites existed: no demo site; the old site got the default pipe; the jobs came.
    expect(after.sites.map((s) => s.path)).toEqual(['old']);
    expect(after.pipes.map((p) => p.code)).toEqual(['pc']);
    expect(after.jobs).toHaveLength(8);
    expect(after.steps).toEqual([...RECORDED_BEFORE_THE_MOVE, ...ADDED_SINCE, ...DEFINITION_MENUS].sort());

    await seed(db, SHIPPED);
    expect(await seededRows(db)).toEqual(after);
  });

  it('a server without the CMS mounted seeds none of its data', async () => {
    await seed(db);
    expect(await db.select().from(cmsSite)).toEqual([]);
    expect(await db.select().from(sysJob)).toEqual([]);
    expect(await db.select().from(sysMenu).where(eq(sysMenu.menuId, 2025))).toEqual([]);
    expect(await db.select().from(sysDictData).where(eq(sysDictData.dictType, 'CMSContentStatus'))).toEqual([]);
  });
});
