import { describe, expect, it } from 'vitest';
import { loginUrlFor, redirectRouteTarget, safeRedirectTarget } from './redirect.ts';

describe('redirect after sign-in', () => {
  it('follows a path inside the console', () => {
    expect(safeRedirectTarget('/admin/index')).toBe('/admin/index');
    expect(safeRedirectTarget('/admin/system/user?a=1#x')).toBe('/admin/system/user?a=1#x');
  });

  it('falls back to Home for anything else', () => {
    for (const bad of [null, '', 'https://evil.example/admin/x', '//evil.example/admin/x', '/other/x', 'javascript:alert(1)', '/admin/login', '/admin/login?redirect=x', '/admin/register']) {
      expect(safeRedirectTarget(bad), String(bad)).toBe('/admin/index');
    }
  });

  it('builds the sign-in URL with the full path', () => {
    expect(loginUrlFor('/admin/index')).toBe('/admin/login?redirect=%2Fadmin%2Findex');
  });
});

describe('/redirect/<path>', () => {
  it('maps to the path with its query', () => {
    expect(redirectRouteTarget('/admin/redirect/index', '')).toBe('/admin/index');
    expect(redirectRouteTarget('/admin/redirect/system/user', '?a=1')).toBe('/admin/system/user?a=1');
    expect(redirectRouteTarget('/admin/nope', '')).toBeNull();
  });
});
