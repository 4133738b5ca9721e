import { describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { createUser, grantPermission } from '../../auth/test-fixtures.ts';
import { sysOperLog } from '../../monitor/schema.ts';
import { cmsPublishTask, cmsSite } from '../schema.ts';

// The navbar's publish indicator: the count of what waits, and clearing it (spec §4).
const ts = useTestServer();
const H = { repeatSubmit: 'false' };

describe('publish queue', () => {
  it('counts READY and RUNNING tasks and clears only the current site\'s READY ones', async () => {
    const db = ts.database.db;
    const [a] = await db.insert(cmsSite).values({ name: 'Q', path: 'q' }).returning();
    const [b] = await db.insert(cmsSite).values({ name: 'R', path: 'r' }).returning();
    const task = (siteId: number, status: string, dataId: number) => ({ siteId, dataType: 'content', dataId, status });
    await db.insert(cmsPublishTask).values([task(a!.siteId, 'READY', 1), task(a!.siteId, 'READY', 2), task(a!.siteId, 'RUNNING', 3), task(a!.siteId, 'SUCCESS', 4), task(b!.siteId, 'READY', 5)]);
    expect(await ts.api('GET', '/cms/publish/taskCount', { token: ts.admin })).toMatchObject({ code: 200, data: 4 });
    expect((await ts.api('GET', '/cms/publish/taskCount')).code).toBe(401);

    const cleared = await ts.api('DELETE', '/cms/publish/clear', { token: ts.admin, headers: { CurrentSite: String(a!.siteId) } });
    expect(cleared.code).toBe(200);
    const left = await db.select({ siteId: cmsPublishTask.siteId, status: cmsPublishTask.status }).from(cmsPublishTask);
    expect(left.filter((r) => r.siteId === a!.siteId).map((r) => r.status).sort()).toEqual(['RUNNING', 'SUCCESS']);
    expect(left.filter((r) => r.siteId === b!.siteId).map((r) => r.status)).toEqual(['READY']);
    const [log] = await db.select().from(sysOperLog).orderBy(desc(sysOperLog.operId)).limit(1);
    expect(log).toMatchObject({ title: 'oplog.publishClear', businessType: 'CLEAN', status: '0' });
  });

  it('counts only the sites a user may view, and refuses clearing without the key', async () => {
    await createUser(ts.database.db, 'ed', { password: 'Ed123456', roles: ['editor-x'] });
    const ed = await ts.loginReady('ed', 'Ed123456');
    expect(await ts.api('GET', '/cms/publish/taskCount', { token: ed })).toMatchObject({ code: 200, data: 0 });
    expect((await ts.api('DELETE', '/cms/publish/clear', { token: ed, headers: H })).code).toBe(403);
    await grantPermission(ts.database.db, 'editor-x', 'cms:content:publish');
    // The key alone is not enough: the user holds no site at all.
    const [site] = await ts.database.db.select().from(cmsSite).where(eq(cmsSite.path, 'q'));
    expect((await ts.api('DELETE', '/cms/publish/clear', { token: ed, headers: { ...H, CurrentSite: String(site.siteId) } })).code).toBe(403);
  });
});
