import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { ROOT, TABLE_ROWS, useHarness } from './harness.ts';
import type { ServerConfig } from '../../server/config.ts';
import { sysDictType, sysUser } from '../../server/modules/system/schema.ts';

// Issue #12: the console built with the API's absolute URL, served by a plain static server on
// another origin with the README's two rewrite rules, signs in and works against the API, which
// allows that origin through CORS_ORIGINS.

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2', '.woff': 'font/woff', '.ttf': 'font/ttf', '.json': 'application/json', '.png': 'image/png',
};

/** The README's CDN rules: /admin/<path> → its file, <path>/index.html or <path>.html; any other /admin/* → the client-router page, status 200. */
function cdnServer(root: () => string): Server {
  return createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://cdn').pathname);
    if (!path.startsWith('/admin/')) return void res.writeHead(404).end();
    const rel = normalize(path.slice('/admin/'.length)).replace(/^(\.\.[/\\])+/, '');
    const isFile = (p: string) => existsSync(p) && statSync(p).isFile();
    const candidates = [join(root(), rel), join(root(), rel, 'index.html'), join(root(), `${rel.replace(/\/$/, '')}.html`)];
    const file = candidates.find(isFile) ?? join(root(), 'app-router', 'index.html');
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
}

let cdnDir = '';
const cdn = cdnServer(() => cdnDir);
let cdnOrigin = '';
// Filled before the harness starts (this hook is registered first, so it runs first).
const config: Partial<ServerConfig> = {};
beforeAll(async () => {
  await new Promise<void>((resolve) => cdn.listen(0, '127.0.0.1', resolve));
  const addr = cdn.address();
  cdnOrigin = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  config.corsOrigins = [cdnOrigin];
});

const h = useHarness({ config });

beforeAll(() => {
  // The README's build for a CDN: the API's absolute URL, fixed at build time.
  cdnDir = mkdtempSync(join(tmpdir(), 'castanea-cdn-'));
  execFileSync(join(ROOT, 'node_modules', '.bin', 'astro'), ['build', '--silent', '--outDir', cdnDir], {
    cwd: ROOT,
    env: { ...process.env, PUBLIC_API_BASE: `${h.server.url}/prod-api` },
    stdio: 'inherit',
  });
}, 240_000);

afterAll(() => {
  cdn.close();
  if (cdnDir) rmSync(cdnDir, { recursive: true, force: true });
});

describe('the console served from a CDN on another origin (issue #12)', () => {
  it('signs in against the API through CORS, and deep links work through the rewrite rules', async () => {
    await h.server.database.db.update(sysUser).set({ forceModifyPassword: 'N' });
    const apiCalls: string[] = [];
    h.page.on('request', (r) => {
      if (r.url().includes('/prod-api/')) apiCalls.push(new URL(r.url()).origin);
    });
    await h.signIn({ path: `${cdnOrigin}/admin/login` });
    expect(new URL(h.page.url()).origin).toBe(cdnOrigin);
    await h.page.getByTestId('home-welcome').waitFor();
    // Every API call went to the API's own origin, none to the CDN.
    expect(apiCalls.length).toBeGreaterThan(2);
    expect(new Set(apiCalls)).toEqual(new Set([h.server.url]));

    // A prebuilt page, opened directly (rule 1).
    await h.page.goto(`${cdnOrigin}/admin/system/post`);
    await h.page.locator(TABLE_ROWS).first().waitFor();
    // A dynamic route only the client router knows (rule 2).
    const [dict] = await h.server.database.db.select({ id: sysDictType.dictId }).from(sysDictType).limit(1);
    await h.page.goto(`${cdnOrigin}/admin/system/dict-data/index/${dict!.id}`);
    await h.page.locator(TABLE_ROWS).first().waitFor();
    expect(new URL(h.page.url()).pathname).toBe(`/admin/system/dict-data/index/${dict!.id}`);
    // An unknown path still ends on the console's 404.
    await h.page.goto(`${cdnOrigin}/admin/no/such/page`);
    await h.page.waitForURL('**/admin/404');
  });
});
