import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { hasPermission } from '../../../core/access.ts';
import { AppError, fail, forbidden } from '../../../core/errors.ts';
import { readOp, type OpBase, type OpContext, type SiteOp, type SiteRef } from '../../../core/operation.ts';
import {
  FILE_UPLOAD_MAX_MB, FOLDER_NAME, THEME_FORMAT, THEME_LIMITS, THEME_MANIFEST,
  parseSitePath, formatSitePath, type SitePath,
} from '../../../../shared/cms/site-files.ts';
import { pipesOf } from '../site/operations.ts';
import { receiveUpload } from '../resource/receive.ts';
import { realRoot } from './confine.ts';
import { checkFileContent } from './content.ts';
import { TEMPLATE_MAX_BYTES } from './operations.ts';
import { areaRoot, sitesDir } from './roots.ts';

/**
 * Themes (spec §5 "Theme file: zip only"; ChestnutCMS's /cms/site/exportTheme and importTheme): a
 * zip of a site's templates and static files, pipe by pipe, named as the file manager names them
 * (`pc/template/index.template.html`, `pc/css/site.css`) with `theme.json` at the top. Unlike
 * ChestnutCMS's export it holds no database rows (contents, drafts, users' data): it is the look
 * of a site, to move to another site.
 *
 * Importing is all or nothing. Before a byte is unpacked the central directory is read: the
 * archive must list at most THEME_LIMITS.entries entries, declare at most THEME_LIMITS.unpackedMb
 * in all, and every name must be a site file's name (no `..`, `\`, absolute or drive paths, NUL)
 * of a pipe the site has; link entries and encrypted entries are refused. Each entry is then
 * unpacked with its declared size as a hard cap into a staging folder beside the site's own, and
 * checked like an upload (content.ts). Only when everything passed are the pipes' template and
 * static folders swapped for the staged ones (renames on one disk), and swapped back if one fails.
 * An import replaces the templates and static files of the pipes the archive holds; other pipes
 * stay as they are.
 */

const AREAS: readonly SitePath['area'][] = ['template', 'static'];
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/** Site Edit is the routes' declaration; a theme carries templates, so the template keys too. */
function allowTheme(op: SiteOp, action: 'view' | 'edit') {
  // A theme carries templates: the template menu's key for the same verb.
  const key = `cms:template:${action}`;
  if (!hasPermission(op.actor, key)) throw forbidden(key);
}

/** Every file below a real folder (links and badly named entries skipped), as [full path, name below the root]. */
async function filesBelow(root: string, shown: string): Promise<[string, string][]> {
  const out: [string, string][] = [];
  const walk = async (dir: string, prefix: string, depth: number) => {
    for (const e of await readdir(dir, { withFileTypes: true })) {
      const name = `${prefix}${e.name}`;
      if (e.isDirectory() && FOLDER_NAME.test(e.name) && depth < 10) await walk(join(dir, e.name), `${name}/`, depth + 1);
      else if (e.isFile() && parseSitePath(`${shown}/${name}`, 'file').ok) out.push([join(dir, e.name), name]);
    }
  };
  await walk(root, '', 0);
  return out;
}

/** POST /cms/site/exportTheme: the current site's theme as a zip stream, and the file name to give it. */
export async function exportTheme(op: SiteOp): Promise<{ stream: Readable; fileName: string }> {
  allowTheme(op, 'view');
  const dataDir = op.services.config.dataDir;
  const pipes = await pipesOf(op.tx, op.site.siteId);
  const zip = new yazl.ZipFile();
  const manifest = { format: THEME_FORMAT, version: 1, site: op.site.path, pipes: pipes.map((p) => p.code), exportTime: new Date().toISOString() };
  zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), THEME_MANIFEST);
  for (const pipe of pipes) {
    for (const area of AREAS) {
      const at: SitePath = { pipe: pipe.code, area, rest: [] };
      const shown = formatSitePath(at);
      // A root that is a link, or lies under one, stops the export (realRoot refuses it).
      const root = await realRoot(dataDir, areaRoot(dataDir, op.site.path, at), shown);
      if (!root) continue;
      for (const [full, name] of await filesBelow(root, shown)) zip.addFile(full, `${shown}/${name}`);
    }
  }
  zip.end();
  const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  return { stream: zip.outputStream as unknown as Readable, fileName: `theme_${op.site.path}_${day}.zip` };
}

interface Planned {
  entry: yauzl.Entry;
  name: string;
  /** null for the manifest */
  path: SitePath | null;
  folder: boolean;
}

/** Names no archive may hold: absolute, drive-letter, backslash, NUL, `..` segments (zip slip). */
const isUnsafeName = (name: string) => /^[/\\]|^[A-Za-z]:|\\|\u0000/.test(name) || name.split('/').some((s) => s === '..' || s === '.');

