import { describe, expect, it } from 'vitest';
import { compilePattern, flattenRoutes, resolveRoute } from './match.ts';
import type { ServerRoute } from './types.ts';

const load = async () => ({ default: () => null });

const tree: ServerRoute[] = [
  {
    path: '/system',
    component: 'Layout',
    redirect: 'noRedirect',
    children: [
      { name: 'User', path: 'user', component: 'system/user/index', meta: { title: 'User' } },
      { path: 'log', component: 'ParentView', children: [{ path: 'operlog', component: 'monitor/operlog/index' }] },
      { path: 'https://example.com', component: 'Layout', meta: { link: 'https://example.com' } },
    ],
  },
  { path: '/', component: 'Layout', children: [{ path: 'cms/site', component: 'cms/site/index' }] },
];

describe('route matching', () => {
  it('flattens nested routes to view components, skipping layouts and links', () => {
    expect(flattenRoutes(tree)).toEqual([
      { path: '/system/user', component: 'system/user/index', title: 'User' },
      { path: '/system/log/operlog', component: 'monitor/operlog/index', title: undefined },
      { path: '/cms/site', component: 'cms/site/index', title: undefined },
    ]);
  });

  it('compiles patterns with typed parameters', () => {
    const m = compilePattern('/system/role-auth/user/:roleId(\\d+)');
    expect(m('/system/role-auth/user/12')).toEqual({ roleId: '12' });
    expect(m('/system/role-auth/user/x')).toBeNull();
  });

  it('resolves a registered component, gates patterns by permission, else none', () => {
    const registry = {
      components: { 'system/user/index': { load } },
      patterns: [{ path: '/system/dict-data/index/:dictId(\\d+)', permissions: ['system:dict:view'], load }],
    };
    const flat = flattenRoutes(tree);
    expect(resolveRoute('/system/user', registry, flat, { permissions: [], roles: [] }).kind).toBe('component');
    expect(resolveRoute('/cms/site', registry, flat, { permissions: [], roles: [] }).kind).toBe('none');
    expect(resolveRoute('/system/dict-data/index/3', registry, flat, { permissions: ['system:dict:view'], roles: [] })).toMatchObject({ kind: 'pattern', params: { dictId: '3' } });
    expect(resolveRoute('/system/dict-data/index/3', registry, flat, { permissions: ['*'], roles: [] }).kind).toBe('pattern');
    expect(resolveRoute('/system/dict-data/index/3', registry, flat, { permissions: ['other'], roles: [] }).kind).toBe('forbidden');
  });
});

describe('permission-gated routes without a screen yet', () => {
  const registry = { components: {}, patterns: [{ path: '/system/dict-data/index/:dictId(\\d+)', permissions: ['system:dict:view'] }] };
  it('refuse without the key, and are not there (404) with it', () => {
    expect(resolveRoute('/system/dict-data/index/3', registry, [], { permissions: [], roles: [] }).kind).toBe('forbidden');
    expect(resolveRoute('/system/dict-data/index/3', registry, [], { permissions: ['system:dict:view'], roles: [] }).kind).toBe('none');
    expect(resolveRoute('/system/dict-data/index/x', registry, [], { permissions: ['*'], roles: [] }).kind).toBe('none');
  });
});
