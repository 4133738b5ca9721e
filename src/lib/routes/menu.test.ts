import { describe, expect, it } from 'vitest';
import { buildMenus, flattenPages, pageHref, sidebarEntry, topLevelOf, topMenuItems, topMenuVisibleCount } from './menu.ts';
import { createMenuSearch } from './search.ts';
import type { ServerRoute } from './types.ts';

const routes: ServerRoute[] = [
  {
    path: '/system',
    component: 'Layout',
    redirect: 'noRedirect',
    alwaysShow: true,
    meta: { title: 'System', icon: 'system' },
    children: [
      { path: 'post', component: 'system/post/index', meta: { title: 'Post', icon: 'post' } },
      { path: 'config', component: 'system/config/index', meta: { title: 'Config' } },
      { path: 'secret', component: 'system/secret/index', hidden: true, meta: { title: 'Secret' } },
      { path: 'log', component: 'ParentView', meta: { title: 'Logs' }, children: [{ path: 'operlog', component: 'monitor/operlog/index', meta: { title: 'Operation Log' } }] },
      { path: 'example/com', component: 'InnerLink', meta: { title: 'Example', link: 'https://example.com' } },
    ],
  },
  { path: '/', component: 'Layout', hidden: false, children: [{ path: 'stat', component: 'stat/index', meta: { title: 'Statistics', icon: 'chart' } }] },
  { path: '/tools', component: 'Layout', meta: { title: 'Tools' }, children: [{ path: 'gen', component: 'tool/gen/index', meta: { title: 'Code generator' } }] },
  { path: 'https://docs.example.com', component: 'Layout', meta: { title: 'Docs', link: 'https://docs.example.com' } },
];

describe('route building (spec §2)', () => {
  const menus = buildMenus(routes);

  it('makes every path absolute; nested parent views join their paths', () => {
    const pages = flattenPages(menus);
    expect(pages.map((p) => p.path)).toEqual([
      '/system/post',
      '/system/config',
      '/system/secret',
      '/system/log/operlog',
      '/system/example/com',
      '/stat',
      '/tools/gen',
      'https://docs.example.com',
    ]);
    expect(pages.find((p) => p.path === '/system/log/operlog')!.trail.map((t) => t.title)).toEqual(['System', 'Logs', 'Operation Log']);
  });

  it('marks inner links (iframe) and external links (new tab)', () => {
    const pages = flattenPages(menus);
    expect(pages.find((p) => p.path === '/system/example/com')).toMatchObject({ link: 'https://example.com', external: false });
    expect(pages.find((p) => p.path === 'https://docs.example.com')).toMatchObject({ external: true });
    expect(pageHref('/admin/', 'https://docs.example.com')).toBe('https://docs.example.com');
    expect(pageHref('/admin/', '/system/post', '{"a":1}')).toBe('/admin/system/post?a=1');
  });

  it('a parent with exactly one visible child shows as that child; hidden items are skipped', () => {
    expect(sidebarEntry(menus[1]!)).toMatchObject({ path: '/stat', title: 'Statistics' });
    expect(sidebarEntry(menus[2]!)).toMatchObject({ path: '/tools/gen', title: 'Code generator' });
    // System has four visible children: it stays a submenu.
    expect(sidebarEntry(menus[0]!).path).toBe('/system');
  });

  it('top menu: one third of the width over 85 px; a "/" wrapper contributes its page', () => {
    expect(topMenuVisibleCount(1280, 85)).toBe(5);
    expect(topMenuVisibleCount(800, 85)).toBe(3);
    expect(topMenuVisibleCount(200, 85)).toBe(0);
    expect(topMenuItems(menus).map((m) => m.path)).toEqual(['/system', '/stat', '/tools', 'https://docs.example.com']);
    expect(topLevelOf(menus, '/system/log/operlog')?.path).toBe('/system');
  });

  it('header search finds a menu title with a typo', async () => {
    const search = await createMenuSearch(flattenPages(menus));
    expect(search('Opration Log')[0]?.path).toBe('/system/log/operlog');
    expect(search('Statstics')[0]?.path).toBe('/stat');
    expect(search('post')[0]?.path).toBe('/system/post');
    expect(search('Secret')).toEqual([]);
  });
});
