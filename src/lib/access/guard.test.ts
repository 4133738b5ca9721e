import { describe, expect, it } from 'vitest';
import { runInNewContext } from 'node:vm';
import { accessRedirect } from './guard.ts';
import { headScript } from './head-script.ts';
import { BASE_PATH, PUBLIC_ROUTE_PREFIXES, PUBLIC_ROUTES } from '../../../shared/constants.ts';

const decide = (path: string, search: string, token: boolean) => accessRedirect(path, search, token, BASE_PATH, PUBLIC_ROUTES, PUBLIC_ROUTE_PREFIXES);

describe('access rules (spec §2)', () => {
  it('sends an anonymous visitor of a protected page to login with the full path', () => {
    expect(decide('/admin/index', '', false)).toBe('/admin/login?redirect=%2Fadmin%2Findex');
    expect(decide('/admin/system/user', '?a=1&b=2', false)).toBe('/admin/login?redirect=%2Fadmin%2Fsystem%2Fuser%3Fa%3D1%26b%3D2');
    expect(decide('/admin/', '', false)).toBe('/admin/login?redirect=%2Fadmin%2F');
  });

  it('lets anyone open the public routes', () => {
    for (const p of ['/admin/login', '/admin/login/', '/admin/register', '/admin/404', '/admin/401', '/admin/redirect/index', '/admin/redirect/system/user', '/admin/auth-redirect', '/admin/bind']) {
      expect(decide(p, '', false), p).toBeNull();
    }
    expect(decide('/admin/redirectx', '', false)).not.toBeNull();
  });

  it('sends a signed-in user from login to the root, and lets them go anywhere else', () => {
    expect(decide('/admin/login', '?redirect=%2Fadmin%2Findex', true)).toBe('/admin/');
    expect(decide('/admin/index', '', true)).toBeNull();
    expect(decide('/admin/register', '', true)).toBeNull();
    expect(decide('/admin/nope', '', true)).toBeNull();
  });
});

describe('inline head script', () => {
  function run(path: string, cookie: string, language: string | null) {
    const attrs = new Map<string, string>();
    const replaced: string[] = [];
    const documentElement = { lang: 'zh-CN', setAttribute: (k: string, v: string) => attrs.set(k, v) };
    runInNewContext(headScript(), {
      document: { documentElement, cookie },
      localStorage: { getItem: (k: string) => (k === 'language' ? language : null) },
      location: { pathname: path, search: '', replace: (u: string) => replaced.push(u) },
    });
    return { lang: documentElement.lang, attrs, replaced };
  }

  it('redirects before render and hides the page meanwhile', () => {
    const r = run('/admin/index', '', null);
    expect(r.replaced).toEqual(['/admin/login?redirect=%2Fadmin%2Findex']);
    expect(r.attrs.has('data-redirecting')).toBe(true);
  });

  it('sees the token cookie', () => {
    expect(run('/admin/index', 'a=1; Admin-Token=abc', null).replaced).toEqual([]);
    expect(run('/admin/login', 'Admin-Token=abc', null).replaced).toEqual(['/admin/']);
    expect(run('/admin/index', 'Admin-Token=', null).replaced).toHaveLength(1);
    expect(run('/admin/index', 'XAdmin-Token=abc', null).replaced).toHaveLength(1);
  });

  it('sets <html lang> from the stored language and marks a pending switch', () => {
    const en = run('/admin/login', '', 'en');
    expect(en.lang).toBe('en');
    expect(en.attrs.has('data-i18n-pending')).toBe(true);
    const zh = run('/admin/login', '', 'zh-CN');
    expect(zh.lang).toBe('zh-CN');
    expect(zh.attrs.has('data-i18n-pending')).toBe(false);
    expect(run('/admin/login', '', 'klingon').lang).toBe('zh-CN');
  });
});
