import { globSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyRoute } from './route.ts';

/**
 * The routes of every `<domain>/crud.ts` below a module's folder: a domain made only of resource
 * definitions (tables in its schema.ts, which drizzle-kit finds by name) is mounted by existing, so
 * adding one edits no central list. Each file exports `routes`; files are taken in path order, so
 * the mounted routes do not depend on the file system's.
 */
export async function crudRoutesIn(moduleDir: string): Promise<AnyRoute[]> {
  const files = globSync('*/crud.ts', { cwd: moduleDir }).sort();
  const loaded = await Promise.all(files.map((f) => import(pathToFileURL(join(moduleDir, f)).href) as Promise<{ routes?: AnyRoute[] }>));
  return loaded.flatMap((m, i) => {
    if (!m.routes) throw new Error(`${files[i]}: exports no routes`);
    return m.routes;
  });
}
