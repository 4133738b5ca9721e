import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import { serveConsole } from './console-static.ts';

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
  put('_assets/app.abc123.js', `console.log(${JSON.stringify('x'.repeat(5000))});`);
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

  it('serves hashed assets as immutable and compressed', async () => {
    const res = await app.inject({ url: '/admin/_assets/app.abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
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
    expect((await app.inject('/admin/')).headers.location).toBe('/admin/index');
  });
});