/** Reads the central directory and checks it all, before anything is unpacked. */
async function plan(zip: yauzl.ZipFile, siteCodes: Set<string>): Promise<Planned[]> {
  if (zip.entryCount > THEME_LIMITS.entries) throw fail('theme.tooManyEntries', { max: THEME_LIMITS.entries });
  const planned: Planned[] = [];
  let declared = 0;
  for await (const entry of zip.eachEntry()) {
    // Decoded by hand (decodeStrings: false) so that our own checks, not a library's, judge every name.
    const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, true);
    const shown = name.slice(0, 200);
    if (isUnsafeName(name)) throw fail('theme.unsafeEntry', { name: shown });
    if (((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK) throw fail('theme.linkEntry', { name: shown });
    if (entry.isEncrypted()) throw fail('theme.badEntry', { name: shown });
    declared += entry.uncompressedSize;
    if (declared > THEME_LIMITS.unpackedMb * 1024 * 1024) throw fail('theme.unpackedTooLarge', { size: THEME_LIMITS.unpackedMb });
    if (name === THEME_MANIFEST) {
      planned.push({ entry, name, path: null, folder: false });
      continue;
    }
    const folder = name.endsWith('/');
    const parsed = parseSitePath(folder ? name.slice(0, -1) : name, folder ? 'folder' : 'file');
    if (!parsed.ok) throw fail('theme.badEntry', { name: shown });
    if (!siteCodes.has(parsed.path.pipe)) throw fail('theme.unknownPipe', { code: parsed.path.pipe });
    const cap = parsed.path.area === 'template' ? TEMPLATE_MAX_BYTES : FILE_UPLOAD_MAX_MB * 1024 * 1024;
    if (!folder && entry.uncompressedSize > cap) throw fail('theme.entryTooLarge', { name: shown, size: Math.round(cap / 1024) });
    planned.push({ entry, name, path: parsed.path, folder });
  }
  if (!planned.some((p) => p.path === null)) throw fail('theme.noManifest', { manifest: THEME_MANIFEST });
  return planned;
}

/** Unpacks one entry, never more bytes than it declares (yauzl checks too; this is the belt to its braces). */
async function unpack(zip: yauzl.ZipFile, p: Planned, to: string) {
  let seen = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      done(seen > p.entry.uncompressedSize ? fail('theme.badEntry', { name: p.name }) : null, chunk);
    },
  });
  await mkdir(dirname(to), { recursive: true });
  await pipeline(await zip.openReadStreamPromise(p.entry), cap, createWriteStream(to, { flags: 'wx' }));
}

/** The manifest names a theme of ours. */
async function checkManifest(zip: yauzl.ZipFile, p: Planned) {
  const chunks: Buffer[] = [];
  for await (const c of await zip.openReadStreamPromise(p.entry)) chunks.push(c as Buffer);
  let body: { format?: unknown } | null = null;
  try {
    body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { format?: unknown };
  } catch {
    body = null;
  }
  if (body?.format !== THEME_FORMAT) throw fail('theme.noManifest', { manifest: THEME_MANIFEST });
}

/** Swaps each target folder for its staged one; undoes the swaps made so far when one fails. */
async function swapIn(pairs: { staged: string; target: string }[], tag: string) {
  const done: { target: string; old: string }[] = [];
  try {
    for (const { staged, target } of pairs) {
      const old = `${target}.old-${tag}`;
      await rename(target, old);
      done.push({ target, old });
      await rename(staged, target);
    }
  } catch (err) {
    for (const { target, old } of done.reverse()) {
      await rm(target, { recursive: true, force: true }).catch(() => undefined);
      await rename(old, target).catch(() => undefined);
    }
    throw err;
  }
  for (const { old } of done) await rm(old, { recursive: true, force: true });
}

/**
 * POST /cms/site/importTheme (multipart `file`): replaces the current site's templates and static
 * files of every pipe the archive holds, all or nothing. Answers the pipes and the files imported.
 */
export async function importTheme(base: OpBase<SiteRef>, req: FastifyRequest): Promise<{ pipes: string[]; files: number }> {
  const op = readOp(base);
  allowTheme(op, 'edit');
  const dataDir = op.services.config.dataDir;
  const maxBytes = THEME_LIMITS.archiveMb * 1024 * 1024;
  const got = await receiveUpload(req, dataDir, maxBytes, (suffix) => {
    if (suffix !== 'zip') throw fail('theme.notZip');
    return maxBytes;
  });
  const tag = randomUUID();
  const siteDir = await realRoot(dataDir, join(sitesDir(dataDir), op.site.path), op.site.path, true);
  const staging = join(siteDir!, `import-${tag}`);
  try {
    if (got.overLimit) throw fail('theme.tooLarge', { size: THEME_LIMITS.archiveMb });
    const codes = new Set((await pipesOf(op.tx, op.site.siteId)).map((p) => p.code));
    const zip = await yauzl.openPromise(got.file, { decodeStrings: false, validateEntrySizes: true, autoClose: false }).catch(() => {
      throw fail('theme.notZip');
    });
    let files = 0;
    const pipes = new Set<string>();
    try {
      const planned = await plan(zip, codes).catch((err) => {
        throw err instanceof AppError ? err : fail('theme.notZip');
      });
      for (const p of planned) {
        if (!p.path) {
          await checkManifest(zip, p);
          continue;
        }
        pipes.add(p.path.pipe);
        const to = join(staging, p.path.pipe, p.path.area, ...p.path.rest);
        // A damaged entry, or a name given twice (as a file and a folder), refuses the archive.
        const landed = p.folder ? mkdir(to, { recursive: true }) : unpack(zip, p, to);
        await landed.catch((err) => {
          throw err instanceof AppError ? err : fail('theme.badEntry', { name: p.name });
        });
        if (!p.folder) {
          await checkFileContent(to, p.name);
          files++;
        }
      }
    } finally {
      zip.close();
    }
    // Every pipe of the archive gets both folders replaced (an area it does not hold becomes empty).
    const pairs: { staged: string; target: string }[] = [];
    for (const pipe of pipes) {
      for (const area of AREAS) {
        const staged = join(staging, pipe, area);
        await mkdir(staged, { recursive: true });
        const at: SitePath = { pipe, area, rest: [] };
        pairs.push({ staged, target: (await realRoot(dataDir, areaRoot(dataDir, op.site.path, at), formatSitePath(at), true))! });
      }
    }
    await swapIn(pairs, tag);
    return { pipes: [...pipes].sort(), files };
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(got.file, { force: true });
  }
}
