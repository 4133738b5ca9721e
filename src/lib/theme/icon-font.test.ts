import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { iconClassesIn, iconCodepoints, subsetStylesheet, unicodeRange } from './icon-font.ts';
import { menuIconClass } from '../routes/icons.ts';

const root = (dir: string) => fileURLToPath(new URL(`../../../${dir}`, import.meta.url));
const PRIMEICONS = readFileSync(fileURLToPath(import.meta.resolve('primeicons/primeicons.css')), 'utf8');

describe('the icon font subset', () => {
  const points = iconCodepoints(PRIMEICONS);
  const used = iconClassesIn([root('src'), root('server')]);

  it('reads every icon of PrimeIcons and its code point', () => {
    expect(points.size).toBeGreaterThan(250);
    expect(points.get('pi-user')).toBe(0xe939);
  });

  it('keeps the icons the console names, the menu map and the menus the server seeds', () => {
    for (const cls of ['pi-cog', 'pi-users', 'pi-file-edit', 'pi-circle-fill', 'pi-search']) expect(used, cls).toContain(cls);
    // The seeded menus store the original console's names; the map draws them with these.
    for (const name of ['system', 'monitor', 'tool', 'log', 'site', 'content']) expect(used).toContain(menuIconClass(name).split(' ')[1]);
  });

  it('writes consecutive code points as ranges', () => {
    expect(unicodeRange([0xe90c, 0xe900, 0xe901, 0xe902, 0xe90a])).toBe('U+E900-E902,U+E90A,U+E90C');
  });

  it('gives the stylesheet the subset for the used icons and the full font, on demand, for the others', () => {
    const css = subsetStylesheet(PRIMEICONS, new Set([0xe939, 0xe93a]), '../cache/sub.woff2', './fonts/primeicons.woff2');
    const faces = [...css.matchAll(/@font-face\{([^}]*)\}/g)].map((m) => m[1]!);
    expect(faces).toHaveLength(2);
    expect(faces[0]).toContain("url('../cache/sub.woff2')");
    // The space too, so that the line metrics of an icon come from the icon font (where it sits).
    expect(faces[0]).toContain('unicode-range:U+20,U+E939-E93A');
    expect(faces[1]).toContain("url('./fonts/primeicons.woff2')");
    expect(faces[1]).not.toMatch(/E939/);
    expect(faces[1]).toMatch(/unicode-range:U\+E900/);
    for (const f of faces) expect(f).toContain('font-display:swap');
    // Every icon rule stays: the menu editor lets an administrator pick any icon.
    expect(css.match(/:before\s*\{\s*content/g)?.length).toBe(PRIMEICONS.match(/:before\s*\{\s*content/g)?.length);
    expect(css).not.toContain('.eot');
  });
});
