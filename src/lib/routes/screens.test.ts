import { describe, expect, it } from 'vitest';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PREBUILT_SCREENS, availableMenus } from './screens.ts';
import type { MenuNode } from './menu.ts';

const pagesDir = fileURLToPath(new URL('../../pages', import.meta.url));
/** Route paths of the pages in src/pages that are screens of a console area (not login, 404…). */
function areaPages(dir = pagesDir, prefix = ''): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return prefix === '' && name === 'index' ? [] : areaPages(full, `${prefix}/${name}`);
    if (!name.endsWith('.astro') || prefix === '') return [];
    return [name === 'index.astro' ? prefix : `${prefix}/${name.replace(/\.astro$/, '')}`];
  });
}

const node = (path: string, extra: Partial<MenuNode> = {}): MenuNode => ({ path, title: path, hidden: false, external: false, container: false, children: [], ...extra });

describe('available screens', () => {
  it('lists exactly the area pages that exist', () => {
    expect([...PREBUILT_SCREENS].sort()).toEqual(areaPages().sort());
  });

  it('keeps built pages, registered components and links; drops the rest and empty directories', () => {
    const menus = [
      node('/system', { container: true, children: [node('/system/post'), node('/system/user', { component: 'system/user/index' })] }),
      node('/cms', { container: true, children: [node('/cms/site', { component: 'cms/site/index' })] }),
      node('https://docs.example.com', { external: true }),
    ];
    const kept = availableMenus(menus, { 'system/user/index': {} });
    expect(kept.map((n) => n.path)).toEqual(['/system', 'https://docs.example.com']);
    expect(kept[0]!.children.map((n) => n.path)).toEqual(['/system/post', '/system/user']);
    expect(availableMenus(menus, {})[0]!.children.map((n) => n.path)).toEqual(['/system/post']);
  });
});
