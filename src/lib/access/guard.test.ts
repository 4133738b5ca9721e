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
  function run(path: string, cookie: string, language: string | null, built = 'zh-CN') {
    const attrs = new Map<string, string>();
    const replaced: string[] = [];
    const documentElement = { lang: built, setAttribute: (k: string, v: string) => attrs.set(k, v), getAttribute: (k: string) => (k === 'data-built-lang' ? built : null) };
    // A cookie jar, as the browser's document.cookie: a write sets one cookie, a read gives them all.
    let jar = cookie;
    const written: string[] = [];
    const document = {
      documentElement,
      get cookie() {
        return jar;
      },
      set cookie(v: string) {
        written.push(v);
        const pair = v.split(';')[0]!;
        const name = pair.slice(0, pair.indexOf('='));
        jar = [...jar.split('; ').filter((c) => c && !c.startsWith(`${name}=`)), pair].join('; ');
      },
    };
    runInNewContext(headScript(), {
      document,
      localStorage: { getItem: (k: string) => (k === 'language' ? language : null) },
      location: { pathname: path, search: '', replace: (u: string) => replaced.push(u) },
    });
    return { lang: documentElement.lang, attrs, replaced, cookie: document.cookie, written };
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

  it('shows a page built in the stored language at once, and hides one built in another until it has switched', () => {
    const en = run('/admin/login', 'castanea_lang=en', 'en', 'en');
    expect([en.lang, en.attrs.has('data-i18n-pending')]).toEqual(['en', false]);
    // a host that sends zh-CN whatever the cookie, or a page built in English for a zh-CN reader
    expect(run('/admin/login', 'castanea_lang=en', 'en', 'zh-CN').attrs.has('data-i18n-pending')).toBe(true);
    expect(run('/admin/login', '', null, 'en').attrs.has('data-i18n-pending')).toBe(true);
  });

  it('keeps the language cookie in step with the stored choice, so the next page comes built in it', () => {
    const tw = run('/admin/login', 'Admin-Token=abc; castanea_lang=en', 'zh-TW');
    expect(tw.written).toEqual(['castanea_lang=zh-TW;path=/admin/;max-age=31536000;samesite=lax']);
    expect(tw.cookie).toBe('Admin-Token=abc; castanea_lang=zh-TW');
    // the token is still seen: a signed-in reader on the sign-in page goes on to Home
    expect(tw.replaced).toEqual(['/admin/']);
    expect(run('/admin/login', '', null).written).toEqual(['castanea_lang=zh-CN;path=/admin/;max-age=31536000;samesite=lax']);
    // already in step: not written again
    expect(run('/admin/login', 'a=1; castanea_lang=en', 'en', 'en').written).toEqual([]);
  });
});
