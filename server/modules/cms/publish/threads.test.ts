import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { makeTestSite, type TestSite } from '../template/test-site.ts';
import { cmsPublishTask } from './schema.ts';
import { closeRenderPool, drainQueue, type PublishHost } from './worker.ts';
import { readTree, writePlainTemplates } from './test-publish.ts';

// Issue 11 §4: a site publish renders in render threads beside the main thread. What they write
// must be what the main thread alone writes, file for file, failures included; a site publish
// queues a task per catalog for its contents, weighing them in the progress.
const dataDir = mkdtempSync(join(tmpdir(), 'castanea-threads-'));
const ts = useTestServer({ config: { dataDir, port: 8090 } });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const H = { repeatSubmit: 'false', 'accept-language': 'en' };
let site: TestSite;
const call = (method: string, url: string, body?: unknown) => ts.api(method, url, { token: ts.admin, body, headers: { ...H, CurrentSite: String(site.siteId) } });

beforeAll(async () => {
  site = await makeTestSite(ts, 'thr');
  // A broken detail template for books: its pages fail, the others are written.
  await writePlainTemplates(ts, site, { 'detail_book.template.html': '<h1>{{ Content.title }}</h1>\n{% cms_chapter bogus: 1 %}{% endcms_chapter %}' });
  await drainQueue(ts.server.services);
});

/** A full site publish into its own folder, with `threads` render threads (0: the main thread alone), every unit shared with them. */
async function publishInto(name: string, threads: number, mainLane = true) {
  const services = ts.server.services;
  const host: PublishHost = { db: services.db, i18n: services.i18n, config: { ...services.config, publishDir: join(dataDir, name), publishThreads: threads } };
  expect((await call('POST', '/cms/site/publish', { siteId: site.siteId })).code).toBe(200);
  try {
    const result = await drainQueue(host, { siteId: site.siteId, threadMinTasks: 0, mainLane });
    return { result, tree: await readTree(join(dataDir, name, 'thr')) };
  } finally {
    await closeRenderPool(host);
  }
}

describe('render threads', () => {
  it('write what the main thread alone writes, file for file, and report the same failures', async () => {
    const alone = await publishInto('alone', 0);
    const threaded = await publishInto('threaded', 1, false);
    const shared = await publishInto('shared', 2);
    expect(alone.tree.size).toBeGreaterThan(10);
    expect([...alone.tree.keys()]).toEqual(expect.arrayContaining([`news/world/${site.first}.shtml`, `news/world/${site.first}_2.shtml`, 'news/index_2.shtml']));
    for (const other of [threaded, shared]) {
      expect([...other.tree.keys()]).toEqual([...alone.tree.keys()]);
      for (const [file, html] of alone.tree) expect(other.tree.get(file), file).toBe(html);
      expect(other.result).toMatchObject({ pages: alone.result.pages, failed: 1 });
      // The book's page and its chapter pages fail, each named with the book, the template and the line.
      expect(other.result.failures.map((f) => [f.dataType, f.dataId, f.template, f.line])).toEqual(alone.result.failures.map((f) => [f.dataType, f.dataId, f.template, f.line]));
      expect(other.result.failures[0]).toMatchObject({ dataType: 'content', dataId: site.book, template: 'detail_book.template.html', line: 2 });
    }
  });

  it('weigh a catalog\'s task by its contents in the queue length and the progress', async () => {
    expect((await call('POST', '/cms/site/publish', { siteId: site.siteId })).code).toBe(200);
    const [world] = await ts.database.db.select().from(cmsPublishTask)
      .where(and(eq(cmsPublishTask.siteId, site.siteId), eq(cmsPublishTask.dataType, 'contents'), eq(cmsPublishTask.dataId, site.cat.World), eq(cmsPublishTask.status, 'READY')));
    expect(world).toMatchObject({ weight: 2, done: 0 });
    expect((await call('GET', '/cms/publish/taskCount')).data).toBe(8);
    await drainQueue(ts.server.services, { siteId: site.siteId });
    const [after] = await ts.database.db.select().from(cmsPublishTask).where(eq(cmsPublishTask.taskId, world!.taskId));
    expect(after).toMatchObject({ status: 'SUCCESS', weight: 2 });
    const progress = (await call('GET', '/cms/publish/progress')).data;
    // 4 published contents, 3 catalogs, the index; the book failed.
    expect(progress).toMatchObject({ total: 8, done: 8, failed: 1, running: 0, waiting: 0 });
  });
});

describe('a site publish', () => {
  it('takes over the pages of its contents waiting one by one: a page waits once', async () => {
    await drainQueue(ts.server.services, { siteId: site.siteId });
    // Two contents published again one by one, and one taken offline: their pages wait.
    expect((await call('POST', '/cms/content/publish', { contentIds: [site.first, site.second] })).code).toBe(200);
    expect((await call('POST', '/cms/content/offline', { contentIds: [site.album] })).code).toBe(200);
    const waiting = async () => (await ts.database.db.select({ t: cmsPublishTask.dataType, id: cmsPublishTask.dataId }).from(cmsPublishTask)
      .where(and(eq(cmsPublishTask.siteId, site.siteId), eq(cmsPublishTask.status, 'READY')))).map((r) => `${r.t}:${r.id}`);
    expect(await waiting()).toEqual(expect.arrayContaining([`content:${site.first}`, `content:${site.second}`, `content:${site.album}`]));
    expect((await call('POST', '/cms/site/publish', { siteId: site.siteId })).code).toBe(200);
    const after = await waiting();
    expect(after).not.toContain(`content:${site.first}`);
    expect(after).not.toContain(`content:${site.second}`);
    // The offline album's page is removed by its own task; its catalog has no published content left to queue.
    expect(after).toEqual(expect.arrayContaining([`content:${site.album}`, `contents:${site.cat.World}`, `catalog:${site.cat.News}`]));
    await drainQueue(ts.server.services, { siteId: site.siteId });
    expect((await call('POST', '/cms/content/publish', { contentIds: [site.album] })).code).toBe(200);
    await drainQueue(ts.server.services, { siteId: site.siteId });
  });
});

describe('a worker stopping part way', () => {
  it('hands back what it has not rendered, a catalog\'s contents task whole, and the next drain finishes the run', async () => {
    expect((await call('POST', '/cms/site/publish', { siteId: site.siteId })).code).toBe(200);
    const stop = new AbortController();
    // Stopped once the first unit (one catalog's contents) is rendered.
    const first = await drainQueue(ts.server.services, { siteId: site.siteId, signal: stop.signal, onProgress: () => stop.abort() });
    expect(first.tasks).toBe(1);
    const rows = await ts.database.db.select({ status: cmsPublishTask.status, n: cmsPublishTask.taskId }).from(cmsPublishTask)
      .where(and(eq(cmsPublishTask.siteId, site.siteId), eq(cmsPublishTask.status, 'RUNNING')));
    expect(rows).toEqual([]);
    const waiting = (await call('GET', '/cms/publish/progress')).data;
    expect(waiting).toMatchObject({ total: 8, running: 0 });
    expect(waiting.waiting).toBeGreaterThan(0);
    await drainQueue(ts.server.services, { siteId: site.siteId });
    expect((await call('GET', '/cms/publish/progress')).data).toMatchObject({ total: 8, done: 8, waiting: 0, running: 0 });
  });
});
