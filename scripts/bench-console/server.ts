// The bench's server: the built console and API started in a child process on a temporary data
// directory, and the API calls that sign in and seed what the pages show.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer as netServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = netServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export async function startServer(dist: string, root = ROOT): Promise<{ url: string; child: ChildProcess; dataDir: string }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'castanea-bench-'));
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), SITE_PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, CAPTCHA_ENABLED: 'false', CONSOLE_DIR: dist, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server stopped (${code})`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('is running at')) resolve();
    });
  });
  child.stdout!.resume();
  return { url: `http://127.0.0.1:${port}`, child, dataDir };
}

export async function api<T = any>(base: string, method: string, path: string, token = '', body?: unknown, siteId?: number): Promise<T> {
  const headers: Record<string, string> = { 'accept-language': 'en', repeatSubmit: 'false' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (siteId) headers.currentsite = String(siteId);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}/prod-api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = (await res.json()) as { code: number; msg: string; data?: T; token?: string };
  if (json.code !== 200) throw new Error(`${method} ${path}: ${json.code} ${json.msg}`);
  return (json.data ?? json.token) as T;
}

/** Signs in as the seeded admin, makes the forced first password change, seeds contents; returns the token and the editor's query. */
export async function prepare(base: string): Promise<{ token: string; editorQuery: string }> {
  const first = 'admin123';
  const next = 'Bench#Root2026x';
  const login = (password: string) => api<string>(base, 'POST', '/login', '', { username: 'admin', password, code: '', uuid: '' });
  const old = await login(first);
  await api(base, 'PUT', '/system/user/profile/updatePwd', old, { oldPassword: first, newPassword: next, confirmPassword: next });
  const token = await login(next);
  const site = await api<{ siteId: string }>(base, 'GET', '/cms/site/getCurrentSite', token);
  const siteId = Number(site.siteId);
  const catalogs = await api<{ catalogId: number; name: string }[]>(base, 'POST', '/cms/catalog/batchAdd', token, { parentId: 0, catalogs: 'Bench news\n  Bench world' }, siteId);
  const catalogId = catalogs[0]!.catalogId;
  // More rows than a page shows (20), so the list draws a full page.
  for (let i = 1; i <= 25; i++) {
    await api(base, 'POST', '/cms/content?contentType=article', token, { catalogId: catalogs[i % catalogs.length]!.catalogId, title: `Bench article ${i}`, author: 'Bench' }, siteId);
  }
  // The workbench opens the site's index template (the default theme installs it; saved here so
  // every run opens the same text).
  const template = ['<!doctype html>', '<html>', '<head><title>{{ Site.name }}</title></head>', '<body>', '{% cms_catalog level="Root" %}', '  <a href="{{ catalog.link }}">{{ catalog.name }}</a>', '{% endcms_catalog %}', '</body>', '</html>', ''].join('\n');
  await api(base, 'PUT', '/cms/template', token, { publishPipeCode: 'pc', path: 'index.template.html', content: template }, siteId);
  return { token, editorQuery: `catalogId=${catalogId}&contentType=article` };
}
