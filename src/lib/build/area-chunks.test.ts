import { describe, expect, it } from 'vitest';
import { areaChunks, assignAreas, type AreaOptions } from './area-chunks.ts';

// A small module graph shaped like the console's: the sign-in page and the shell share i18n;
// the list screen and the content editor share a table; the preference page (another island)
// shares a store with the list and never reaches the validators.
const graph: Record<string, string[]> = {
  '/src/pages/login.astro?astro&type=script': ['/src/login-form.ts'],
  '/src/layouts/Console.astro?astro&type=script': ['/src/shell.ts'],
  '/src/islands/List.tsx': ['/src/table.ts', '/src/form.ts', '/src/store.ts'],
  '/src/islands/Editor.tsx': ['/src/table.ts', '/src/editor.ts'],
  '/src/islands/Preference.tsx': ['/src/store.ts'],
  '/src/login-form.ts': ['/src/i18n.ts', '/src/form.ts'],
  '/src/form.ts': ['/node_modules/zod/index.js'],
  '/src/shell.ts': ['/src/i18n.ts'],
  '/src/table.ts': ['/src/i18n.ts'],
  '/src/editor.ts': [],
  '/src/store.ts': [],
  '/src/i18n.ts': [],
  '/node_modules/zod/index.js': [],
};
const imports = new Map(Object.entries(graph));
const entries = Object.keys(graph).filter((id) => id.includes('astro&type=script') || id.includes('/islands/'));
const options: AreaOptions = {
  signIn: [/login\.astro/],
  shell: [/Console\.astro/],
  screens: { list: [/List\.tsx$/], editor: [/Editor\.tsx$/] },
  vendor: [{ name: 'zod', test: /node_modules\/zod\// }],
  apart: /node_modules\/zod\//,
};

type Groups = { name: string; test: (id: string) => boolean; priority: number }[];

/** Runs the plugin's hooks over the graph as the client build would, and returns its groups. */
function clientGroups(): Groups {
  const plugin = areaChunks(options) as unknown as Record<string, (...args: unknown[]) => unknown>;
  const groups = (plugin.configEnvironment!('client') as { build: { rolldownOptions: { output: { codeSplitting: { groups: Groups } } } } }).build.rolldownOptions.output.codeSplitting.groups;
  const ctx = { info: () => {} };
  plugin.buildStart!.call(ctx);
  for (const [id, deps] of imports) plugin.moduleParsed!.call(ctx, { id, importedIds: deps, isEntry: entries.includes(id) });
  plugin.buildEnd!.call(ctx);
  return groups;
}

/** The group rolldown gives a module: the first by priority whose test holds. */
const groupOf = (groups: Groups, id: string) => [...groups].sort((a, b) => b.priority - a.priority).find((g) => g.test(id));

describe('client chunks per area', () => {
  const names = assignAreas(imports, entries, options);

  it('puts what the sign-in page and the shell share in base, what only the shell uses in shell', () => {
    expect(names.get('/src/i18n.ts')).toBe('base');
    expect(names.get('/src/shell.ts')).toBe('shell');
  });

  it('names other chunks by the screens reaching a module, with -shared when other islands use it too', () => {
    expect(names.get('/src/table.ts')).toBe('list-editor');
    expect(names.get('/src/editor.ts')).toBe('editor');
    expect(names.get('/src/store.ts')).toBe('list-shared');
  });

  it('keeps the modules that import the validators apart, so the preference page does not load them', () => {
    expect(names.get('/src/login-form.ts')).toBe('sign-in-forms');
    expect(names.get('/src/form.ts')).toBe('sign-in-list-forms');
    const preference = ['/src/store.ts'].map((id) => names.get(id));
    const withZod = [...names].filter(([id]) => id === '/src/form.ts' || id === '/src/login-form.ts').map(([, n]) => n);
    expect(preference.filter((n) => n !== undefined && withZod.includes(n))).toEqual([]);
  });

  it('leaves entries, and modules only other islands use, to the default split', () => {
    expect(names.has('/src/islands/List.tsx')).toBe(false);
    const onlyOther = assignAreas(new Map([['/src/islands/Preference.tsx', ['/src/own.ts']], ['/src/own.ts', []]]), ['/src/islands/Preference.tsx'], options);
    expect(onlyOther.has('/src/own.ts')).toBe(false);
  });
});

describe('small chunks', () => {
  // Home's own module is tiny; the list and the editor share a tiny helper and a big table.
  const g = new Map(Object.entries({
    '/src/pages/login.astro?astro&type=script': ['/src/login-form.ts'],
    '/src/layouts/Console.astro?astro&type=script': ['/src/shell.ts'],
    '/src/islands/Home.tsx': ['/src/welcome.ts', '/src/counts.ts'],
    '/src/islands/List.tsx': ['/src/table.ts', '/src/helper.ts', '/src/counts.ts', '/src/form.ts'],
    '/src/islands/Editor.tsx': ['/src/table.ts', '/src/helper.ts', '/src/editor.ts'],
    '/src/islands/Preference.tsx': ['/src/table.ts'],
    '/src/login-form.ts': ['/src/form.ts'],
    '/src/form.ts': ['/node_modules/zod/index.js'],
    '/src/welcome.ts': [], '/src/counts.ts': [], '/src/shell.ts': [], '/src/table.ts': [], '/src/helper.ts': ['/src/table.ts'], '/src/editor.ts': [],
    '/node_modules/zod/index.js': [],
  }));
  const ents = [...g.keys()].filter((id) => id.includes('astro&type=script') || id.includes('/islands/'));
  const sizes = new Map([...g.keys()].map((id) => [id, id.endsWith('table.ts') || id.endsWith('editor.ts') || id.endsWith('welcome.ts') ? 50_000 : 100]));
  const opts: AreaOptions = { ...options, screens: { home: [/Home\.tsx$/], list: [/List\.tsx$/], editor: [/Editor\.tsx$/] }, mergeBelow: 1000 };

  it('join a bigger chunk that every page loading them loads too, or the shell, instead of being a file of their own', () => {
    const plain = assignAreas(g, ents, opts);
    expect(plain.get('/src/helper.ts')).toBe('list-editor');
    expect(plain.get('/src/counts.ts')).toBe('home-list');
    const merged = assignAreas(g, ents, opts, sizes);
    // list-editor is small: list-editor-shared (the table, which the preference page uses too) covers both screens.
    expect(merged.get('/src/helper.ts')).toBe('list-editor-shared');
    expect(merged.get('/src/table.ts')).toBe('list-editor-shared');
    // Nothing but the shell is loaded by both Home and the list.
    expect(merged.get('/src/counts.ts')).toBe('shell');
    // Big chunks stay; a chunk of the sign-in page never joins the shell (it does not load it), nor do the validators.
    expect(merged.get('/src/welcome.ts')).toBe('home');
    expect(merged.get('/src/form.ts')).toBe(plain.get('/src/form.ts'));
  });
});

describe('a small chunk that uses the shell', () => {
  // Home's dashboard is small and uses a shell module; the sign-in page and Home share an icon.
  const g = new Map(Object.entries({
    '/src/pages/login.astro?astro&type=script': ['/src/login-form.ts'],
    '/src/layouts/Console.astro?astro&type=script': ['/src/shell.ts'],
    '/src/islands/Home.tsx': ['/src/dashboard.ts', '/src/icon.ts'],
    '/src/login-form.ts': ['/src/icon.ts'],
    '/src/dashboard.ts': ['/src/shell-store.ts'],
    '/src/shell.ts': ['/src/shell-store.ts'],
    '/src/icon.ts': [], '/src/shell-store.ts': [],
  }));
  const ents = [...g.keys()].filter((id) => id.includes('astro&type=script') || id.includes('/islands/'));
  const sizes = new Map([...g.keys()].map((id) => [id, id.endsWith('icon.ts') ? 50_000 : 100]));
  const opts: AreaOptions = { ...options, screens: { home: [/Home\.tsx$/] }, mergeBelow: 1000 };

  it('does not join a chunk the sign-in page loads: that page would load the shell with it', () => {
    const merged = assignAreas(g, ents, opts, sizes);
    expect(merged.get('/src/icon.ts')).toBe('sign-in-home');
    expect(merged.get('/src/shell-store.ts')).toBe('shell');
    // Home's small chunk goes to the shell, which every page loading Home loads anyway.
    expect(merged.get('/src/dashboard.ts')).toBe('shell');
  });
});

describe('a small chunk of the sign-in page and a screen', () => {
  // The sign-in page and Home share a small icon catalogue; the shell does not use it.
  const g = new Map(Object.entries({
    '/src/pages/login.astro?astro&type=script': ['/src/login-form.ts'],
    '/src/layouts/Console.astro?astro&type=script': ['/src/shell.ts'],
    '/src/islands/Home.tsx': ['/src/icon.ts', '/src/welcome.ts'],
    '/src/login-form.ts': ['/src/icon.ts'],
    '/src/icon.ts': [], '/src/shell.ts': [], '/src/welcome.ts': [],
  }));
  const ents = [...g.keys()].filter((id) => id.includes('astro&type=script') || id.includes('/islands/'));
  const sizes = new Map([...g.keys()].map((id) => [id, id.endsWith('welcome.ts') ? 50_000 : 100]));
  const opts: AreaOptions = { ...options, screens: { home: [/Home\.tsx$/] }, mergeBelow: 1000 };

  it('joins base, which both pages load, instead of being a file of their own', () => {
    expect(assignAreas(g, ents, opts).get('/src/icon.ts')).toBe('sign-in-home');
    expect(assignAreas(g, ents, opts, sizes).get('/src/icon.ts')).toBe('base');
  });
});

describe('a widget loaded when drawn', () => {
  // The list draws a table (with an icon) and a date picker; the editor draws only the picker,
  // which imports the calendar and the same icon.
  const g = new Map<string, string[]>([
    ['/src/islands/List.tsx', ['/src/table.ts']],
    ['/src/islands/Editor.tsx', ['/src/editor.ts']],
    ['/src/table.ts', ['/src/icon.ts']],
    ['/src/editor.ts', []],
    ['/src/DateTimePicker.tsx', ['/node_modules/calendar.js', '/src/icon.ts']],
    ['/node_modules/calendar.js', []],
    ['/src/icon.ts', []],
  ]);
  const lazy = new Map([['/src/islands/List.tsx', ['/src/DateTimePicker.tsx']], ['/src/editor.ts', ['/src/DateTimePicker.tsx']]]);
  const ents = ['/src/islands/List.tsx', '/src/islands/Editor.tsx'];
  const opts: AreaOptions = { signIn: [/login/], shell: [/Console/], screens: { list: [/List\.tsx$/], editor: [/Editor\.tsx$/] } };

  it('takes what another area imports statically into a chunk of every area drawing it, and keeps the rest in its own', () => {
    // Without: the picker's chunk would import the list's chunk (its table) into the editor.
    expect(assignAreas(g, ents, opts, undefined, lazy).get('/src/icon.ts')).toBe('list');
    const names = assignAreas(g, ents, { ...opts, widgets: [/DateTimePicker\.tsx$/] }, undefined, lazy);
    expect(names.get('/src/icon.ts')).toBe('list-editor');
    expect(names.get('/src/table.ts')).toBe('list');
    expect(names.get('/node_modules/calendar.js')).toBeUndefined();
    expect(names.get('/src/DateTimePicker.tsx')).toBeUndefined();
  });

  it('leaves with the widget what only other islands import statically (they load it their own way)', () => {
    const withOther = new Map([...g, ['/src/islands/Preference.tsx', ['/node_modules/calendar.js']]]);
    const names = assignAreas(withOther, [...ents, '/src/islands/Preference.tsx'], { ...opts, widgets: [/DateTimePicker\.tsx$/] }, undefined, lazy);
    // Not 'list-editor-shared': the list and the editor would load the calendar with their first screen.
    expect(names.get('/node_modules/calendar.js')).toBeUndefined();
    expect(names.get('/src/icon.ts')).toBe('list-editor');
  });
});

describe('area chunk groups', () => {
  it('give every dependency of a grouped module a group of the same or a higher priority (groups take their dependencies along)', () => {
    const groups = clientGroups();
    for (const [id, deps] of imports) {
      const g = groupOf(groups, id);
      if (!g || entries.includes(id)) continue;
      for (const d of deps) expect(groupOf(groups, d)?.priority ?? -1, `${id} (${g.name}) -> ${d}`).toBeGreaterThanOrEqual(g.priority);
    }
    expect(groupOf(groups, '/node_modules/zod/index.js')?.name).toBe('zod');
    expect(groupOf(groups, '/src/i18n.ts')?.name).toBe('base');
  });

  it('are asked for only once the module graph is complete, and only in the client build', () => {
    const plugin = areaChunks(options) as unknown as Record<string, (...args: unknown[]) => unknown>;
    expect(plugin.configEnvironment!('prerender')).toBeUndefined();
    const groups = (plugin.configEnvironment!('client') as { build: { rolldownOptions: { output: { codeSplitting: { groups: Groups } } } } }).build.rolldownOptions.output.codeSplitting.groups;
    expect(() => groups.find((g) => g.name === 'base')!.test('/src/i18n.ts')).toThrow(/before the module graph was complete/);
  });
});
