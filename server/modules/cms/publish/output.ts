import { createHash, randomBytes } from 'node:crypto';
import { renameSync, writeFileSync } from 'node:fs';
import { lstat, mkdir, readdir, readFile, realpath, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

/**
 * Where a pipe's published pages go: a folder on this server (the default) or a prefix in the
 * site's bucket. Both write a page only when its bytes changed (an unchanged page keeps its date,
 * so a CDN or rsync sees nothing new) and never leave half a page behind: a local page is written
 * to a temporary file beside it and renamed over the old one, a bucket object is replaced whole.
 */
export interface PublishOutput {
  /** Writes `bytes` as `file` (relative to the pipe's root); false when the file already held them. */
  write(file: string, bytes: string | Buffer): Promise<boolean>;
  /** Removes a page; a missing one is no error. */
  remove(file: string): Promise<void>;
  /** Whether a page is there. */
  exists(file: string): Promise<boolean>;
  /** Removes a folder of pages (a book's chapters); local only, a bucket has no folders. */
  removeFolder(dir: string): Promise<void>;
  /** A description for logs and errors (the folder or bucket/prefix). */
  readonly where: string;
}

/** The same output, whose writes all count as changes (a re-run task's pages are pushed even when their bytes are unchanged). */
export const rewritten = (out: PublishOutput): PublishOutput => ({
  write: async (file, bytes) => {
    await out.write(file, bytes);
    return true;
  },
  remove: (file) => out.remove(file),
  exists: (file) => out.exists(file),
  removeFolder: (dir) => out.removeFolder(dir),
  get where() {
    return out.where;
  },
});

/** Thrown for a file name that is not a page's: absolute, with `..`, a backslash, a NUL, a hidden segment. */
export class BadOutputPath extends Error {
  readonly file: string;
  constructor(file: string) {
    super(`refused output path: ${JSON.stringify(file)}`);
    this.file = file;
  }
}

/** A page's file: relative, segments of letters, digits, `_`, `-` and dots, none hidden, none `..`. */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,199}$/;

export function checkOutputPath(file: string): string {
  if (typeof file !== 'string' || !file || file.length > 1000 || file.startsWith('/')) throw new BadOutputPath(file);
  const parts = file.split('/');
  if (parts.some((p) => !SEGMENT.test(p) || p === '..' || p.includes('..'))) throw new BadOutputPath(file);
  return file;
}

/**
 * The full path of `file` under `root`, refused when it leaves the root, also through a symbolic
 * link planted on the way (the deepest existing folder is resolved with realpath). `knownRealRoot`:
 * the root's realpath when the caller holds it already (a publish resolves it once, not per page).
 */
export async function confineOutput(root: string, file: string, knownRealRoot?: string): Promise<string> {
  checkOutputPath(file);
  const full = resolve(root, file);
  const rel = relative(root, full);
  if (!rel || rel.startsWith('..') || isAbsolute(rel)) throw new BadOutputPath(file);
  const realRoot = knownRealRoot ?? (await realpath(root).catch(() => root));
  let probe = dirname(full);
  for (;;) {
    const real = await realpath(probe).catch(() => null);
    if (real) {
      if (real === realRoot || real.startsWith(realRoot + sep)) return full;
      throw new BadOutputPath(file);
    }
    if (probe === root || probe === dirname(probe)) return full;
    probe = dirname(probe);
  }
}

/** The name of a page being written (localOutput's temporary file). */
const TEMP_NAME = /^\.[0-9a-f]{12}\.tmp$/;

/**
 * Removes temporary files a killed process left half-written under `root` (never served: hidden),
 * those older than `olderThanMs` (0: all; a process writing now keeps its own, which live for
 * milliseconds). Returns how many went.
 */
export async function sweepTemps(root: string, olderThanMs: number): Promise<number> {
  let gone = 0;
  const entries = await readdir(root, { withFileTypes: true, recursive: true }).catch(() => []);
  for (const e of entries) {
    if (!e.isFile() || !TEMP_NAME.test(e.name)) continue;
    const full = join(e.parentPath, e.name);
    const st = await lstat(full).catch(() => null);
    if (st && Date.now() - st.mtimeMs >= olderThanMs) {
      await rm(full, { force: true });
      gone++;
    }
  }
  return gone;
}

const toBuffer = (bytes: string | Buffer) => (typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes);

/**
 * How long a folder's check holds: its realpath inside the root and the names it holds are read
 * when a page first goes into it and again after this long, not for every page (a full publish
 * writes thousands of pages into a few dozen folders; resolving each page's folder cost a dozen
 * system calls). A symbolic link planted in the output is refused from the next check on.
 */
export const FOLDER_CHECK_MS = 2_000;

export interface LocalOutputOptions {
  /**
   * Write each page with synchronous calls: a render thread, whose writes would otherwise each
   * cost it a queued request and a wake-up on top of the thread pool's work (a second of CPU for
   * 10,000 pages on two cores); the main thread keeps asynchronous writes, it answers requests.
   */
  syncWrites?: boolean;
}

