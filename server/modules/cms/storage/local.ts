import { createReadStream } from 'node:fs';
import { copyFile, mkdir, realpath, rename, rm, stat } from 'node:fs/promises';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { fail } from '../../../core/errors.ts';
import type { ObjectStorage } from './object-storage.ts';
import { isStorageKey } from './keys.ts';

/** A site's own folder for Local storage: DATA_DIR/sites/<site path>/ (ChestnutCMS: <resource root>/<site path>/). */
export const siteRoot = (dataDir: string, sitePath: string) => resolve(dataDir, 'sites', sitePath);

/**
 * The file of `key` inside `root`, or null when the key is not one of ours or would leave the
 * root, also through a symbolic link: the deepest existing folder on the way is resolved with
 * realpath and must still be inside the (resolved) root.
 */
export async function confine(root: string, key: string): Promise<string | null> {
  if (!isStorageKey(key)) return null;
  const full = resolve(root, key);
  const rel = relative(root, full);
  if (!rel || rel.startsWith('..') || isAbsolute(rel)) return null;
  const realRoot = await realpath(root).catch(() => root);
  let probe = dirname(full);
  for (;;) {
    const real = await realpath(probe).catch(() => null);
    if (real) return real === realRoot || real.startsWith(realRoot + sep) ? full : null;
    if (probe === root || probe === dirname(probe)) return full;
    probe = dirname(probe);
  }
}

async function fileOf(root: string, key: string): Promise<string> {
  const full = await confine(root, key);
  if (!full) throw fail('upload.badPath');
  return full;
}

/** Local storage: files under the site's folder, served by this server at /<site path>/<key>. */
export function localStorage(dataDir: string, sitePath: string): ObjectStorage {
  const root = siteRoot(dataDir, sitePath);
  return {
    type: 'Local',
    async put(key, file) {
      const full = await fileOf(root, key);
      await mkdir(dirname(full), { recursive: true });
      // Copied under a temporary name and renamed: a reader never sees half a file.
      const part = `${full}.part`;
      try {
        await copyFile(file, part);
        await rename(part, full);
      } catch (err) {
        await rm(part, { force: true });
        throw err;
      }
    },
    async get(key) {
      const full = await fileOf(root, key);
      if (!(await stat(full).then((s) => s.isFile(), () => false))) throw fail('upload.notFound');
      return createReadStream(full);
    },
    async delete(key) {
      await rm(await fileOf(root, key), { force: true });
    },
    async exists(key) {
      const full = await confine(root, key);
      return !!full && (await stat(full).then((s) => s.isFile(), () => false));
    },
    url: (key) => `/${sitePath}/${key}`,
  };
}
