import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { fail, FieldFailure } from '../../../core/errors.ts';
import { extensionOf } from '../../common/index.ts';
import { SAFE_NAME } from '../../../../shared/resources/cms/resource.ts';

/** Temporary files of uploads in progress: DATA_DIR/tmp, removed whatever happens. */
export const tempDir = (dataDir: string) => resolve(dataDir, 'tmp');

export interface Received {
  /** the temporary file holding the upload (at most `limitOf(suffix)` bytes were kept) */
  file: string;
  /** the name it was uploaded with */
  fileName: string;
  suffix: string;
  size: number;
  /** more bytes came than the limit allowed: refuse */
  overLimit: boolean;
  /** the form's text fields (name, resourceType…) */
  fields: Record<string, string>;
}

/**
 * Where an upload's file comes from: an HTTP multipart request (`fromRequest`) or a file on disk
 * (`fromFile`, for callers without HTTP: an import, a test). Given the data folder, the cap on any
 * upload and `beforeWrite(suffix)` (which refuses a suffix or gives the bytes allowed for it), it
 * writes the file to a temporary file and reports what it received.
 */
export type UploadSource = (dataDir: string, maxBytes: number, beforeWrite: (suffix: string) => number) => Promise<Received>;

export const fromRequest = (req: FastifyRequest): UploadSource => (dataDir, maxBytes, beforeWrite) => receiveUpload(req, dataDir, maxBytes, beforeWrite);

/** A file on disk uploaded as `fileName` with the form's `fields`, checked as an HTTP upload is. */
export const fromFile = (path: string, fileName: string, fields: Record<string, string> = {}): UploadSource => async (dataDir, maxBytes, beforeWrite) => {
  checkFileName(fileName);
  const suffix = extensionOf(fileName);
  const limit = Math.min(beforeWrite(suffix), maxBytes);
  const file = join(await tempFolder(dataDir), `${randomUUID()}.${suffix || 'bin'}`);
  try {
    const { size, overLimit } = await writeCapped(createReadStream(path), file, limit);
    return { file, fileName, suffix, size, overLimit, fields };
  } catch (err) {
    await rm(file, { force: true });
    throw err;
  }
};

/** The uploaded name: no path in it, not empty, at most 255 characters; refused naming the field. */
function checkFileName(fileName: string) {
  if (!fileName || fileName.length > 255 || !SAFE_NAME.test(fileName)) {
    throw new FieldFailure([{ field: 'fileName', key: fileName ? 'safeName' : 'required', params: {} }], 'resource');
  }
}

async function tempFolder(dataDir: string) {
  const dir = tempDir(dataDir);
  await mkdir(dir, { recursive: true });
  return dir;
}

/** Streams `source` into a new `file`, keeping at most `limit` bytes; the rest is read and thrown away. */
async function writeCapped(source: Readable, file: string, limit: number): Promise<{ size: number; overLimit: boolean }> {
  let size = 0;
  let overLimit = false;
  const cap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > limit) overLimit = true;
      done(null, overLimit ? undefined : chunk);
    },
  });
  await pipeline(source, cap, createWriteStream(file, { flags: 'wx' }));
  return { size, overLimit };
}

/**
 * Reads a multipart upload: the text fields, and the one part named `file` streamed to a temporary
 * file. `limitOf(suffix)` gives the bytes allowed for the file's suffix; past that the rest is read
 * and thrown away (the request must be consumed), and `overLimit` is set. `maxBytes` caps any
 * request. The uploaded name is checked before anything is written: a name with a path in it is
 * refused, naming the field.
 */
export async function receiveUpload(req: FastifyRequest, dataDir: string, maxBytes: number, beforeWrite: (suffix: string) => number): Promise<Received> {
  if (!req.isMultipart()) throw fail('upload.noFile', { field: 'file' });
  const fields: Record<string, string> = {};
  let received: Received | undefined;
  const dir = await tempFolder(dataDir);
  try {
    for await (const part of req.parts({ limits: { fileSize: maxBytes + 1, files: 1 } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file' || received) {
        part.file.resume();
        continue;
      }
      const fileName = (part.filename ?? '').trim();
      let limit: number;
      try {
        checkFileName(fileName);
        limit = beforeWrite(extensionOf(fileName));
      } catch (err) {
        part.file.resume();
        throw err;
      }
      const suffix = extensionOf(fileName);
      const file = join(dir, `${randomUUID()}.${suffix || 'bin'}`);
      received = { file, fileName, suffix, size: 0, overLimit: false, fields };
      const { size, overLimit } = await writeCapped(part.file, file, limit);
      received.size = size;
      received.overLimit = overLimit || !!(part.file as { truncated?: boolean }).truncated;
    }
  } catch (err) {
    if (received) await rm(received.file, { force: true });
    throw err;
  }
  if (!received) throw fail('upload.noFile', { field: 'file' });
  return received;
}
