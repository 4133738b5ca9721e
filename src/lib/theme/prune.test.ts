import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { primeModules, pruneCss, unusedModules, usedModules } from './prune.ts';

// A PrimeReact of four components and a console that imports one of them.
const root = mkdtempSync(join(tmpdir(), 'castanea-prune-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const prime = join(root, 'primereact');
const module = (name: string, text: string) => {
  mkdirSync(join(prime, name), { recursive: true });
  writeFileSync(join(prime, name, `${name}.esm.js`), text);
};
module('datatable', "import { Paginator } from 'primereact/paginator'; const cls = 'p-datatable p-button-' + severity;");
module('paginator', "const cls = 'p-paginator';");
module('dock', "const cls = 'p-dock';");
module('panel', "const cls = 'p-panel';");
mkdirSync(join(prime, 'resources'), { recursive: true });
const src = join(root, 'src');
mkdirSync(src);
writeFileSync(join(src, 'List.tsx'), "import { DataTable } from 'primereact/datatable';\nexport const Box = () => <div className=\"p-panel-like p-panel\" />;");
writeFileSync(join(src, 'List.test.tsx'), "import { Dock } from 'primereact/dock';");

describe('theme pruning', () => {
  it('keeps the components the sources import, directly or through another, and those whose classes they spell', () => {
    expect(primeModules(prime).sort()).toEqual(['datatable', 'dock', 'paginator', 'panel']);
    const { used, corpus } = usedModules(prime, [src]);
    // A test file's imports are not the console's.
    expect([...used].sort()).toEqual(['datatable', 'paginator']);
    expect([...unusedModules(primeModules(prime), used, corpus)]).toEqual(['dock']);
  });

  it("drops the selectors naming an unused component's classes, and what is left empty", () => {
    const css = [
      '.p-datatable .p-paginator { color: red }',
      '.p-dock, .p-button-danger { margin: 0 }',
      '.p-dock-list .p-button, .p-dock.p-dock-top { padding: 0 }',
      '@media (max-width: 600px) { .p-dock .p-dock-list { display: none } }',
      '@keyframes p-dock-fade { from { opacity: 0 } to { opacity: 1 } }',
      '.p-docker { color: blue }',
    ].join('\n');
    const out = pruneCss(css, new Set(['dock']));
    expect(out).toContain('.p-datatable .p-paginator { color: red }');
    expect(out).toContain('.p-button-danger { margin: 0 }');
    expect(out).not.toMatch(/\.p-dock\b|p-dock-list|@media/);
    // Keyframes are not selectors; a class that only starts like the component's is another's.
    expect(out).toContain('@keyframes p-dock-fade');
    expect(out).toContain('.p-docker { color: blue }');
    expect(pruneCss(css, new Set())).toBe(css);
  });
});
