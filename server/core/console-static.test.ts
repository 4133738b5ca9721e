import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { serveConsole } from './console-static.ts';
import { precompressDir } from '../../src/lib/build/precompress.ts';

let app: FastifyInstance;
let root: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'castanea-dist-'));
  const put = (rel: string, body: string) => {
    mkdirSync(join(root, rel, '..'), { recursive: true });
    writeFileSync(join(root, rel), body);
  };
  put('login/index.html', '<html>login</html>');
  put('404/index.html', '<html>404</html>');
  put('app-router/index.html', '<html>router</html>');
  // The pages built in the other languages (src/lib/build/language-pages.ts); the docs are zh-CN only.
  put('_lang/en/login/index.html', '<html>login in English</html>');
  put('_lang/zh-TW/login/index.html', '<html>login in zh-TW</html>');
  put('_lang/en/404/index.html', '<html>404 in English</html>');
  put('_lang/en/app-router/index.html', '<html>router in English</html>');
  put('docs/index.html', '<html>docs</html>');
  put('_assets/app.abc123.js', `console.log(${JSON.stringify('x'.repeat(5000))});`);
  put('_assets/small.abc123.js', 'console.log(1);');
  put('_assets/pre.abc123.css', `body{color:red}${'.a{margin:0}'.repeat(400)}`);
  // What the build does after writing the console (src/lib/build/precompress.ts).
  await precompressDir(join(root, '_assets'));
  writeFileSync(join(tmpdir(), 'castanea-secret.txt'), 'secret');
  app = Fastify();
  await app.register(compress, { global: true, threshold: 1024 });
  await serveConsole(app, root);
});
afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

describe('console static serving', () => {
  it('serves prebuilt pages by directory with revalidation', async () => {
    const res = await app.inject('/admin/login');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('login');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it("sends a page built in the language the reader's cookie names, varying on the cookie", async () => {
    const page = (url: string, cookie?: string) => app.inject({ url, headers: cookie ? { cookie } : {} });
    expect((await page('/admin/login', 'castanea_lang=en')).body).toContain('login in English');
    expect((await page('/admin/login', 'Admin-Token=x; castanea_lang=zh-TW')).body).toContain('login in zh-TW');
    // zh-CN, no cookie, a language the console does not have: the page at its own path
    // (and a malformed escape in it: the page, not an error)
    for (const cookie of ['castanea_lang=zh-CN', undefined, 'castanea_lang=fr', 'other-castanea_lang=en', 'castanea_lang=%E0%A4%A']) {
      expect((await page('/admin/login', cookie)).body).toBe('<html>login</html>');
    }
    // a page the build has in zh-CN only
    expect((await page('/admin/docs', 'castanea_lang=en')).body).toContain('docs');
    // the client router's page and the 404 page too
    expect((await page('/admin/no/such/screen', 'castanea_lang=en')).body).toContain('router in English');
    const missing = await page('/admin/missing.js', 'castanea_lang=en');
    expect([missing.statusCode, missing.body]).toEqual([404, '<html>404 in English</html>']);
    const res = await page('/admin/login', 'castanea_lang=en');
    expect(res.headers.vary).toContain('Cookie');
    // an asset does not depend on it
    expect((await page('/admin/_assets/small.abc123.js', 'castanea_lang=en')).headers.vary ?? '').not.toContain('Cookie');
  });

  it('serves hashed assets as immutable and compressed', async () => {
    const res = await app.inject({ url: '/admin/_assets/app.abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it("sends the build's Brotli or gzip twin as it is, varying on accept-encoding, immutable", async () => {
    const plain = `body{color:red}${'.a{margin:0}'.repeat(400)}`;
    const brotli = await app.inject({ url: '/admin/_assets/pre.abc123.css', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(String(brotli.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers['content-type']).toMatch(/text\/css/);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain);
    // Stronger than what a reply compressed on the fly would be (the twin is Brotli 11).
    expect(brotli.rawPayload.length).toBeLessThan(200);

    const gzip = await app.inject({ url: '/admin/_assets/pre.abc123.css', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain);

    const none = await app.inject({ url: '/admin/_assets/pre.abc123.css', headers: { 'accept-encoding': 'identity' } });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body).toBe(plain);
  });

  it('writes no twin for a file too small to gain from one', async () => {
    const res = await app.inject({ url: '/admin/_assets/small.abc123.js.gz' });
    expect(res.statusCode).toBe(404);
  });

  it('gives unknown console paths the client-router page', async () => {
    const res = await app.inject('/admin/system/role-auth/user/3');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('router');
  });

  it('answers a missing asset with 404, not the app page', async () => {
    const res = await app.inject('/admin/_assets/missing.js');
    expect(res.statusCode).toBe(404);
  });

  it('keeps paths inside the build folder', async () => {
    const res = await app.inject('/admin/..%2Fcastanea-secret.txt');
    expect(res.body).not.toContain('secret');
  });

  it('sends the root and /admin/ to Home', async () => {
    expect((await app.inject('/')).headers.location).toBe('/admin/');
    expect((await app.inject('/favicon.ico')).headers.location).toBe('/admin/favicon.svg');
    expect((await app.inject('/admin/')).headers.location).toBe('/admin/index');
  });
});
