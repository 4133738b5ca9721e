import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../tests/helpers/server.ts';
import { configFromEnv } from '../config.ts';
import { parseCorsOrigins } from './cors.ts';

const CDN = 'https://cdn.example.com';

const preflight = (ts: TestServer, origin: string, path = '/prod-api/getInfo') =>
  ts.server.app.inject({
    method: 'OPTIONS',
    url: path,
    headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization,currentsite,accept-language' },
  });

describe('CORS_ORIGINS', () => {
  it('reads origins separated by commas or spaces and refuses anything that is not an origin, naming it', () => {
    expect(parseCorsOrigins(undefined)).toEqual([]);
    expect(parseCorsOrigins(' https://cdn.example.com, http://127.0.0.1:8080  https://a.example.org/ ')).toEqual([
      'https://cdn.example.com', 'http://127.0.0.1:8080', 'https://a.example.org',
    ]);
    for (const bad of ['*', 'cdn.example.com', 'https://cdn.example.com/admin', 'ftp://cdn.example.com', 'https://cdn.example.com?x=1']) {
      expect(() => parseCorsOrigins(bad), bad).toThrow(`"${bad}"`);
    }
    expect(() => configFromEnv({ CORS_ORIGINS: 'https://ok.example.com,*' })).toThrow('CORS_ORIGINS');
  });
});

describe('a console on another origin', () => {
  let open: TestServer;
  let listed: TestServer;
  beforeAll(async () => {
    open = await startTestServer();
    listed = await startTestServer({ config: { corsOrigins: [CDN] } });
  });
  afterAll(async () => {
    await open?.close();
    await listed?.close();
  });

  it('gets no CORS header by default: nothing is allowed unless listed', async () => {
    const pre = await preflight(open, CDN);
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
    const get = await open.server.app.inject({ method: 'GET', url: '/prod-api/login/config', headers: { origin: CDN } });
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('is allowed once listed: the preflight names the origin, the headers the console sends, and credentials', async () => {
    const pre = await preflight(listed, CDN);
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe(CDN);
    expect(pre.headers['access-control-allow-credentials']).toBe('true');
    expect(String(pre.headers['access-control-allow-headers']).toLowerCase()).toContain('currentsite');
    expect(String(pre.headers['access-control-allow-methods'])).toContain('DELETE');
    expect(String(pre.headers.vary)).toContain('Origin');

    const login = await listed.server.app.inject({ method: 'POST', url: '/prod-api/login', headers: { origin: CDN, 'content-type': 'application/json' }, payload: { username: 'admin', password: 'admin123' } });
    expect(login.headers['access-control-allow-origin']).toBe(CDN);
    expect(login.json()).toMatchObject({ code: 200 });
    expect(String(login.headers['access-control-expose-headers'])).toContain('download-filename');
  });

  it('still refuses an origin that is not listed, and never answers with a wildcard', async () => {
    for (const origin of ['https://evil.example.com', 'https://cdn.example.com.evil.com', 'null']) {
      const pre = await preflight(listed, origin);
      expect(pre.headers['access-control-allow-origin'], origin).toBeUndefined();
      expect(pre.headers['access-control-allow-credentials'], origin).toBeUndefined();
    }
  });

  it('covers the API only, not the console pages', async () => {
    const page = await listed.server.app.inject({ method: 'GET', url: '/admin/login', headers: { origin: CDN } });
    expect(page.headers['access-control-allow-origin']).toBeUndefined();
  });
});
