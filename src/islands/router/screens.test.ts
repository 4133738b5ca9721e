import { describe, expect, it } from 'vitest';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DECLARED_SCREENS, PREBUILT_SCREENS, SCREENS, availableMenus, menuPathOf } from './screens.ts';
import { SCREEN_NAMES } from '../resource/registry.ts';
import type { MenuNode } from '../../lib/routes/menu.ts';

const pagesDir = fileURLToPath(new URL('../../pages', import.meta.url));
/** Pages at the top of src/pages that are not console screens (a screen there, e.g. /statistics, is one). */
const NOT_SCREENS = new Set(['401', '404', 'app-router', 'docs', 'index', 'login', 'register']);
/** Route paths of the pages in src/pages that are console screens (not login, 404…). */
function areaPages(dir = pagesDir, prefix = ''): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return prefix === '' && name === 'index' ? [] : areaPages(full, `${prefix}/${name}`);
    // The areas' generated pages ([...screen].astro) are checked through the list below.
    if (!name.endsWith('.astro') || name.startsWith('[')) return [];
    if (prefix === '' && NOT_SCREENS.has(name.replace(/\.astro$/, ''))) return [];
    return [name === 'index.astro' ? prefix : `${prefix}/${name.replace(/\.astro$/, '')}`];
  });
}

const node = (path: string, extra: Partial<MenuNode> = {}): MenuNode => ({ path, title: path, hidden: false, external: false, container: false, children: [], ...extra });

describe('available screens', () => {
  it('declares exactly the hand-written area pages that exist', () => {
    expect(SCREENS.filter((s) => 'page' in s).map((s) => s.path).sort()).toEqual(areaPages().sort());
  });

  it('declares each path once, each menu component once, and only resource screens that can be loaded', () => {
    expect(new Set(PREBUILT_SCREENS).size).toBe(PREBUILT_SCREENS.length);
    const components = SCREENS.flatMap((s) => (s.component ? [s.component] : []));
    expect(new Set(components).size).toBe(components.length);
    for (const s of SCREENS) if ('resource' in s) expect(SCREEN_NAMES, s.path).toContain(s.resource);
  });

  it('highlights a page no menu names under its active menu, itself a screen (a site\'s tabs under Sites)', () => {
    expect(menuPathOf('/cms/site/tabs')).toBe('/configs/site');
    expect(menuPathOf('/system/post')).toBe('/system/post');
    for (const s of SCREENS) if (s.activeMenu) expect(PREBUILT_SCREENS, s.path).toContain(s.activeMenu);
  });

  it('gives every generated page an area page that builds it', () => {
    const generated = SCREENS.filter((s) => 'resource' in s && !DECLARED_SCREENS.includes(s)).map((s) => s.path.split('/')[1]);
    for (const area of new Set(generated)) expect(statSync(join(pagesDir, area!, '[...screen].astro')).isFile(), area).toBe(true);
  });

  it('takes the screens definitions declare: Friend Link from its menu entry, a group\'s links under it', () => {
    expect(DECLARED_SCREENS).toContainEqual({ path: '/operations/link', component: 'cms/link/linkGroup', resource: 'linkGroup', titleKey: 'screens:linkGroup.title' });
    expect(menuPathOf('/operations/link/list')).toBe('/operations/link');
    expect(PREBUILT_SCREENS).toContain('/operations/link/list');
    expect(statSync(join(pagesDir, '[...declared].astro')).isFile()).toBe(true);
  });

  it('highlights the content menu while an editor is shown, and a page\'s own entry otherwise', () => {
    expect(menuPathOf('/cms/content/editor')).toBe('/configs/content');
    expect(menuPathOf('/cms/content/editorW')).toBe('/configs/content');
    expect(menuPathOf('/system/post')).toBe('/system/post');
  });

  it('keeps built pages, registered components and links; drops the rest and empty directories', () => {
    const menus = [
      node('/system', { container: true, children: [node('/system/post'), node('/system/people', { component: 'system/user/index' })] }),
      node('/cms', { container: true, children: [node('/cms/site', { component: 'cms/site/index' })] }),
      node('https://docs.example.com', { external: true }),
    ];
    const kept = availableMenus(menus, { 'system/user/index': {} });
    expect(kept.map((n) => n.path)).toEqual(['/system', 'https://docs.example.com']);
    expect(kept[0]!.children.map((n) => n.path)).toEqual(['/system/post', '/system/people']);
    expect(availableMenus(menus, {})[0]!.children.map((n) => n.path)).toEqual(['/system/post']);
  });
});
