import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LookupAddress } from 'node:dns';
import { useTestServer } from '../../../tests/helpers/server.ts';
import { startWebhookSink, type WebhookSink } from './test-sinks.ts';

// Issue 8, item 10: a webhook host the guard lets through may answer with a redirect to an internal
// address (cloud metadata, an admin port). Following it would make "send test" a probe of the
// server's own network again, and echoing the reply would read that page back. Redirects are not
// followed and the reply's body is never shown.
//
// The "public" host is a name the operator listed, which a stubbed DNS resolves to the local test
// server standing in for it; the internal target is a second local server, which 127.0.0.1 (not
// listed) stands for.
const HOOK_HOST = 'hooks.example.com';
vi.mock('node:dns', async (importOriginal) => {
  const dns = await importOriginal<typeof import('node:dns') & { default: typeof import('node:dns') }>();
  type Callback = (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void;
  const lookup = (host: string, options: unknown, callback: Callback) =>
    host === HOOK_HOST ? callback(null, [{ address: '127.0.0.1', family: 4 }]) : (dns.lookup as (...a: unknown[]) => void)(host, options, callback);
  return { ...dns, lookup, default: { ...dns.default, lookup } };
});

const ts = useTestServer({ config: { messagingAllowedHosts: [HOOK_HOST] } });
const API = '/system/messaging/config';
const en = { 'accept-language': 'en', repeatsubmit: 'false' };
const SECRET_PAGE = 'iam-credentials-AKIA1234567890';
let publicHost: WebhookSink;
let internal: WebhookSink;

beforeAll(async () => {
  publicHost = await startWebhookSink();
  internal = await startWebhookSink();
  internal.reply = { status: 200, body: { errcode: 0, token: SECRET_PAGE } };
});
afterAll(async () => {
  await publicHost?.close();
  await internal?.close();
});

describe('a webhook answering with a redirect to an internal address', () => {
  it.each([301, 302, 303, 307, 308])('HTTP %i: not followed, nothing reaches the internal target, the reply is not echoed', async (status) => {
    const location = `${internal.url}/latest/meta-data/iam`;
    publicHost.reply = { status, body: { moved: location, detail: SECRET_PAGE }, headers: { location } };
    const port = new URL(publicHost.url).port;
    for (const platform of ['WEBHOOK', 'WECOM']) {
      const add = await ts.api('POST', API, { token: ts.admin, headers: en, body: { name: `redirect-${status}-${platform}`, platform, config: { url: `http://${HOOK_HOST}:${port}/hook` } } });
      expect(add.code, add.msg).toBe(200);
      const posted = publicHost.posts.length;
      const r = await ts.api('POST', `${API}/${add.data.configId}/test`, { token: ts.admin, headers: en, body: {} });
      // The public host was really asked (the guard let it through) and its answer refused.
      expect(publicHost.posts.length).toBe(posted + 1);
      expect(r.code).toBe(500);
      expect(r.msg).toMatch(new RegExp(`the server answered HTTP ${status}$`));
      expect(r.msg).not.toContain(SECRET_PAGE);
      expect(r.msg).not.toContain('meta-data');
    }
    expect(internal.posts).toEqual([]);
  });
});
