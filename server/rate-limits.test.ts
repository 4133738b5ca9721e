import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useTestServer } from '../tests/helpers/server.ts';
import { createUser } from './modules/auth/test-fixtures.ts';
import { multipartBody, pngBytes } from './modules/common/test-multipart.ts';
import { sysSecurityConfig } from './modules/system/schema.ts';
import { RATE_LIMITS } from './core/rate-limits.ts';
import type { InjectOptions } from 'fastify';

// Issue #8: floods are throttled with the production numbers (test servers usually turn the
// throttles off; this one keeps them on).

const dataDir = mkdtempSync(join(tmpdir(), 'castanea-rate-'));
const ts = useTestServer({ config: { rateLimits: true, dataDir } });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const EN = { 'accept-language': 'en' };
type Reply = { code: number; msg: string; retryAfter?: string };

async function call(method: 'GET' | 'POST' | 'PUT', url: string, opts: { ip?: string; token?: string; body?: unknown; headers?: Record<string, string>; payload?: Buffer } = {}): Promise<Reply> {
  const res = await ts.server.app.inject({
    method,
    url: `/prod-api${url}`,
    remoteAddress: opts.ip ?? '127.0.0.1',
    headers: { ...EN, ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...opts.headers },
    payload: (opts.payload ?? opts.body) as InjectOptions['payload'],
  });
  return { ...(res.json() as Reply), retryAfter: res.headers['retry-after'] as string | undefined };
}

/** Sends `times` requests one after another; returns the replies. */
async function repeat(times: number, send: (i: number) => Promise<Reply>) {
  const out: Reply[] = [];
  for (let i = 0; i < times; i++) out.push(await send(i));
  return out;
}

const throttled = (r: Reply) => r.code === 429 && /^Too many requests; please wait \d+ s and try again$/.test(r.msg) && Number(r.retryAfter) > 0;

describe('sign-in throttles', () => {
  it(`refuses more than ${RATE_LIMITS.loginPerIp.max} sign-ins a minute from one address, before any password is checked`, async () => {
    const { max } = RATE_LIMITS.loginPerIp;
    // Different names, so only the per-address counter fills up.
    const replies = await repeat(max + 1, (i) => call('POST', '/login', { ip: '10.0.0.1', body: { username: `flood${i}`, password: 'whatever1' } }));
    expect(replies.slice(0, max).every((r) => r.code === 500)).toBe(true);
    expect(throttled(replies[max]!)).toBe(true);
    // Another address is not affected.
    expect((await call('POST', '/login', { ip: '10.0.0.2', body: { username: 'flood0', password: 'whatever1' } })).code).toBe(500);
  });

  it(`refuses more than ${RATE_LIMITS.loginPerUserName.max} sign-ins at one user name, whatever the address (and the case)`, async () => {
    // No retry limit, so only the throttle can stop the guesser.
    await ts.database.db.update(sysSecurityConfig).set({ status: '1' });
    await createUser(ts.database.db, 'target', { password: 'Target1234' });
    const { max } = RATE_LIMITS.loginPerUserName;
    const replies = await repeat(max + 1, (i) => call('POST', '/login', { ip: `10.1.0.${i + 1}`, body: { username: i % 2 ? 'TARGET' : 'target', password: `guess${i}` } }));
    expect(replies.slice(0, max).map((r) => r.msg)).toEqual(Array(max).fill('Wrong user name or password'));
    expect(throttled(replies[max]!)).toBe(true);
    // Even the right password waits for the window to end.
    expect(throttled(await call('POST', '/login', { ip: '10.1.1.1', body: { username: 'target', password: 'Target1234' } }))).toBe(true);
  });
});

describe('captcha and upload throttles', () => {
  it(`issues at most ${RATE_LIMITS.captchaPerIp.max} captchas a minute to one address`, async () => {
    const { max } = RATE_LIMITS.captchaPerIp;
    const replies = await repeat(max + 1, () => call('GET', '/captchaImage', { ip: '10.2.0.1' }));
    expect(replies.slice(0, max).every((r) => r.code === 200)).toBe(true);
    expect(throttled(replies[max]!)).toBe(true);
  });

  it(`takes at most ${RATE_LIMITS.uploadPerUser.max} uploads a minute from one user, avatars included`, async () => {
    const { max } = RATE_LIMITS.uploadPerUser;
    const send = (url: string, field: string) => {
      const body = multipartBody(field, 'pic.png', pngBytes());
      return call('POST', url, { token: ts.admin, payload: body.payload, headers: body.headers });
    };
    const replies = await repeat(max, () => send('/common/upload', 'file'));
    expect(replies.every((r) => r.code === 200)).toBe(true);
    expect(throttled(await send('/common/upload', 'file'))).toBe(true);
    expect(throttled(await send('/system/user/profile/avatar', 'avatarfile'))).toBe(true);
  });
});

describe('old-password throttle', () => {
  it(`checks at most ${RATE_LIMITS.passwordChangePerUser.max} old passwords of one user in the window, even without a retry limit`, async () => {
    await ts.database.db.update(sysSecurityConfig).set({ status: '1' });
    await createUser(ts.database.db, 'changer', { password: 'Changer123' });
    const token = await ts.login('changer', 'Changer123');
    const { max } = RATE_LIMITS.passwordChangePerUser;
    const replies = await repeat(max + 1, (i) =>
      call('PUT', '/system/user/profile/updatePwd', { token, headers: { repeatSubmit: 'false' }, body: { oldPassword: `wrong${i}`, newPassword: 'Fresh12345', confirmPassword: 'Fresh12345' } }),
    );
    expect(replies.slice(0, max).map((r) => r.msg)).toEqual(Array(max).fill('Cannot change the password: the old password is wrong'));
    expect(throttled(replies[max]!)).toBe(true);
  });
});
