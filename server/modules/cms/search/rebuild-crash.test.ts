import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer as netServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createServer } from '../../../app.ts';
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
const main = fileURLToPath(new URL('../../../main.ts', import.meta.url));
const CONTENTS = REBUILD_BATCH * 30;
const H = { repeatsubmit: 'false', 'content-type': 'application/json', 'accept-language': 'en' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const freePort = () => new Promise<number>((resolve) => {
  const s = netServer().listen(0, '127.0.0.1', () => {
    const port = (s.address() as { port: number }).port;
    s.close(() => resolve(port));
  });
});

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
    const login = await server.app.inject({ method: 'POST', url: '/prod-api/login', headers: H, payload: JSON.stringify({ username: 'admin', password: 'admin123' }) });
    const token = login.json().data as string;
    const call = async (url: string, body: unknown, site?: number) => {
      const r = await server.app.inject({ method: 'POST', url: `/prod-api${url}`, headers: { ...H, authorization: `Bearer ${token}`, ...(site ? { currentsite: String(site) } : {}) }, payload: JSON.stringify(body) });
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

function start(dataDir: string, port: number): ChildProcess {
  const consoleDir = join(work, 'console');
  mkdirSync(consoleDir, { recursive: true });
  return spawn(process.execPath, [main], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), SITE_PORT: '0', HOST: '127.0.0.1', CAPTCHA_ENABLED: 'false', CONSOLE_DIR: consoleDir, DATABASE_URL: '', PUBLISH_WORKER: 'true', PUBLISH_DIR: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function api(port: number, method: string, url: string, token?: string, body?: unknown, site?: number) {
  const res = await fetch(`http://127.0.0.1:${port}/prod-api${url}`, { method, headers: { ...H, ...(token ? { authorization: `Bearer ${token}` } : {}), ...(site ? { currentsite: String(site) } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });
  return res.json() as Promise<{ code: number; data: unknown; msg: string }>;
}

/** Signs in once the server answers. */
async function signIn(port: number, child: ChildProcess): Promise<string> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}`);
    const r = await api(port, 'POST', '/login', undefined, { username: 'admin', password: 'admin123' }).catch(() => null);
    if (r?.code === 200) return r.data as string;
    await sleep(100);
  }
  throw new Error('server did not start');
}

const progress = async (port: number, token: string, siteId: number) => (await api(port, 'GET', '/cms/search/rebuild', token, undefined, siteId)).data as { done: number; total: number } | null;

describe.skipIf(!!process.env.DATABASE_URL)('a server killed mid-rebuild of the search index', () => {
  it('finishes the rebuild when started again: every published content indexed once, the stale one gone', async () => {
    const port = await freePort();
    const dataDir = join(work, 'data');
    const { siteId, stale } = await prepare(dataDir, port);

    // First start: a rebuild asked for, kill -9 part way.
    const first = start(dataDir, port);
    let atKill = 0;
    try {
      const token = await signIn(port, first);
      const asked = await api(port, 'POST', '/cms/search/rebuild', token, {}, siteId);
      expect(asked.code).toBe(200);
      for (let i = 0; i < 3000; i++) {
        const p = await progress(port, token, siteId);
        atKill = p?.done ?? 0;
        if (atKill >= REBUILD_BATCH * 2) break;
        await sleep(20);
      }
    } finally {
      const exited = new Promise((r) => first.once('exit', r));
      first.kill('SIGKILL');
      await exited;
    }
    expect(atKill).toBeGreaterThan(0);
    expect(atKill).toBeLessThan(CONTENTS);

    // Started again, it goes on from its cursor and ends.
    const second = start(dataDir, port);
    let last: { done: number; total: number } | null = null;
    try {
      const token = await signIn(port, second);
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
      const gone = new Promise((r) => second.once('exit', r));
      second.kill('SIGTERM');
      await gone;
    }
    if (last) expect(last.done).toBeGreaterThanOrEqual(atKill);

    const check = await createServer({ config: { dataDir, port, publishWorker: false, captchaEnabled: false, rateLimits: false, logRequests: false } });
    try {
      const db = check.services.db;
      const [idx] = await db.select({ n: sql<number>`count(*)::int`, distinct: sql<number>`count(distinct ${cmsSearchIndex.contentId})::int` }).from(cmsSearchIndex).where(eq(cmsSearchIndex.siteId, siteId));
      expect(idx).toEqual({ n: CONTENTS, distinct: CONTENTS });
      const missing = await db.execute(sql`select count(*)::int as n from ${cmsContent} c where c.site_id = ${siteId} and c.status = '30'
        and not exists (select 1 from ${cmsSearchIndex} i where i.content_id = c.content_id)`);
      expect(Number((missing as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBe(0);
      expect(await db.select().from(cmsSearchIndex).where(and(eq(cmsSearchIndex.contentId, stale)))).toEqual([]);
      expect(await db.select().from(cmsSearchRebuild)).toEqual([]);
    } finally {
      await check.close();
    }
  }, 600_000);
});
