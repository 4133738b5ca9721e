import { constants } from 'node:fs';
import { lstat, mkdir, open, readdir, realpath, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { randomBytes } from 'node:crypto';
import { fail } from '../../../core/errors.ts';
import { CODE_PATTERN, LETTERS_DIGITS_PATTERN } from '../../../../shared/validators/common.ts';
import { isTemplateName, TEMPLATE_MAX_BYTES, TEMPLATE_MAX_DEPTH, TEMPLATE_SUFFIX } from '../../../../shared/cms/template-name.ts';
import { pool } from '../../../core/pool.ts';

/**
 * Template files. Each site keeps one folder of templates per publish pipe:
 * `DATA_DIR/sites/<site path>/template/<pipe code>/`, beside the site's resource library and never
 * inside any folder that is served or published (ChestnutCMS keeps them in the public web root,
 * cms-heart §8.3). The file is the template: there is no copy in the database.
 *
 * Every name goes through `isTemplateName` (letters, digits, underscores, folders, the suffix), so
 * `..`, `\`, `%2e`, absolute paths and NUL never reach a path; and every path is checked against the
 * real root (realpath), component by component, refusing any symbolic link on the way: a link
 * planted in the folder cannot lead a read or a write elsewhere.
 */

/** The template folder of a site's pipe. */
export function templateRoot(dataDir: string, sitePath: string, pipeCode: string): string {
  if (!LETTERS_DIGITS_PATTERN.test(sitePath) || !CODE_PATTERN.test(pipeCode)) throw fail('template.badRoot');
  return resolve(dataDir, 'sites', sitePath, 'template', pipeCode);
}

/** The folder holding every pipe's templates of a site (removed with the site). */
export const siteTemplatesRoot = (dataDir: string, sitePath: string) => resolve(dataDir, 'sites', sitePath, 'template');

export interface TemplateFile {
  /** the name below the pipe's folder, `/`-separated */
  path: string;
  fileSize: number;
  modifyTime: Date;
}

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException)?.code === 'ENOENT';

/** The name, checked: a template name or a failure naming it. */
export function checkName(name: unknown): string {
  if (typeof name !== 'string' || !isTemplateName(name)) throw fail('template.badName', { name: String(name).slice(0, 100) });
  return name;
}

/**
 * The file of `name` under `root`, after checking that no component on the way (the root's own
 * real path aside) is a symbolic link and that what exists resolves inside the real root.
 * Components that do not exist yet are fine (a file about to be created).
 */
export async function confinedPath(root: string, name: string): Promise<string> {
  checkName(name);
  await refuseLinkedRoot(root, name);
  const realRoot = await realpath(root).catch((err) => (isMissing(err) ? root : Promise.reject(err)));
  let at = realRoot;
  for (const part of name.split('/')) {
    at = join(at, part);
    const st = await lstat(at).catch((err) => (isMissing(err) ? null : Promise.reject(err)));
    if (!st) break;
    if (st.isSymbolicLink()) throw fail('template.symlink', { name });
  }
  const full = join(realRoot, name);
  const rel = relative(realRoot, full);
  if (!rel || rel.startsWith('..') || rel.includes(`..${sep}`)) throw fail('template.badName', { name });
  return full;
}

/** The pipe's folder and the site's template folder above it must be real folders, not links somewhere else. */
async function refuseLinkedRoot(root: string, name: string) {
  for (const dir of [dirname(root), root]) {
    const st = await lstat(dir).catch((err) => (isMissing(err) ? null : Promise.reject(err)));
    if (st?.isSymbolicLink()) throw fail('template.symlink', { name });
  }
}

