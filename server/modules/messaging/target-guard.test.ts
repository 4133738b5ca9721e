import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../../tests/helpers/server.ts';
import { startSmtpSink, startWebhookSink, type SmtpSink, type WebhookSink } from './test-sinks.ts';
import { addressAllowed, allowedAddresses, isPublicAddress } from './target-guard.ts';

// Issue 8, finding 5: "send test" posted to loopback and private addresses and echoed the reply,
// and the SMTP test scanned ports. Messages go to public addresses only, unless the operator lists
// a host in MESSAGING_ALLOWED_HOSTS. (Only loopback is ever dialled here: private ranges are checked
// as addresses, never connected to.)

describe('which addresses a message may go to', () => {
  it('refuses every internal or special range, IPv4 inside IPv6 included, and passes public ones', () => {
    const internal = [
      '127.0.0.1', '127.8.9.10', '10.1.2.3', '172.16.0.1', '192.168.1.1', '100.64.0.1', '169.254.169.254', '0.0.0.0',
      '224.0.0.1', '255.255.255.255', '::1', '::', 'fd00::1', 'fe80::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1',
      '64:ff9b::a00:1', '2002:a00:1::1', 'not-an-ip',
    ];
    for (const a of internal) expect(isPublicAddress(a), a).toBe(false);
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700::1111']) expect(isPublicAddress(a), a).toBe(true);
  });

  it('lets the operator allow addresses and ranges, and nothing beside them', () => {
    const policy = { allowedHosts: ['10.20.0.0/16', '192.168.1.5', 'fd12::/16'] };
    expect(addressAllowed('10.20.3.4', policy)).toBe(true);
    expect(addressAllowed('::ffff:10.20.3.4', policy)).toBe(true);
    expect(addressAllowed('192.168.1.5', policy)).toBe(true);
    expect(addressAllowed('fd12::9', policy)).toBe(true);
    expect(addressAllowed('10.21.0.1', policy)).toBe(false);
    expect(addressAllowed('192.168.1.6', policy)).toBe(false);
    expect(addressAllowed('127.0.0.1', policy)).toBe(false);
  });

  it('checks every address a name resolves to, and trusts a name only when listed', async () => {
    const resolver = (answer: string[]) => (_h: string, _o: unknown, cb: (e: null, a: { address: string; family: number }[]) => void) =>
      cb(null, answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
    const none = { allowedHosts: [] };
    await expect(allowedAddresses('hooks.example.com', 'x', none, resolver(['93.184.216.34']))).resolves.toHaveLength(1);
    // A rebinding answer mixing a public and an internal address is refused as a whole.
    await expect(allowedAddresses('hooks.example.com', 'x', none, resolver(['93.184.216.34', '10.0.0.5']))).rejects.toMatchObject({ key: 'messaging.error.blockedTarget' });
    await expect(allowedAddresses('relay.internal', 'x', none, resolver(['10.0.0.5']))).rejects.toMatchObject({ key: 'messaging.error.blockedTarget' });
    await expect(allowedAddresses('relay.internal', 'x', { allowedHosts: ['Relay.Internal'] }, resolver(['10.0.0.5']))).resolves.toHaveLength(1);
    await expect(allowedAddresses('[::ffff:127.0.0.1]', 'x', none)).rejects.toMatchObject({ key: 'messaging.error.blockedTarget' });
  });
});

describe('send test to internal targets, with no allow list', () => {
  const ts = useTestServer();
  const API = '/system/messaging/config';
  const en = { 'accept-language': 'en', repeatsubmit: 'false' };
  let hook: WebhookSink;
  let smtp: SmtpSink;
  beforeAll(async () => {
    hook = await startWebhookSink();
    smtp = await startSmtpSink();
  });
  afterAll(async () => {
    await hook?.close();
    await smtp?.close();
  });

  async function sendTestTo(platform: string, config: Record<string, unknown>) {
    const add = await ts.api('POST', API, { token: ts.admin, body: { name: `t-${Math.random()}`, platform, config }, headers: en });
    expect(add.code, add.msg).toBe(200);
    return ts.api('POST', `${API}/${add.data.configId}/test`, { token: ts.admin, body: { to: 'ops@example.com' }, headers: en });
  }

  it('refuses loopback by address, as IPv4 inside IPv6, and by a name resolving to it; nothing is sent', async () => {
    const port = new URL(hook.url).port;
    for (const url of [`http://127.0.0.1:${port}/x`, `http://[::ffff:127.0.0.1]:${port}/x`, `http://localhost:${port}/x`, `http://2130706433:${port}/x`, `http://[::1]:${port}/x`]) {
      const r = await sendTestTo('WEBHOOK', { url });
      expect(r.code, url).toBe(500);
      expect(r.msg, url).toMatch(/is an internal address \(loopback, private, link-local or reserved\); messages go to such hosts only when MESSAGING_ALLOWED_HOSTS lists them$/);
    }
    const smtpConfig = { port: smtp.port, security: 'NONE', username: 'mailer', password: 'S3cret!', fromAddress: 'cms@example.com' };
    for (const host of ['127.0.0.1', 'localhost', '::ffff:127.0.0.1', '2130706433']) {
      const r = await sendTestTo('SMTP', { ...smtpConfig, host });
      expect(r.msg, host).toMatch(/is an internal address/);
    }
    expect(hook.posts).toEqual([]);
    expect(smtp.mails).toEqual([]);
  });
});
