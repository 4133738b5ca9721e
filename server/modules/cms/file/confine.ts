import { lstat, mkdir, realpath } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import { fail } from '../../../core/errors.ts';
import { sitesDir } from './roots.ts';

/**
 * Keeps every file operation inside the site's folders by their real paths. Names were checked
 * before (src/lib/cms/site-files.ts: no `..`, separators, encodings or absolute paths get here);
 * what is left is the file system itself: a symbolic link planted anywhere on the way — the site's
 * folder, a pipe's folder, a folder below — could lead a read or a write elsewhere, so every
 * component is looked at with lstat and any link is refused, and the final path must lie below
 * the root's real path. Files are then opened with O_NOFOLLOW (a link swapped in as the file
 * itself fails the open).
 */

export const isMissing = (err: unknown) => (err as NodeJS.ErrnoException)?.code === 'ENOENT';
const orNull = <T>(p: Promise<T>) => p.catch((err) => (isMissing(err) ? null : Promise.reject(err)));

/**
 * The real path of `root` (a folder below DATA_DIR/sites): every folder from there down must be a
 * real folder, not a link. Missing folders are created when `create` is set; otherwise a missing
 * root answers null.
 */
export async function realRoot(dataDir: string, root: string, shown: string, create = false): Promise<string | null> {
  const base = sitesDir(dataDir);
  if (create) await mkdir(base, { recursive: true });
  // DATA_DIR itself may be a link (a deployment's choice); what lies below it may not.
  const realBase = await orNull(realpath(base));
  if (!realBase) return null;
  const parts = relative(base, root).split(sep);
  if (parts.some((p) => p === '..' || p === '') || isAbsolute(relative(base, root))) throw fail('file.badPath', { path: shown });
  let at = realBase;
  for (const part of parts) {
    at = join(at, part);
    let st = await orNull(lstat(at));
    if (!st) {
      if (!create) return null;
      await mkdir(at).catch((err: NodeJS.ErrnoException) => (err.code === 'EEXIST' ? undefined : Promise.reject(err)));
      st = await lstat(at);
    }
    if (st.isSymbolicLink() || !st.isDirectory()) throw fail('file.symlink', { path: shown });
  }
  return at;
}

/** The path of `rest` below a real root: any link on the way is refused, and it never leaves the root. */
export async function below(root: string, rest: readonly string[], shown: string): Promise<string> {
  let at = root;
  for (const part of rest) {
    at = join(at, part);
    const st = await orNull(lstat(at));
    if (!st) break;
    if (st.isSymbolicLink()) throw fail('file.symlink', { path: shown });
  }
  const full = join(root, ...rest);
  const rel = relative(root, full);
  if (rel.startsWith('..') || isAbsolute(rel)) throw fail('file.badPath', { path: shown });
  return full;
}
