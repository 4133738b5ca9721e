import { lstat, mkdir, realpath, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, normalize, sep } from 'node:path';
import { fail } from '../../../core/errors.ts';
import type { GenFiles } from './model.ts';

/**
 * Writes generated files into a working tree (the server's `genWriteRoot`, set only in development):
 * each path must stay below the root once links are resolved, and no existing file is replaced
 * (`wx`: a file, or a link where one would go, stops the write), so hand-made changes are never lost.
 * Every target is checked before the first byte is written.
 */
export async function writeFiles(root: string, files: GenFiles): Promise<string[]> {
  const realRoot = await realpath(root);
  const inside = (p: string) => p === realRoot || p.startsWith(realRoot + sep);
  const targets: [string, string][] = [];
  for (const [path, content] of Object.entries(files)) {
    const rel = normalize(path);
    if (isAbsolute(rel) || rel.split(sep).includes('..')) throw fail('gen.outsideRoot', { path });
    targets.push([join(realRoot, rel), content]);
  }
  for (const [full] of targets) {
    // The nearest existing ancestor, resolved, must be inside: a link to elsewhere on the way is refused.
    let dir = dirname(full);
    for (;;) {
      const real = await realpath(dir).catch(() => undefined);
      if (real !== undefined) {
        if (!inside(real)) throw fail('gen.outsideRoot', { path: full.slice(realRoot.length + 1) });
        break;
      }
      dir = dirname(dir);
    }
    if (await lstat(full).then(() => true, () => false)) throw fail('gen.exists', { path: full.slice(realRoot.length + 1) });
  }
  const written: string[] = [];
  for (const [full, content] of targets) {
    await mkdir(dirname(full), { recursive: true });
    await writeFile(full, content, { flag: 'wx' }).catch((e: NodeJS.ErrnoException) => {
      throw e.code === 'EEXIST' ? fail('gen.exists', { path: full.slice(realRoot.length + 1) }) : e;
    });
    written.push(full.slice(realRoot.length + 1));
  }
  return written;
}
