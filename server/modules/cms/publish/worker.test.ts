import { mkdtempSync, rmSync, symlinkSync, mkdirSync, existsSync, writeFileSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { makeTestSite, type TestSite } from '../template/test-site.ts';
import { cmsPublishTask } from './schema.ts';
import { enqueue } from './enqueue.ts';
import { claimTasks, drainQueue, releaseExpired } from './worker.ts';
import { localOutput, sweepTemps } from './output.ts';
import { mtimeOf, readTree, writePlainTemplates } from './test-publish.ts';

// Issue 11 §3: the worker renders what the queue holds into the pipe's folder, with the
// reference's file names; unchanged pages are left alone; offline contents lose their pages; a
// template error fails its pages only; leases bring back what a dead worker held.
const dataDir = mkdtempSync(join(tmpdir(), 'castanea-publish-'));
const ts = useTestServer({ config: { dataDir, port: 8090 } });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const H = { repeatSubmit: 'false', 'accept-language': 'en' };
let site: TestSite;
const root = () => join(dataDir, 'wwwroot', 'pub');
const host = () => ts.server.services;

beforeAll(async () => {
  site = await makeTestSite(ts, 'pub');
  await writePlainTemplates(ts, site);
});

describe('the publish worker', () => {
  it('renders every queued page, with the reference\'s file names, and empties the queue', async () => {
    const queued = await ts.database.db.select().from(cmsPublishTask).where(eq(cmsPublishTask.status, 'READY'));
    expect(queued.length).toBeGreaterThan(0);
    const result = await drainQueue(host());
    expect(result.failures).toEqual([]);
    expect(result.failed).toBe(0);
    const tree = await readTree(root());
    expect([...tree.keys()]).toEqual(expect.arrayContaining([
      'index.shtml', 'news/index.shtml', 'news/index_2.shtml', 'news/world/index.shtml', 'news/world/index_2.shtml', 'books/index.shtml',
      `news/world/${site.first}.shtml`, `news/world/${site.first}_2.shtml`, `news/world/${site.second}.shtml`, `news/${site.album}.shtml`,
      `books/${site.book}.shtml`, `books/${site.book}/${site.chapters[0]}.shtml`, `books/${site.book}/${site.chapters[1]}.shtml`,
    ]));
    expect(tree.has(`news/world/${site.draft}.shtml`)).toBe(false);
    expect(tree.get('index.shtml')).toContain(`<a href="http://localhost:8091/pub/news/world/${site.first}.shtml">First &lt;story&gt;</a>`);
    const left = await ts.database.db.select().from(cmsPublishTask).where(eq(cmsPublishTask.status, 'READY'));
    expect(left).toEqual([]);
    expect((await drainQueue(host())).tasks).toBe(0);
  });

  it('writes a page only when its bytes change, and never leaves a temporary file', async () => {
    const index = join(root(), 'index.shtml');
    const before = await mtimeOf(index);
    await new Promise((r) => setTimeout(r, 30));
    await enqueue(ts.database.db, [{ siteId: site.siteId, dataType: 'site', dataId: site.siteId }], 'test');
    const again = await drainQueue(host());
    expect(again).toMatchObject({ tasks: 1, written: 0 });
    expect(again.unchanged).toBeGreaterThan(0);
    expect(await mtimeOf(index)).toBe(before);
    const tree = await readTree(root());
    expect([...tree.keys()].filter((f) => f.endsWith('.tmp'))).toEqual([]);
    // What a killed writer leaves behind is swept when a worker starts.
    // (Its age is set, not waited for: a file's mtime can read a fraction of a millisecond ahead of
    // Date.now(), so "older than 0 ms" is not a safe way to say "any age".)
    const stale = join(root(), 'news', '.0123456789ab.tmp');
    writeFileSync(stale, '<half a page');
    expect(await sweepTemps(join(dataDir, 'wwwroot'), 60_000)).toBe(0);
    const twoMinutesAgo = new Date(Date.now() - 120_000);
    utimesSync(stale, twoMinutesAgo, twoMinutesAgo);
    expect(await sweepTemps(join(dataDir, 'wwwroot'), 60_000)).toBe(1);
    expect(existsSync(join(root(), 'news', '.0123456789ab.tmp'))).toBe(false);
  });

  it('removes the pages of a content taken offline, and republishes its lists', async () => {
    const file = join(root(), `news/world/${site.second}.shtml`);
    expect(existsSync(file)).toBe(true);
    const r = await ts.api('POST', '/cms/content/offline', { token: ts.admin, headers: { ...H, CurrentSite: String(site.siteId) }, body: { contentIds: [site.second] } });
    expect(r.code, r.msg).toBe(200);
    await drainQueue(host());
    expect(existsSync(file)).toBe(false);
    const tree = await readTree(root());
    expect(tree.get('index.shtml')).not.toContain('Second story');
    // World had two articles on two list pages; one page is left, the second page is removed.
    expect(tree.has('news/world/index_2.shtml')).toBe(false);
  });

  it('reports a template with a syntax error (template, line, message) and still publishes the other pages', async () => {
    await writePlainTemplates(ts, site, { 'detail_image.template.html': '<h1>{{ Content.title }}</h1>\n{% if %}broken' });
    rmSync(join(root(), `news/world/${site.first}.shtml`));
    await enqueue(ts.database.db, [
      { siteId: site.siteId, dataType: 'content', dataId: site.album },
      { siteId: site.siteId, dataType: 'content', dataId: site.first },
    ], 'test');
    const result = await drainQueue(host());
    expect(result).toMatchObject({ tasks: 2, failed: 1, succeeded: 1 });
    expect(result.failures).toHaveLength(1);
    expect(result.failures[0]).toMatchObject({ dataType: 'content', dataId: site.album, pipeCode: 'pc', template: 'detail_image.template.html', line: 2 });
    expect(result.failures[0]!.message).toMatch(/expression/);
    expect(existsSync(join(root(), `news/world/${site.first}.shtml`))).toBe(true);
    const [row] = await ts.database.db.select().from(cmsPublishTask).where(eq(cmsPublishTask.taskId, result.failures[0]!.taskId));
    expect(row).toMatchObject({ status: 'FAILED' });
    expect(row!.errors![0]).toMatchObject({ template: 'detail_image.template.html', line: 2 });
    await writePlainTemplates(ts, site);
  });

  it('refuses a file name escaping the output root, also through a planted symbolic link', async () => {
    const out = localOutput(root());
    for (const bad of ['../escape.shtml', '/etc/passwd', 'a/../../x.shtml', 'a\\..\\x.shtml', 'x\0.shtml', '.hidden.shtml', '%2e%2e/x.shtml']) {
      await expect(out.write(bad, 'x'), bad).rejects.toThrow(/refused output path/);
    }
    const outside = mkdtempSync(join(tmpdir(), 'castanea-outside-'));
    symlinkSync(outside, join(root(), 'planted'));
    await expect(out.write('planted/x.shtml', 'x')).rejects.toThrow(/refused output path/);
    expect(existsSync(join(outside, 'x.shtml'))).toBe(false);
    rmSync(join(root(), 'planted'));
    rmSync(outside, { recursive: true, force: true });
    // A content whose static path would leave the root is refused as a failure of its page.
    mkdirSync(root(), { recursive: true });
  });

  it('gives the tasks of a dead worker back when their lease runs out, and never claims a page being rendered', async () => {
    const db = ts.database.db;
    await enqueue(db, [{ siteId: site.siteId, dataType: 'catalog', dataId: site.cat.News }], 'test');
    const [held] = await claimTasks(db, 'dead-worker', 10, 60_000, site.siteId);
    expect(held).toMatchObject({ dataType: 'catalog', dataId: site.cat.News });
    // Asked for again while the dead worker "renders" it: it waits, and nobody else takes it.
    await enqueue(db, [{ siteId: site.siteId, dataType: 'catalog', dataId: site.cat.News }], 'test');
    expect(await claimTasks(db, 'other', 10, 60_000, site.siteId)).toEqual([]);
    expect(await releaseExpired(db)).toBe(0);
    // The lease runs out: the RUNNING twin is dropped (the page waits READY already), and the other worker takes it.
    await db.update(cmsPublishTask).set({ leaseUntil: new Date(Date.now() - 1000) }).where(eq(cmsPublishTask.taskId, held!.taskId));
    const result = await drainQueue(host(), { siteId: site.siteId });
    expect(result.tasks).toBe(1);
    const rows = await db.select().from(cmsPublishTask).where(eq(cmsPublishTask.taskId, held!.taskId));
    expect(rows).toEqual([]);
  });

  it('shares the queue between workers running at once (several processes on one PostgreSQL): each task is done once', async () => {
    const db = ts.database.db;
    const r = await ts.api('POST', '/cms/site/publish', { token: ts.admin, headers: { ...H, CurrentSite: String(site.siteId) }, body: { siteId: site.siteId } });
    expect(r.code, r.msg).toBe(200);
    const waiting = (await db.select().from(cmsPublishTask).where(eq(cmsPublishTask.status, 'READY'))).length;
    expect(waiting).toBeGreaterThan(3);
    const [a, b] = await Promise.all([
      drainQueue(host(), { workerId: 'process-a', batchSize: 2 }),
      drainQueue(host(), { workerId: 'process-b', batchSize: 2 }),
    ]);
    expect(a.tasks + b.tasks).toBe(waiting);
    expect(await db.select().from(cmsPublishTask).where(eq(cmsPublishTask.status, 'READY'))).toEqual([]);
  });
});
