import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { sysCaptcha } from '../../auth/index.ts';
import { PUBLIC_LIMITS } from '../public-api/limits.ts';
import { cmsSite } from '../site/schema.ts';
import { cmsMailbox } from './schema.ts';

// The mailbox's throttle (PUBLIC_LIMITS.mailboxPerIp) with the throttles on: one address sends its
// allowance, then is refused with 429 and Retry-After; another address still may.
const ts = useTestServer({ config: { rateLimits: true } });
let siteId = 0;

const onSites = (method: 'GET' | 'POST', url: string, ip: string, payload?: object) =>
  ts.server.sites.inject({ method, url, payload, remoteAddress: ip, headers: { 'accept-language': 'en' } });
async function send(ip: string) {
  const { uuid } = (await onSites('GET', `/api/mailbox/captcha?sid=${siteId}`, ip)).json().data;
  const [row] = await ts.database.db.select().from(sysCaptcha).where(eq(sysCaptcha.uuid, uuid));
  return onSites('POST', `/api/mailbox/submit?sid=${siteId}`, ip, { title: 'Hello', name: 'Dee', phone: '13800138000', content: 'Hi', uuid, code: row!.code });
}

beforeAll(async () => {
  [{ siteId }] = await ts.database.db.insert(cmsSite).values({ name: 'Limits', path: 'mlimits' }).returning({ siteId: cmsSite.siteId });
});

describe('mailbox messages from one address', () => {
  it('are taken up to the limit, then refused with 429 until the window ends', async () => {
    const max = PUBLIC_LIMITS.mailboxPerIp.max;
    for (let i = 0; i < max; i++) expect((await send('192.0.2.8')).statusCode).toBe(200);
    const over = await send('192.0.2.8');
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await send('192.0.2.9')).statusCode).toBe(200);
    const rows = await ts.database.db.select().from(cmsMailbox).where(eq(cmsMailbox.siteId, siteId));
    expect(rows).toHaveLength(max + 1);
  });
});
