import { afterAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useTestServer } from '../../tests/helpers/server.ts';

// Issue #8: every reply carries nosniff, framing and referrer rules; the console's pages a CSP
// that allows its own inline scripts by hash and nothing else inline.

const consoleDir = mkdtempSync(join(tmpdir(), 'castanea-csp-'));
const INLINE = 'document.documentElement.dataset.ready="1"';
mkdirSync(join(consoleDir, 'index'), { recursive: true });
mkdirSync(join(consoleDir, '_assets'), { recursive: true });
writeFileSync(join(consoleDir, 'index/index.html'), `<!doctype html><html><head><script>${INLINE}</script><script data-frame="{&quot;a&quot;:&quot;<b>x</b>&quot;}">${INLINE}</script><script type="module" src="/admin/_assets/app.js"></script></head><body></body></html>`);
writeFileSync(join(consoleDir, '_assets/app.js'), 'export {}');
writeFileSync(join(consoleDir, '_assets/editor.worker.js'), 'self.onmessage = () => {}');
writeFileSync(join(consoleDir, '_assets/page.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
const ts = useTestServer({ config: { consoleDir } });
afterAll(() => rmSync(consoleDir, { recursive: true, force: true }));

const get = (url: string, headers: Record<string, string> = {}) => ts.server.app.inject({ method: 'GET', url, headers });
const directives = (csp: unknown) => new Map(String(csp).split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));

describe('security headers', () => {
  it("give the console's pages a CSP allowing its inline scripts by hash, framing only by itself", async () => {
    const res = await get('/admin/index');
    expect(res.statusCode).toBe(200);
    const csp = directives(res.headers['content-security-policy']);
    const hash = `'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`;
    expect(csp.get('script-src')).toEqual(["'self'", hash]);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('style-src')).toContain("'unsafe-inline'");
    // the editors' players reach a library kept in a bucket (https), never plain http or data:
    expect(csp.get('media-src')).toEqual(["'self'", 'blob:', 'https:']);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('same-origin');
  });

  it('send nosniff with the console files, API replies, redirects and 404s', async () => {
    for (const url of ['/admin/_assets/app.js', '/prod-api/getInfo', '/prod-api/no/such/path', '/', '/admin/_assets/missing.js']) {
      const res = await get(url);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
    for (const url of ['/prod-api/getInfo', '/prod-api/no/such/path', '/', '/admin/_assets/missing.js', '/admin/_assets/page.svg', '/admin/_assets/editor.worker.js']) {
      const res = await get(url);
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['content-security-policy'], url).toBeTruthy();
    }
  });

  it("leave the document-only headers off the console's scripts, stylesheets and fonts (a kilobyte each on a slow link)", async () => {
    const res = await get('/admin/_assets/app.js');
    expect(res.statusCode).toBe(200);
    for (const name of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy', 'x-xss-protection', 'x-download-options']) expect(res.headers[name], name).toBeUndefined();
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['cache-control']).toContain('immutable');
    const headerBytes = Object.entries(res.headers).reduce((n, [k, v]) => n + k.length + String(v).length + 4, 0);
    expect(headerBytes).toBeLessThan(500);
  });

  it('let nothing run or load from an API reply', async () => {
    const res = await get('/prod-api/getInfo', { authorization: `Bearer ${ts.admin}` });
    expect(res.json().code).toBe(200);
    expect(directives(res.headers['content-security-policy']).get('default-src')).toEqual(["'none'"]);
  });
});
