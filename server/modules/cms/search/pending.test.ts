import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { drainQueue } from '../publish/worker.ts';
import { publishWorkerOf } from '../publish/service.ts';
import { enqueueIndexing, indexPending } from './pending.ts';
import { cmsSearchIndex, cmsSearchPending } from './schema.ts';

// The index follows the pages: a drain marks what it rendered as due, the publish worker indexes
// it once its queue is empty, a batch per transaction, and nothing is lost or indexed twice.
const dataDir = mkdtempSync(join(tmpdir(), 'castanea-search-pending-'));
const ts = useTestServer({ config: { dataDir } });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

let siteId = 0;
const ids: number[] = [];
async function call(method: string, url: string, body: unknown, site = siteId) {
  const r = await ts.api(method, url, { token: ts.admin, body, headers: { repeatSubmit: 'false', 'accept-language': 'en', CurrentSite: String(site) } });
  expect(r.code, `${method} ${url}: ${r.msg}`).toBe(200);
  return r.data;
}
const db = () => ts.database.db;
const indexed = async () => (await db().select({ id: cmsSearchIndex.contentId, title: cmsSearchIndex.title }).from(cmsSearchIndex).where(inArray(cmsSearchIndex.contentId, ids))).sort((a, b) => a.id - b.id);
const due = async () => (await db().select({ id: cmsSearchPending.contentId }).from(cmsSearchPending).where(inArray(cmsSearchPending.contentId, ids))).map((r) => r.id).sort((a, b) => a - b);

beforeAll(async () => {
  siteId = (await call('POST', '/cms/site', { name: 'Pending', path: 'pending' }, 0)).siteId;
  const [cat] = await call('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'News' });
  for (const title of ['Apple harvest', 'Pear harvest', 'Plum harvest']) ids.push((await call('POST', '/cms/content?contentType=article', { catalogId: cat.catalogId, title, contentHtml: `<p>${title} in the valley.</p>` })).contentId);
  ids.sort((a, b) => a - b);
});

describe('indexing after the pages', () => {
  it('a drain writes the pages and marks the contents due; the worker indexes them once the queue is empty', async () => {
    await call('POST', '/cms/content/publish', { contentIds: ids });
    expect((await drainQueue(ts.server.services)).failures).toEqual([]);
    expect(await indexed()).toEqual([]);
    expect(await due()).toEqual(ids);

    const worker = publishWorkerOf(ts.server.services);
    await worker.start(50);
    try {
      await worker.idle();
    } finally {
      await worker.stop();
    }
    expect((await indexed()).map((r) => r.id)).toEqual(ids);
    expect(await due()).toEqual([]);
  });

  it('indexes a batch per transaction: what it gave way before stays due, and indexing again writes each content once', async () => {
    await db().update(cmsSearchIndex).set({ title: 'stale' }).where(inArray(cmsSearchIndex.contentId, ids));
    await enqueueIndexing(db(), ids);
    // One batch of one, then it gives way (as to a publish): two stay due.
    expect(await indexPending(db(), { batch: 1, giveWay: () => true })).toBe(1);
    expect(await due()).toHaveLength(2);
    expect((await indexed()).filter((r) => r.title === 'stale')).toHaveLength(2);
    // Marked again meanwhile (an edit published twice): still one row each.
    await enqueueIndexing(db(), [...ids, ...ids]);
    expect(await indexPending(db(), { batch: 2 })).toBe(3);
    expect(await due()).toEqual([]);
    expect((await indexed()).map((r) => r.title)).toEqual(['Apple harvest', 'Pear harvest', 'Plum harvest']);
  });

  it('marks nothing due with SEARCH_INDEX off: the pages go out again, nothing waits for the index', async () => {
    await call('POST', '/cms/content/publish', { contentIds: [ids[1]] });
    const services = ts.server.services;
    expect((await drainQueue({ db: services.db, i18n: services.i18n, config: { ...services.config, searchIndex: false } })).failures).toEqual([]);
    expect(await due()).toEqual([]);
    expect((await indexed()).map((r) => r.title)).toEqual(['Apple harvest', 'Pear harvest', 'Plum harvest']);
  });

  it('removes what is no longer published when it comes due', async () => {
    await call('POST', '/cms/content/offline', { contentIds: [ids[0]] });
    expect((await drainQueue(ts.server.services)).failures).toEqual([]);
    await indexPending(db());
    expect((await indexed()).map((r) => r.id)).toEqual(ids.slice(1));
    expect(await db().select().from(cmsSearchPending).where(eq(cmsSearchPending.contentId, ids[0]!))).toEqual([]);
  });
});
