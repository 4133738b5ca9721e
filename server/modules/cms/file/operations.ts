import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { copyFile, lstat, mkdir, open, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { hasPermission } from '../../../core/access.ts';
import { fail, forbidden } from '../../../core/errors.ts';
import { readOp, type OpBase, type OpContext, type SiteOp, type SiteRef } from '../../../core/operation.ts';
import { formatDateTime } from '../../../../shared/format.ts';
import {
  FILE_UPLOAD_MAX_MB, FOLDER_NAME, TEMPLATE_FOLDER, TEXT_MAX_BYTES, UPLOAD_SUFFIXES,
  formatSitePath, isTextFile, parentOf, parseSitePath, suffixOf, type SitePath,
} from '../../../../shared/cms/site-files.ts';
import { pipesOf } from '../site/operations.ts';
import { receiveUpload } from '../resource/receive.ts';
import { below, isMissing, realRoot } from './confine.ts';
import { checkFileContent, isUtf8Text } from './content.ts';
import { areaRoot, staticRoot, STATIC_FOLDERS } from './roots.ts';

/**
 * The site file manager (spec §2 files; ChestnutCMS's /cms/file/*): browse a site's pipes, make
 * folders and text files, upload, rename, delete, read and save text. Every operation works on the
 * current site, takes paths as src/lib/cms/site-files.ts names them and reaches the disk only
 * through confine.ts. Reading needs the file menu's key (the route's); writing also needs Site Edit
 * on the site; anything in a pipe's template folder needs the template menu's key for the same
 * action too, so the file manager is no way around the template permissions (it is in ChestnutCMS,
 * cms-heart §6).
 */

export type FileAction = 'view' | 'add' | 'edit' | 'remove';

/** The largest template the engine accepts (its TEMPLATE_MAX_BYTES): a save or upload of more is refused here already. */
export const TEMPLATE_MAX_BYTES = 512 * 1024;
/** A listing shows at most this many entries; the tree at most this many folders. */
const LIST_MAX = 1000;
const TREE_MAX = 2000;

export interface FileVO {
  filePath: string;
  fileName: string;
  isDirectory: boolean;
  /** a text file the editor opens */
  canEdit: boolean;
  fileSize: number;
  modifyTime: string | null;
}

export interface TreeNode {
  id: string;
  parentId: string;
  label: string;
  children: TreeNode[];
}

interface Located {
  path: SitePath;
  /** the path as the API names it (for messages and replies) */
  shown: string;
  /** the area's real root, null when it does not exist yet */
  root: string | null;
  /** the entry's path below it, null when the root does not exist */
  full: string | null;
}

const dataDirOf = (op: Pick<OpContext, 'services'>) => op.services.config.dataDir;
const templateKey = (action: FileAction) => `cms:template:${action}`;

/** Inside template folders the template menu's key for the verb, too (Site Edit for writes is the routes' declaration). */
function allow(op: SiteOp, area: SitePath['area'], action: FileAction) {
  if (area === 'template' && !hasPermission(op.actor, templateKey(action))) throw forbidden(templateKey(action));
}

const seesTemplates = (op: OpContext) => hasPermission(op.actor, templateKey('view'));

/** Checks a path's names, its pipe, the actor's rights for `action` and the disk (confine.ts). */
async function locate(op: SiteOp, raw: unknown, kind: 'folder' | 'file' | 'any', action: FileAction, create = false): Promise<Located> {
  const parsed = parseSitePath(String(raw ?? ''), kind);
  if (!parsed.ok) throw fail(`file.${parsed.problem}`, { path: String(raw ?? '').slice(0, 200), types: UPLOAD_SUFFIXES.join(', ') });
  const path = parsed.path;
  const pipes = await pipesOf(op.tx, op.site.siteId);
  if (!pipes.some((p) => p.code === path.pipe)) throw fail('cms.pipe.unknown', { code: path.pipe });
  allow(op, path.area, action);
  if (create && path.area === 'static') await ensureStaticRoot(op, path.pipe);
  const shown = formatSitePath(path);
  const root = await realRoot(dataDirOf(op), areaRoot(dataDirOf(op), op.site.path, path), shown, create);
  return { path, shown, root, full: root ? await below(root, path.rest, shown) : null };
}

const statOf = (full: string | null) => (full ? lstat(full).catch((err) => (isMissing(err) ? null : Promise.reject(err))) : Promise.resolve(null));

async function existing(at: Located) {
  const st = await statOf(at.full);
  if (!st || !(st.isFile() || st.isDirectory())) throw fail('file.notFound', { path: at.shown });
  return st;
}

/** The site's pipes, for the top of the tree and the list. */
const sitePipes = (op: SiteOp) => pipesOf(op.tx, op.site.siteId);

/** A pipe's static folder with ChestnutCMS's css, js and images, made the first time the pipe is browsed. */
async function ensureStaticRoot(op: SiteOp, pipe: string) {
  const root = staticRoot(dataDirOf(op), op.site.path, pipe);
  if (await statOf(root)) return;
  const real = await realRoot(dataDirOf(op), root, pipe, true);
  for (const f of STATIC_FOLDERS) await mkdir(join(real!, f), { recursive: true });
}

/** The entries of a real folder that the file manager shows: folders and files with valid names, no links. */
async function entriesOf(dir: string | null, shown: string, filter = '') {
  if (!dir) return [];
  const entries = await readdir(dir, { withFileTypes: true }).catch((err) => (isMissing(err) ? [] : Promise.reject(err)));
  const needle = filter.toLowerCase();
  return entries
    .filter((e) => (e.isDirectory() ? FOLDER_NAME.test(e.name) : e.isFile() && parseSitePath(`${shown}/${e.name}`, 'file').ok))
    // A static folder named like the template folder is hidden by it.
    .filter((e) => !(e.isDirectory() && e.name === TEMPLATE_FOLDER && !shown.includes('/')))
    .filter((e) => !needle || e.name.toLowerCase().includes(needle))
    .slice(0, LIST_MAX);
}

const byFoldersThenName = (a: FileVO, b: FileVO) => (a.isDirectory !== b.isDirectory ? (a.isDirectory ? -1 : 1) : a.fileName < b.fileName ? -1 : a.fileName > b.fileName ? 1 : 0);

/** GET /cms/file/list: a folder's folders and files (the pipes, for the top). */
export async function listFiles(op: SiteOp, filePath: string, fileName = ''): Promise<FileVO[]> {
  const dir = (key: string, name: string): FileVO => ({ filePath: key, fileName: name, isDirectory: true, canEdit: false, fileSize: 0, modifyTime: null });
  if (filePath === '' || filePath === '/') return (await sitePipes(op)).map((p) => dir(p.code, p.code));
  const at = await locate(op, filePath, 'folder', 'view');
  if (at.path.area === 'static' && at.path.rest.length === 0) await ensureStaticRoot(op, at.path.pipe);
  const rows: FileVO[] = [];
  const root = at.root ?? (await realRoot(dataDirOf(op), areaRoot(dataDirOf(op), op.site.path, at.path), at.shown));
  const full = root ? await below(root, at.path.rest, at.shown) : null;
  if (at.path.rest.length > 0 && !(await statOf(full))?.isDirectory()) throw fail('file.notFound', { path: at.shown });
  for (const e of await entriesOf(full, at.shown, fileName)) {
    const path = `${at.shown}/${e.name}`;
    if (e.isDirectory()) rows.push(dir(path, e.name));
    else {
      const st = await lstat(join(full!, e.name));
      rows.push({ filePath: path, fileName: e.name, isDirectory: false, canEdit: isTextFile(e.name), fileSize: st.size, modifyTime: formatDateTime(st.mtime) });
    }
  }
  rows.sort(byFoldersThenName);
  // A pipe's template folder comes first, as in the tree.
  if (at.path.area === 'static' && at.path.rest.length === 0 && seesTemplates(op) && (!fileName || TEMPLATE_FOLDER.includes(fileName.toLowerCase()))) {
    rows.unshift(dir(`${at.shown}/${TEMPLATE_FOLDER}`, TEMPLATE_FOLDER));
  }
  return rows;
}

/** GET /cms/file/directoryTreeData: every pipe with its folders (the template folder first). */
export async function directoryTree(op: SiteOp): Promise<{ tree: TreeNode[] }> {
  let budget = TREE_MAX;
  const walk = async (dir: string | null, id: string, depth: number): Promise<TreeNode[]> => {
    if (!dir || depth > 9) return [];
    const out: TreeNode[] = [];
    for (const e of await entriesOf(dir, id)) {
      if (!e.isDirectory() || budget-- <= 0) continue;
      const childId = `${id}/${e.name}`;
      out.push({ id: childId, parentId: id, label: e.name, children: await walk(join(dir, e.name), childId, depth + 1) });
    }
    return out.sort((a, b) => (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
  };
  const tree: TreeNode[] = [];
  for (const pipe of await sitePipes(op)) {
    await ensureStaticRoot(op, pipe.code);
    const dataDir = dataDirOf(op);
    const children: TreeNode[] = [];
    if (seesTemplates(op)) {
      const id = `${pipe.code}/${TEMPLATE_FOLDER}`;
      const root = await realRoot(dataDir, areaRoot(dataDir, op.site.path, { pipe: pipe.code, area: 'template' }), id);
      children.push({ id, parentId: pipe.code, label: TEMPLATE_FOLDER, children: await walk(root, id, 1) });
    }
    const root = await realRoot(dataDir, staticRoot(dataDir, op.site.path, pipe.code), pipe.code);
    children.push(...(await walk(root, pipe.code, 1)));
    tree.push({ id: pipe.code, parentId: '', label: pipe.name, children });
  }
  return { tree };
}

/** POST /cms/file/add: a folder, or an empty text file, in an existing folder's place. */
export async function addFile(op: SiteOp, input: { dir: string; fileName: string; isDirectory: boolean }): Promise<{ filePath: string }> {
  const at = await locate(op, `${input.dir.replace(/\/$/, '')}/${input.fileName}`, input.isDirectory ? 'folder' : 'file', 'add', true);
  if (!input.isDirectory && !isTextFile(input.fileName)) throw fail('file.notEditable', { path: at.shown });
  if (at.path.rest.length === 0 || (await statOf(at.full))) throw fail('file.exists', { path: at.shown });
  await folderOf(at);
  if (input.isDirectory) await mkdir(at.full!);
  else await writeFile(at.full!, '', { flag: 'wx' });
  return { filePath: at.shown };
}

/** The folder a new entry goes into must exist already (the area's own root is made on demand). */
async function folderOf(at: Located) {
  const parent = dirname(at.full!);
  const st = await statOf(parent);
  if (!st?.isDirectory()) throw fail('file.notFound', { path: parentOf(at.shown) });
}

/** POST /cms/file/rename: a new name in the same folder; a file keeps its kind (suffix). */
export async function renameFile(op: SiteOp, input: { filePath: string; rename: string }): Promise<{ filePath: string }> {
  const at = await locate(op, input.filePath, 'any', 'edit');
  if (at.path.rest.length === 0) throw fail('file.rootFixed', { path: at.shown });
  const st = await existing(at);
  const target = await locate(op, `${parentOf(at.shown)}/${input.rename}`, st.isDirectory() ? 'folder' : 'file', 'edit');
  if (st.isFile() && suffixOf(input.rename) !== suffixOf(at.shown)) throw fail('file.suffixFixed', { path: at.shown, ext: suffixOf(at.shown) });
  if (await statOf(target.full)) throw fail('file.exists', { path: target.shown });
  await rename(at.full!, target.full!);
  return { filePath: target.shown };
}

/** POST /cms/file/delete: files and folders (with what they hold); all are checked before any goes. */
export async function deleteFiles(op: SiteOp, paths: string[]): Promise<void> {
  const found: Located[] = [];
  for (const p of new Set(paths)) {
    const at = await locate(op, p, 'any', 'remove');
    if (at.path.rest.length === 0) throw fail('file.rootFixed', { path: at.shown });
    await existing(at);
    found.push(at);
  }
  // force: a folder removed first may have held a later path.
  for (const at of found) await rm(at.full!, { recursive: true, force: true });
}

/** Opens a text file for reading without following a link as the file itself. */
async function readText(at: Located, max: number): Promise<string> {
  if (!isTextFile(at.shown)) throw fail('file.notEditable', { path: at.shown });
  if (!at.full) throw fail('file.notFound', { path: at.shown });
  const handle = await open(at.full, constants.O_RDONLY | constants.O_NOFOLLOW).catch((err: NodeJS.ErrnoException) => {
    if (isMissing(err)) throw fail('file.notFound', { path: at.shown });
    if (err.code === 'ELOOP') throw fail('file.symlink', { path: at.shown });
    throw err;
  });
  try {
    const st = await handle.stat();
    if (!st.isFile()) throw fail('file.notFound', { path: at.shown });
    if (st.size > max) throw fail('file.tooLarge', { path: at.shown, size: Math.round(max / 1024) });
    const bytes = await handle.readFile();
    if (!isUtf8Text(bytes)) throw fail('file.notText', { path: at.shown });
    return bytes.toString('utf8');
  } finally {
    await handle.close();
  }
}

const textLimit = (at: Located) => (at.path.area === 'template' ? TEMPLATE_MAX_BYTES : TEXT_MAX_BYTES);

/** POST /cms/file/read: a text file's content. */
export async function readFileText(op: SiteOp, filePath: string): Promise<string> {
  const at = await locate(op, filePath, 'file', 'view');
  return readText(at, textLimit(at));
}

/** Replaces a file in one rename, so a reader (the publisher) never sees half of it. */
async function replaceAtomically(full: string, bytes: string | Buffer) {
  const part = `${full}.${randomBytes(6).toString('hex')}.part`;
  try {
    await writeFile(part, bytes, { flag: 'wx' });
    await rename(part, full);
  } catch (err) {
    await rm(part, { force: true });
    throw err;
  }
}

/** POST /cms/file/edit: saves a text file that exists. */
export async function editFileText(op: SiteOp, input: { filePath: string; fileContent: string }): Promise<{ filePath: string; modifyTime: string }> {
  const at = await locate(op, input.filePath, 'file', 'edit');
  if (!isTextFile(at.shown)) throw fail('file.notEditable', { path: at.shown });
  const st = await existing(at);
  if (!st.isFile()) throw fail('file.notFound', { path: at.shown });
  const max = textLimit(at);
  if (Buffer.byteLength(input.fileContent, 'utf8') > max) throw fail('file.tooLarge', { path: at.shown, size: Math.round(max / 1024) });
  await replaceAtomically(at.full!, input.fileContent);
  return { filePath: at.shown, modifyTime: formatDateTime(new Date()) };
}

/** Moves a checked temporary file into place (a copy when the temporary folder is on another disk). */
async function moveInto(temp: string, full: string) {
  await rename(temp, full).catch(async (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EXDEV') throw err;
    await copyFile(temp, full);
  });
}

/**
 * POST /cms/file/upload (multipart `dir`, `file`, optional `overwrite=true`): one file into a
 * folder. The suffix must be one the file manager takes and the bytes what it says (content.ts);
 * the name follows the file name rules; an existing file is replaced only when asked.
 */
export async function uploadFile(base: OpBase<SiteRef>, req: FastifyRequest): Promise<{ filePath: string }> {
  const op = readOp(base);
  const max = FILE_UPLOAD_MAX_MB * 1024 * 1024;
  const got = await receiveUpload(req, dataDirOf(op), max, (suffix) => {
    if (!UPLOAD_SUFFIXES.includes(suffix)) throw fail('file.badType', { path: suffix || '—', types: UPLOAD_SUFFIXES.join(', ') });
    return max;
  });
  try {
    if (got.overLimit) throw fail('upload.tooLarge', { size: FILE_UPLOAD_MAX_MB });
    if (got.size === 0) throw fail('upload.empty');
    const dir = (got.fields.dir ?? '').replace(/\/$/, '');
    const at = await locate(op, `${dir}/${got.fileName}`, 'file', 'add', true);
    if (at.path.area === 'template' && got.size > TEMPLATE_MAX_BYTES) throw fail('file.tooLarge', { path: at.shown, size: TEMPLATE_MAX_BYTES / 1024 });
    await checkFileContent(got.file, got.fileName);
    const st = await statOf(at.full);
    if (st && (got.fields.overwrite !== 'true' || !st.isFile())) throw fail('file.exists', { path: at.shown });
    await folderOf(at);
    await moveInto(got.file, at.full!);
    return { filePath: at.shown };
  } finally {
    await rm(got.file, { force: true });
  }
}
