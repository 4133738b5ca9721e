import { vi } from 'vitest';

/**
 * Just enough browser for unit tests in Node: a cookie jar behind document.cookie, Web Storage,
 * and a location whose navigations are recorded instead of performed.
 */

export class MemoryStorage implements Storage {
  private readonly map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.has(key) ? this.map.get(key)! : null;
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    this.map.set(key, String(value));
  }
}

export interface FakeBrowser {
  cookies: Map<string, string>;
  navigations: string[];
  localStorage: MemoryStorage;
  sessionStorage: MemoryStorage;
}

export function installFakeBrowser(href = 'http://localhost/admin/index'): FakeBrowser {
  const cookies = new Map<string, string>();
  const navigations: string[] = [];
  const url = new URL(href);
  const document = {
    get cookie() {
      return [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(raw: string) {
      const [pair, ...attrs] = raw.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (attrs.some((a) => /^\s*max-age=0\s*$/i.test(a))) cookies.delete(name);
      else cookies.set(name, value);
    },
  };
  const location = {
    get href() {
      return url.href;
    },
    set href(v: string) {
      navigations.push(v);
    },
    get pathname() {
      return url.pathname;
    },
    get search() {
      return url.search;
    },
    get protocol() {
      return url.protocol;
    },
    assign: (v: string) => navigations.push(v),
    replace: (v: string) => navigations.push(v),
    reload: () => navigations.push('reload'),
  };
  const local = new MemoryStorage();
  const session = new MemoryStorage();
  vi.stubGlobal('document', document);
  vi.stubGlobal('location', location);
  vi.stubGlobal('localStorage', local);
  vi.stubGlobal('sessionStorage', session);
  return { cookies, navigations, localStorage: local, sessionStorage: session };
}

/** A JSON reply as the API sends it. */
export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
