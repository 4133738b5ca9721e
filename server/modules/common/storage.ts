import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fail } from '../../core/errors.ts';
import { extensionOf, imageMatches, isImageExtension, looksLikeMarkup } from './file-types.ts';

/**
 * Uploaded files live under `${DATA_DIR}/upload/` and are addressed by the public name
 * `/profile/upload/<path>` (ChestnutCMS RESOURCE_PREFIX + the path). Every path coming from a
 * request is resolved against the root and refused when it leaves it.
 */
export const RESOURCE_PREFIX = '/profile/';
export const UPLOAD_DIR = 'upload';
export const PUBLIC_UPLOAD_PREFIX = `${RESOURCE_PREFIX}${UPLOAD_DIR}/`;

export const uploadRoot = (dataDir: string) => resolve(dataDir, UPLOAD_DIR);

/** yyyy/MM/dd in server local time (the folder of a day's uploads). */
export function datePath(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}/${p(now.getMonth() + 1)}/${p(now.getDate())}`;
}

/**
 * The absolute file for a path inside the root, or null when it would escape it. Accepts the
 * public name (/profile/upload/…) or a path relative to the root; refuses absolute paths, `..`,
 * NUL bytes and backslashes.
 */
export function resolveInRoot(root: string, requested: string): string | null {
  if (!requested || requested.includes('\0') || requested.includes('\\')) return null;
  let rel = requested;
  if (rel.startsWith(PUBLIC_UPLOAD_PREFIX)) rel = rel.slice(PUBLIC_UPLOAD_PREFIX.length);
  else if (isAbsolute(rel)) return null;
  if (rel.split('/').some((seg) => seg === '..' || seg.startsWith('.'))) return null;
  const full = resolve(root, rel);
  const inside = relative(root, full);
  if (!inside || inside.startsWith('..') || isAbsolute(inside) || !full.startsWith(root + sep)) return null;
  return full;
}

/** Is `full` an existing regular file? */
export async function isFile(full: string): Promise<boolean> {
  try {
    return (await stat(full)).isFile();
  } catch {
    return false;
  }
}

export interface IncomingFile {
  /** the name the client sent */
  filename: string;
  file: Readable & { truncated?: boolean };
}

export interface SaveRules {
  /** allowed extensions, lower case */
  extensions: readonly string[];
  maxBytes: number;
  /** folder below the root before the date folders, e.g. 'avatar' */
  folder?: string;
  /** message keys, so the avatar can speak of "the avatar image" */
  messages?: { type?: string; size?: string };
}

export interface SavedFile {
  /** /profile/upload/yyyy/MM/dd/<uuid>.<ext> */
  fileName: string;
  /** path below the upload root */
  relPath: string;
  fullPath: string;
  originalFilename: string;
  size: number;
}

const HEAD_BYTES = 64;

/**
 * Streams an uploaded file to `<root>/[folder/]yyyy/MM/dd/<uuid>.<ext>` after checking its
 * extension, then its size (never more than maxBytes is read), emptiness and, for images, its
 * actual format. It is written under a temporary name and renamed once accepted, so a refused
 * or broken upload leaves nothing behind.
 */
export async function saveUpload(root: string, incoming: IncomingFile, rules: SaveRules, now = new Date()): Promise<SavedFile> {
  const original = (incoming.filename ?? '').split(/[\\/]/).pop()!.slice(0, 255);
  const ext = extensionOf(original);
  const mb = Math.round((rules.maxBytes / 1024 / 1024) * 100) / 100;
  if (!ext || !rules.extensions.includes(ext)) {
    incoming.file.resume();
    throw fail(rules.messages?.type ?? 'upload.badType', { types: rules.extensions.join(', ') });
  }
  const relDir = [rules.folder, datePath(now)].filter(Boolean).join('/');
  const dir = join(root, relDir);
  await mkdir(dir, { recursive: true });
  const name = `${randomUUID().replaceAll('-', '')}.${ext}`;
  const fullPath = join(dir, name);
  const tmp = `${fullPath}.part`;

  let size = 0;
  let head = Buffer.alloc(0);
  const measure = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
      done(null, chunk);
    },
  });
  try {
    await pipeline(incoming.file, measure, createWriteStream(tmp, { flags: 'wx' }));
    if (incoming.file.truncated || size > rules.maxBytes) throw fail(rules.messages?.size ?? 'upload.tooLarge', { size: mb });
    if (size === 0) throw fail('upload.empty');
    if (isImageExtension(ext) ? !imageMatches(ext, head) : ext !== 'txt' && ext !== 'csv' && looksLikeMarkup(head)) {
      throw fail('upload.badContent', { ext });
    }
    await rename(tmp, fullPath);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
  const relPath = `${relDir}/${name}`;
  return { fileName: `${PUBLIC_UPLOAD_PREFIX}${relPath}`, relPath, fullPath, originalFilename: original, size };
}
