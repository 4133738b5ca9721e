import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { pageScreens, screenModules } from './screen-chunks.ts';
import { SCREEN_NAMES } from '../../islands/resource/registry.ts';
import declared from 'virtual:declared-screens';

const REGISTRY = fileURLToPath(new URL('../../islands/resource/registry.ts', import.meta.url));

describe('the chunks of a resource page\'s screen', () => {
  it('finds every screen of the registry, each with the modules its list loads: texts and extensions, not the definition', () => {
    const modules = screenModules(REGISTRY, undefined, declared.map((s) => s.resource));
    expect([...modules.keys()].sort()).toEqual([...SCREEN_NAMES].sort());
    for (const [screen, list] of modules) expect(list.length, screen).toBeGreaterThan(0);
    const short = (screen: string) => modules.get(screen)!.map((p) => p.replace(/.*\/src\//, 'src/')).sort();
    expect(short('post')).toEqual(['src/lib/i18n/ns/system.ts']);
    expect(short('linkGroup')).toEqual(['src/islands/resource/extensions/declared.tsx']);
    expect(short('config')).toEqual(['src/islands/resource/extensions/config.tsx', 'src/lib/i18n/ns/system.ts']);
    expect(short('task')).toEqual(['src/islands/resource/extensions/task.tsx', 'src/lib/i18n/ns/monitor.ts', 'src/lib/i18n/ns/system.ts']);
    expect(short('logininfor')).toEqual(['src/islands/resource/extensions/clean.tsx', 'src/islands/resource/extensions/compose.tsx', 'src/islands/resource/extensions/unlock.tsx', 'src/lib/i18n/ns/monitor.ts']);
  });

  it('reads the screen of a page\'s resource island from its props, and only of islands hydrated on load', () => {
    const island = (screen: string, client = 'load') => `<astro-island uid="a" component-url="/admin/_assets/ResourceIsland.Dv.js" component-export="default" props="{&quot;screen&quot;:[0,&quot;${screen}&quot;]}" ssr client="${client}">`;
    expect(pageScreens(`<body>${island('post')}</astro-island></body>`)).toEqual(['post']);
    expect(pageScreens(island('post', 'idle'))).toEqual([]);
    expect(pageScreens('<astro-island component-url="/admin/_assets/HomeWelcome.x.js" props="{}" client="load">')).toEqual([]);
  });
});
