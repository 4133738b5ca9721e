import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { RATE_LIMITS } from '../../../core/rate-limits.ts';
import { cmsCustomFormData } from './schema.ts';

// The sites' submit route under its per-address throttle: past it, a post is refused with 429
// before its body is read (a multipart post's files never reach the disk) and nothing is stored.
const ts = useTestServer({ config: { rateLimits: true } });
const H = { repeatSubmit: 'false', 'accept-language': 'en' };
let siteId = 0;
let formId = 0;

async function ok(method: string, path: string, body?: unknown) {
  const r = await ts.api(method, path, { token: ts.admin, body, headers: { ...H, CurrentSite: String(siteId) } });
  expect(r.code, `${method} ${path}: ${r.msg}`).toBe(200);
  return r.data;
}
const ip = '203.0.113.9';

describe('the sites\' form submit past its rate limit', () => {
  beforeAll(async () => {
    siteId = (await ts.api('POST', '/cms/site', { token: ts.admin, headers: H, body: { name: 'Throttled', path: 'throttled' } })).data.siteId;
    const modelId = (await ok('POST', '/cms/exmodel', { name: 'Contact', code: 'contact', bindTo: 'form' })).modelId;
    await ok('POST', '/xmodel/field', { modelId, label: 'Name', code: 'name', fieldType: 'text' });
    await ok('POST', '/xmodel/field', { modelId, label: 'Photo', code: 'photo', fieldType: 'image' });
    formId = (await ok('POST', '/cms/customform', { name: 'Contact', code: 'contact', modelId })).formId;
    await ok('POST', '/cms/customform/publish', [formId]);
  });

  it('answers 429 with Retry-After and stores nothing, a multipart post included', async () => {
    const max = RATE_LIMITS.formSubmitPerIp.max;
    for (let i = 0; i < max; i++) {
      const r = await ts.server.sites.inject({ method: 'POST', url: '/api/customform/submit', remoteAddress: ip, payload: `siteId=${siteId}&formId=${formId}&data.name=n${i}`, headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' } });
      expect(r.json().code, r.body).toBe(200);
    }
    const boundary = '----t';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="siteId"\r\n\r\n${siteId}\r\n--${boundary}\r\nContent-Disposition: form-data; name="formId"\r\n\r\n${formId}\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="data.photo"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`), Buffer.alloc(64 * 1024, 1), Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const r = await ts.server.sites.inject({ method: 'POST', url: '/api/customform/submit', remoteAddress: ip, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'accept-language': 'en' } });
    expect(r.statusCode).toBe(429);
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    expect(r.body).toContain('<html lang="en">');
    expect(await ts.database.db.select().from(cmsCustomFormData).where(eq(cmsCustomFormData.formId, formId))).toHaveLength(max);
  });
});