/** A pipe's folder on this server. */
export function localOutput(root: string, opts: LocalOutputOptions = {}): PublishOutput {
  /** the root's realpath, once it exists (a publish writes thousands of pages into it) */
  let realRoot: string | undefined;
  /** folders checked lately, with the names of their files: a page not among them is new, no stat needed */
  const folders = new Map<string, { checkedAt: number; names: Set<string> }>();
  // Temporary names: this output's random prefix and a counter (random bytes per page cost a system call).
  const tempPrefix = randomBytes(3).toString('hex');
  let tempSeq = 0;

  const rootReady = async () => {
    if (realRoot === undefined) {
      await mkdir(root, { recursive: true });
      realRoot = await realpath(root);
    }
    return realRoot;
  };

  /** The folder of `full` (checked, made when missing), with the names it holds. */
  const folderOf = async (file: string, full: string) => {
    const dir = dirname(full);
    const known = folders.get(dir);
    if (known && Date.now() - known.checkedAt < FOLDER_CHECK_MS) return known;
    await confineOutput(root, file, await rootReady());
    await mkdir(dir, { recursive: true });
    const folder = { checkedAt: Date.now(), names: new Set(await readdir(dir)) };
    folders.set(dir, folder);
    return folder;
  };

  const writeNew = async (full: string, data: string | Buffer) => {
    // A hidden temporary name beside the page (never served: hidden segments are refused), renamed over it.
    const tmp = join(dirname(full), `.${tempPrefix}${(tempSeq++ % 0x1000000).toString(16).padStart(6, '0')}.tmp`);
    try {
      if (opts.syncWrites) {
        writeFileSync(tmp, data);
        renameSync(tmp, full);
      } else {
        await writeFile(tmp, data);
        await rename(tmp, full);
      }
    } catch (err) {
      await unlink(tmp).catch(() => undefined);
      throw err;
    }
  };

  /** The full path of a page, refused when its name is not a page's. */
  const fullOf = (file: string) => {
    checkOutputPath(file);
    const full = resolve(root, file);
    const rel = relative(root, full);
    if (!rel || rel.startsWith('..') || isAbsolute(rel)) throw new BadOutputPath(file);
    return full;
  };

  return {
    where: root,
    async write(file, bytes) {
      const full = fullOf(file);
      let folder = await folderOf(file, full);
      const name = basename(full);
      // A new page is written as it comes (a string needs no copy into a buffer first); one that
      // exists is compared first, same size first: reading the old page is only worth it then.
      let data: string | Buffer = bytes;
      if (folder.names.has(name)) {
        const buffer = toBuffer(bytes);
        data = buffer;
        const old = await stat(full).catch(() => null);
        if (old?.isFile() && old.size === buffer.length && (await readFile(full)).equals(buffer)) return false;
      }
      try {
        await writeNew(full, data);
      } catch (err) {
        // A folder removed since it was checked (a catalog's pages deleted): make it again once.
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        folders.delete(dirname(full));
        folder = await folderOf(file, full);
        await writeNew(full, data);
      }
      folder.names.add(name);
      return true;
    },
    async remove(file) {
      const full = await confineOutput(root, file, await rootReady());
      await rm(full, { force: true });
      folders.get(dirname(full))?.names.delete(basename(full));
    },
    async exists(file) {
      let full: string;
      try {
        full = fullOf(file);
      } catch {
        return false;
      }
      // A folder checked lately answers for a name it does not hold (a content's page 2 that was never written).
      const known = folders.get(dirname(full));
      if (known && Date.now() - known.checkedAt < FOLDER_CHECK_MS && !known.names.has(basename(full))) return false;
      const confined = await confineOutput(root, file, await rootReady()).catch(() => null);
      return !!confined && (await stat(confined).then((s) => s.isFile(), () => false));
    },
    async removeFolder(dir) {
      const full = await confineOutput(root, dir, await rootReady());
      await rm(full, { recursive: true, force: true });
      for (const known of [...folders.keys()]) if (known === full || known.startsWith(full + sep)) folders.delete(known);
    },
  };
}

/** What a bucket output needs of an S3 client: put, head (ETag), delete. */
export interface BucketClient {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** the object's ETag without quotes, or null when there is none */
  etag(key: string): Promise<string | null>;
  delete(key: string): Promise<void>;
}

export const md5 = (data: Buffer) => createHash('md5').update(data).digest('hex');

/**
 * A pipe's prefix in a bucket (`<prefix>/<file>`). An object put in one piece has the MD5 of its
 * bytes as ETag, so an unchanged page is found by a HEAD, without downloading it.
 */
export function bucketOutput(client: BucketClient, prefix: string, contentTypeOf: (file: string) => string): PublishOutput {
  const keyOf = (file: string) => `${prefix}/${checkOutputPath(file)}`;
  return {
    where: prefix,
    async write(file, bytes) {
      const key = keyOf(file);
      const data = toBuffer(bytes);
      if ((await client.etag(key)) === md5(data)) return false;
      await client.put(key, data, contentTypeOf(file));
      return true;
    },
    async remove(file) {
      await client.delete(keyOf(file));
    },
    async exists(file) {
      return (await client.etag(keyOf(file))) !== null;
    },
    async removeFolder() {
      // Chapter pages are removed one by one by the caller (a bucket has no folders to drop).
    },
  };
}
