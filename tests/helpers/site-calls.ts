import { expect } from 'vitest';
import type { TestServerFixture } from './server.ts';

/** The headers an administrator's console sends: no duplicate-submit guard, English messages. */
export const CONSOLE_HEADERS = { repeatSubmit: 'false', 'accept-language': 'en' };

/** Who calls, on which site and in which language, when not the administrator on the file's site in English. */
export interface CallAs {
  token?: string;
  site?: number;
  lang?: string;
}

/**
 * The administrator's calls on one site (the `CurrentSite` header the console sends), read from
 * `siteOf()` at each call so a file can create its site in `beforeAll`: `call` gives the envelope,
 * `ok` expects code 200 (naming the call and its message) and gives `data`. `as` calls as another
 * user, on another site or in another language.
 */
export function siteCalls(ts: TestServerFixture, siteOf: () => number) {
  const call = (method: string, url: string, body?: unknown, as: CallAs = {}) =>
    ts.api(method, url, { token: as.token ?? ts.admin, body, headers: { ...CONSOLE_HEADERS, 'accept-language': as.lang ?? 'en', CurrentSite: String(as.site ?? siteOf()) } });
  const ok = async (method: string, url: string, body?: unknown, as: CallAs = {}) => {
    const r = await call(method, url, body, as);
    expect(r.code, `${method} ${url}: ${r.msg}`).toBe(200);
    return r.data;
  };
  return { call, ok };
}
