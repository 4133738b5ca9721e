import { expect } from 'vitest';
import type { TestServerFixture } from './server.ts';

/** The headers an administrator's console sends: no duplicate-submit guard, English messages. */
export const CONSOLE_HEADERS = { repeatSubmit: 'false', 'accept-language': 'en' };

/**
 * The administrator's calls on one site (the `CurrentSite` header the console sends), read from
 * `siteOf()` at each call so a file can create its site in `beforeAll`: `call` gives the envelope,
 * `ok` expects code 200 (naming the call and its message) and gives `data`.
 */
export function siteCalls(ts: TestServerFixture, siteOf: () => number) {
  const call = (method: string, url: string, body?: unknown) =>
    ts.api(method, url, { token: ts.admin, body, headers: { ...CONSOLE_HEADERS, CurrentSite: String(siteOf()) } });
  const ok = async (method: string, url: string, body?: unknown) => {
    const r = await call(method, url, body);
    expect(r.code, `${method} ${url}: ${r.msg}`).toBe(200);
    return r.data;
  };
  return { call, ok };
}
