import { globSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';
import type { ResourceDef } from '../../../shared/resources/define.ts';
import { screenPathOf } from '../../../shared/resources/declare.ts';
import type { DeclaredScreen } from '../routes/declared-screen.ts';

/** Where definitions live, below shared/resources (the registry globs the same files). */
export const DEFINITION_FILES = '{cms,system,monitor,workflow}/*.ts';
const RESOURCES = new URL('../../../shared/resources/', import.meta.url).pathname;
const isDef = (v: unknown): v is ResourceDef => !!v && typeof v === 'object' && 'fields' in v && 'api' in v && 'name' in v;

/**
 * The screens definitions declare (a menu entry or a page of their own), read by importing the
 * definitions in Node: the console learns its screens, their routes and menu components without a
 * page loading any definition (they hold validators).
 */
export async function declaredScreens(): Promise<DeclaredScreen[]> {
  const files = globSync(DEFINITION_FILES, { cwd: RESOURCES }).filter((f) => !f.endsWith('.test.ts')).sort();
  const out: DeclaredScreen[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(join(RESOURCES, file)).href)) as Record<string, unknown>;
    for (const [exported, def] of Object.entries(mod)) {
      const path = isDef(def) ? screenPathOf(def) : undefined;
      if (!isDef(def) || !path) continue;
      out.push({
        path, file, exported, resource: def.name, titleKey: def.titleKey!,
        ...(def.texts ? { title: def.texts.title } : {}),
        ...(def.menu ? { component: def.menu.component } : {}),
        ...(def.page ? { activeMenu: def.page.activeMenu } : {}),
      });
    }
  }
  return out;
}

const ID = 'virtual:declared-screens';

/** `import screens from 'virtual:declared-screens'`: the list above, as data. */
export function definitionScreens(): Plugin {
  return {
    name: 'castanea:declared-screens',
    resolveId: (id) => (id === ID ? `\0${ID}` : undefined),
    async load(id) {
      if (id !== `\0${ID}`) return undefined;
      return `export default ${JSON.stringify(await declaredScreens())};`;
    },
  };
}
