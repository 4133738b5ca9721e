import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createServer } from '../../../app.ts';
import { executedRows } from '../../../db/rows.ts';
import { freePort, PROCESS_HEADERS, processApi, signInWhenUp, sleep, startServerProcess, stopProcess } from '../../../../tests/helpers/server-process.ts';
import { sysUser } from '../../system/schema.ts';
import { cmsArticleDetail, cmsContent } from '../content/schema.ts';
import { cmsCatalog } from '../catalog/schema.ts';
import { indexContents } from './indexer.ts';
import { REBUILD_BATCH } from './rebuild.ts';
import { cmsSearchIndex, cmsSearchRebuild } from './schema.ts';

// Issue 30 acceptance: kill -9 the server during an index rebuild, start it again, and the index
// is complete: every published content once, nothing of a content no longer published. The
// server runs as a child process (server/main.ts) on a PGlite data folder, as `npm start` runs it.
const work = mkdtempSync(join(tmpdir(), 'castanea-reindex-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const CONTENTS = REBUILD_BATCH * 30;

const BODY = '<p>全文检索 full-text search 在 PGlite 里运行。繁體中文的內容也能找到。</p>'.repeat(6);

/**
 * A data folder with a site of CONTENTS published articles (written straight to the tables), one
 * offline content still in the index (stale).
 */
async function prepare(dataDir: string, port: number): Promise<{ siteId: number; stale: number }> {
  const server = await createServer({ config: { dataDir, port, publishWorker: false, captchaEnabled: false, rateLimits: false, logRequests: false } });
  try {
    const db = server.services.db;
    await db.update(sysUser).set({ forceModifyPassword: 'N' }).where(eq(sysUser.userName, 'admin'));
    const login = await server.app.inject({ method: 'POST', url: '/prod-api/login', headers: PROCESS_HEADERS, payload: JSON.stringify({ username: 'admin', password: 'admin123' }) });
    const token = login.json().data as string;
    const call = async (url: string, body: unknown, site?: number) => {
      const r = await server.app.inject({ method: 'POST', url: `/prod-api${url}`, headers: { ...PROCESS_HEADERS, authorization: `Bearer ${token}`, ...(site ? { currentsite: String(site) } : {}) }, payload: JSON.stringify(body) });
      expect(r.json().code, r.json().msg).toBe(200);
      return r.json().data;
    };
    const siteId = (await call('/cms/site', { name: 'Reindex', path: 'reindex' })).siteId as number;
    const [cat] = await call('/cms/catalog/batchAdd', { parentId: 0, catalogs: 'News' }, siteId);
    const [catalog] = await db.select().from(cmsCatalog).where(eq(cmsCatalog.catalogId, cat.catalogId));
    const rows = Array.from({ length: CONTENTS + 1 }, (_, i) => ({
      siteId, catalogId: catalog!.catalogId, catalogAncestors: catalog!.ancestors, contentType: 'article', title: `文章 ${i} article`, status: '30', publishDate: new Date(),
    }));
    const ids: number[] = [];
    for (let i = 0; i < rows.length; i += 500) ids.push(...(await db.insert(cmsContent).values(rows.slice(i, i + 500)).returning({ id: cmsContent.contentId })).map((r) => r.id));
    for (let i = 0; i < ids.length; i += 500) await db.insert(cmsArticleDetail).values(ids.slice(i, i + 500).map((contentId) => ({ contentId, contentHtml: BODY })));
    // The last one was indexed while published, then went offline without its task running.
    const stale = ids[ids.length - 1]!;
    await indexContents(db, [stale]);
    await db.update(cmsContent).set({ status: '40' }).where(eq(cmsContent.contentId, stale));
    return { siteId, stale };
  } finally {
    await server.close();
  }
}

const progress = async (port: number, token: string, siteId: number) => (await processApi(port, 'GET', '/cms/search/rebuild', token, undefined, siteId)).data as { done: number; total: number } | null;

describe.skipIf(!!process.env.DATABASE_URL)('a server killed mid-rebuild of the search index', () => {
  it('finishes the rebuild when started again: every published content indexed once, the stale one gone', async () => {
    const port = await freePort();
    const dataDir = join(work, 'data');
    const { siteId, stale } = await prepare(dataDir, port);

    // First start: a rebuild asked for, kill -9 part way.
    const first = startServerProcess(work, dataDir, port);
    let atKill = 0;
    try {
      const token = await signInWhenUp(port, first);
      const asked = await processApi(port, 'POST', '/cms/search/rebuild', token, {}, siteId);
      expect(asked.code).toBe(200);
      for (let i = 0; i < 3000; i++) {
        const p = await progress(port, token, siteId);
        atKill = p?.done ?? 0;
        if (atKill >= REBUILD_BATCH * 2) break;
        await sleep(20);
      }
    } finally {
      await stopProcess(first, 'SIGKILL');
    }
    expect(atKill).toBeGreaterThan(0);
    expect(atKill).toBeLessThan(CONTENTS);

    // Started again, it goes on from its cursor and ends.
    const second = startServerProcess(work, dataDir, port);
    let last: { done: number; total: number } | null = null;
    try {
      const token = await signInWhenUp(port, second);
      for (let i = 0; i < 3000; i++) {
        const p = await progress(port, token, siteId);
        if (!p) break;
        last = p;
        // Counted once: never more done than there are.
        expect(p.done).toBeLessThanOrEqual(p.total);
        await sleep(50);
      }
      expect(await progress(port, token, siteId)).toBeNull();
    } finally {
      await stopProcess(second);
    }
    if (last) expect(last.done).toBeGreaterThanOrEqual(atKill);

    const check = await createServer({ config: { dataDir, port, publishWorker: false, captchaEnabled: false, rateLimits: false, logRequests: false } });
    try {
      const db = check.services.db;
      const [idx] = await db.select({ n: sql<number>`count(*)::int`, distinct: sql<number>`count(distinct ${cmsSearchIndex.contentId})::int` }).from(cmsSearchIndex).where(eq(cmsSearchIndex.siteId, siteId));
      expect(idx).toEqual({ n: CONTENTS, distinct: CONTENTS });
      const missing = await db.execute(sql`select count(*)::int as n from ${cmsContent} c where c.site_id = ${siteId} and c.status = '30'
        and not exists (select 1 from ${cmsSearchIndex} i where i.content_id = c.content_id)`);
      expect(Number(executedRows<{ n: number }>(missing)[0]!.n)).toBe(0);
      expect(await db.select().from(cmsSearchIndex).where(and(eq(cmsSearchIndex.contentId, stale)))).toEqual([]);
      expect(await db.select().from(cmsSearchRebuild)).toEqual([]);
    } finally {
      await check.close();
    }
  }, 600_000);
});