/** Every template below `root` (files with the suffix under valid names; links and anything else skipped), sorted by name. */
export async function listTemplateFiles(root: string): Promise<TemplateFile[]> {
  await refuseLinkedRoot(root, '');
  const realRoot = await realpath(root).catch((err) => (isMissing(err) ? null : Promise.reject(err)));
  if (!realRoot) return [];
  const out: TemplateFile[] = [];
  const walk = async (dir: string, prefix: string, depth: number) => {
    const entries = await readdir(dir, { withFileTypes: true }).catch((err) => (isMissing(err) ? [] : Promise.reject(err)));
    await Promise.all(entries.map(async (e) => {
      const name = prefix + e.name;
      if (e.isDirectory()) {
        if (depth < TEMPLATE_MAX_DEPTH && /^[A-Za-z0-9_]+$/.test(e.name)) await walk(join(dir, e.name), `${name}/`, depth + 1);
      } else if (e.isFile() && e.name.endsWith(TEMPLATE_SUFFIX) && isTemplateName(name)) {
        const st = await lstat(join(dir, e.name));
        out.push({ path: name, fileSize: st.size, modifyTime: st.mtime });
      }
    }));
  };
  await walk(realRoot, '', 0);
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** Reads a template; a link as the file itself is refused by the open (O_NOFOLLOW), one above it by confinedPath. */
export async function readTemplateFile(root: string, name: string): Promise<string> {
  const full = await confinedPath(root, name);
  const handle = await open(full, constants.O_RDONLY | constants.O_NOFOLLOW).catch((err) => {
    if (isMissing(err)) throw fail('template.notFound', { name });
    if ((err as NodeJS.ErrnoException).code === 'ELOOP') throw fail('template.symlink', { name });
    throw err;
  });
  try {
    const st = await handle.stat();
    if (!st.isFile()) throw fail('template.notFound', { name });
    if (st.size > TEMPLATE_MAX_BYTES) throw fail('template.tooLarge', { name, max: TEMPLATE_MAX_BYTES / 1024 });
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}

export async function templateExists(root: string, name: string): Promise<boolean> {
  const full = await confinedPath(root, name);
  return lstat(full).then((st) => st.isFile(), () => false);
}

/** Creates the folders above `full` (each checked by confinedPath before). */
async function ensureParent(root: string, name: string) {
  const parent = dirname(name);
  await mkdir(root, { recursive: true });
  if (parent !== '.') await mkdir(join(await realpath(root), parent), { recursive: true });
}

/**
 * Writes a template atomically: the bytes go to a temporary file beside it, then replace it in one
 * rename, so the publisher never reads half a template. `create` refuses a name that exists.
 */
export async function writeTemplateFile(root: string, name: string, content: string, opts: { create?: boolean } = {}): Promise<void> {
  if (Buffer.byteLength(content, 'utf8') > TEMPLATE_MAX_BYTES) throw fail('template.tooLarge', { name, max: TEMPLATE_MAX_BYTES / 1024 });
  const full = await confinedPath(root, name);
  const existing = await lstat(full).catch(() => null);
  if (opts.create && existing) throw fail('template.exists', { name });
  if (!opts.create && !existing) throw fail('template.notFound', { name });
  await ensureParent(root, name);
  // Checked again now the folders exist: nothing may have been linked in meanwhile.
  const target = await confinedPath(root, name);
  const part = `${target}.${randomBytes(6).toString('hex')}.part`;
  try {
    await writeFile(part, content, { flag: 'wx' });
    await rename(part, target);
  } catch (err) {
    await rm(part, { force: true });
    throw err;
  }
}

/** Removes the folders left empty above `name`, up to the root. */
async function pruneEmpty(realRoot: string, name: string) {
  let parent = dirname(name);
  while (parent !== '.') {
    const ok = await rmdir(join(realRoot, parent)).then(() => true, () => false);
    if (!ok) return;
    parent = dirname(parent);
  }
}

export async function renameTemplateFile(root: string, from: string, to: string): Promise<void> {
  const source = await confinedPath(root, from);
  if (!(await lstat(source).then((st) => st.isFile(), () => false))) throw fail('template.notFound', { name: from });
  const target = await confinedPath(root, to);
  if (await lstat(target).then(() => true, () => false)) throw fail('template.exists', { name: to });
  await ensureParent(root, to);
  await rename(source, await confinedPath(root, to));
  await pruneEmpty(await realpath(root), from);
}

export async function deleteTemplateFile(root: string, name: string): Promise<void> {
  const full = await confinedPath(root, name);
  if (!(await lstat(full).then((st) => st.isFile(), () => false))) throw fail('template.notFound', { name });
  await rm(full);
  await pruneEmpty(await realpath(root), name);
}

/** The most a render session loads: every template of a pipe, up to this many bytes in all. */
export const TREE_MAX_BYTES = 32 * 1024 * 1024;

/**
 * Every template of a pipe, read once into memory for a render session: the engine then looks
 * names up in this map only, synchronously, and never touches the disk while rendering.
 */
export async function loadTemplateTree(root: string): Promise<Map<string, string>> {
  const files = await listTemplateFiles(root);
  const total = files.reduce((n, f) => n + f.fileSize, 0);
  if (total > TREE_MAX_BYTES) throw fail('template.treeTooLarge', { max: TREE_MAX_BYTES / 1024 / 1024 });
  // Read sixteen at a time: every drain opens its sessions with the whole tree (dozens of files,
  // each confined, opened and checked), ~25 ms one after the other; never thousands of handles.
  // A file that became a link or went away between the listing and the read is left out.
  const sources = new Map<string, string>();
  await pool(files, 16, async (f) => {
    const source = await readTemplateFile(root, f.path).catch(() => null);
    if (source !== null) sources.set(f.path, source);
  });
  // In the listing's order.
  const tree = new Map<string, string>();
  for (const f of files) if (sources.has(f.path)) tree.set(f.path, sources.get(f.path)!);
  return tree;
}
