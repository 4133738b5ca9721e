import type { ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createServer } from '../../../app.ts';
import { freePort, PROCESS_HEADERS, processApi, sleep, startServerProcess, stopProcess } from '../../../../tests/helpers/server-process.ts';
import { sysUser } from '../../system/schema.ts';
import { templateRoot, writeTemplateFile } from '../template/store.ts';
import { readTree } from './test-publish.ts';

// Issue 11 §3 acceptance: `kill -9` the server during a full site publish, start it again, and it
// finishes; the output equals a clean run's, file for file. The server runs as a child process
// (server/main.ts) on a PGlite data folder, as `npm start` runs it.
const work = mkdtempSync(join(tmpdir(), 'castanea-crash-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const ARTICLES = 70;

// Heavy enough that a publish takes a while (the kill must land mid-way), and the same every run.
const WORK = '{% for i in (1..600) %}{{ i }}{% endfor %}';
const TEMPLATES: Record<string, string> = {
  'index.template.html': `<h1>{{ Site.name }}</h1>{% cms_content level: 'Root', size: 20 %}{% for a in DataList %}<a href="{{ a.link }}">{{ a.title }}</a>{% endfor %}{% endcms_content %}`,
  'list.template.html': `<h1>{{ Catalog.name }}</h1>${WORK}{% cms_content page: true, size: 1 %}{% for a in DataList %}<a href="{{ a.link }}">{{ a.title }}</a>{% endfor %}{% endcms_content %}{% page_bar %}`,
  'detail_article.template.html': `<h1>{{ Content.title }}</h1>${WORK}{% cms_article page: true %}{{ ArticleContent | raw }}{% endcms_article %}{% page_bar %}`,
};

/** A data folder with a site of ARTICLES three-page articles in two catalogs (list pages of one each), a full publish queued. */
async function prepare(dataDir: string, port: number): Promise<number> {
  const server = await createServer({ config: { dataDir, port, publishWorker: false, captchaEnabled: false, rateLimits: false, logRequests: false } });
  try {
    await server.services.db.update(sysUser).set({ forceModifyPassword: 'N' }).where(eq(sysUser.userName, 'admin'));
    const call = async (method: string, url: string, body?: unknown, site?: number) => {
      const res = await server.app.inject({ method: method as 'POST', url: `/prod-api${url}`, headers: { ...PROCESS_HEADERS, ...(token ? { authorization: `Bearer ${token}` } : {}), ...(site ? { currentsite: String(site) } : {}) }, payload: body === undefined ? undefined : JSON.stringify(body) });
      const env = res.json();
      expect(env.code, `${method} ${url}: ${env.msg}`).toBe(200);
      return env.data;
    };
    let token = '';
    token = await call('POST', '/login', { username: 'admin', password: 'admin123' });
    const siteId = (await call('POST', '/cms/site', { name: 'Crash', path: 'crash' })).siteId as number;
    const root = templateRoot(dataDir, 'crash', 'pc');
    for (const [name, source] of Object.entries(TEMPLATES)) await writeTemplateFile(root, name, source, { create: true }).catch(() => writeTemplateFile(root, name, source));
    const cats = await call('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'One\nTwo' }, siteId);
    const ids: number[] = [];
    for (let i = 0; i < ARTICLES; i++) {
      const body = `<p>Part one of ${i}</p><hr class="page-break"><p>Part two</p><hr class="page-break"><p>Part three</p>`;
      ids.push((await call('POST', '/cms/content?contentType=article', { catalogId: cats[i % 2].catalogId, title: `Article ${i}`, contentHtml: body }, siteId)).contentId);
    }
    await call('POST', '/cms/content/publish', { contentIds: ids }, siteId);
    await call('DELETE', '/cms/publish/clear', undefined, siteId);
    await call('POST', '/cms/site/publish', { siteId }, siteId);
    return siteId;
  } finally {
    await server.close();
  }
}

const countFiles = (dir: string): number => {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) if (e.isFile()) n++;
  return n;
};
const filesIn = (dir: string) => {
  try {
    return countFiles(dir);
  } catch {
    return 0;
  }
};

async function waitUp(port: number, child: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}`);
    const up = await fetch(`http://127.0.0.1:${port}/prod-api/captchaImage`).then(() => true, () => false);
    if (up) return;
    await sleep(200);
  }
  throw new Error('server did not start');
}

/** Waits until the queue is empty (taskCount 0 three times in a row). */
async function waitDone(port: number) {
  const token = (await processApi(port, 'POST', '/login', undefined, { username: 'admin', password: 'admin123' })).data as string;
  let zeros = 0;
  for (let i = 0; i < 1200 && zeros < 3; i++) {
    const r = await processApi(port, 'GET', '/cms/publish/taskCount', token);
    zeros = Number(r.data) === 0 ? zeros + 1 : 0;
    await sleep(250);
  }
  expect(zeros).toBe(3);
}

// The child server runs on PGlite whatever the run's database: the PostgreSQL pass would repeat it.
describe.skipIf(!!process.env.DATABASE_URL)('a server killed mid-publish', () => {
  it('resumes when started again, and its output equals a clean run\'s, file for file', async () => {
    const port = await freePort();
    const crashed = join(work, 'crashed');
    const clean = join(work, 'clean');
    await prepare(crashed, port);
    cpSync(crashed, clean, { recursive: true });
    const out = join(crashed, 'wwwroot', 'crash');

    // First start: kill -9 once some pages are out.
    const first = startServerProcess(work, crashed, port);
    await waitUp(port, first);
    for (let i = 0; i < 3000 && filesIn(out) < 40; i++) await sleep(20);
    const exited = new Promise((r) => first.once('exit', r));
    first.kill('SIGKILL');
    await exited;
    const atKill = filesIn(out);
    expect(atKill).toBeGreaterThan(0);
    // Pages: 70 articles × 3, 35 list pages × 2 catalogs, the index.
    const expected = ARTICLES * 3 + ARTICLES + 1;
    expect(atKill).toBeLessThan(expected);

    // Started again, it finishes.
    const second = startServerProcess(work, crashed, port);
    try {
      await waitUp(port, second);
      await waitDone(port);
    } finally {
      await stopProcess(second);
    }

    // A clean run of the same site.
    const third = startServerProcess(work, clean, port);
    try {
      await waitUp(port, third);
      await waitDone(port);
    } finally {
      await stopProcess(third);
    }

    const after = await readTree(out);
    const reference = await readTree(join(clean, 'wwwroot', 'crash'));
    expect(reference.size).toBeGreaterThanOrEqual(expected);
    expect([...after.keys()]).toEqual([...reference.keys()]);
    for (const [file, text] of reference) expect(after.get(file), file).toBe(text);
  }, 1_800_000);
});
