import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { fail, FieldFailure } from '../../../core/errors.ts';
import { extensionOf } from '../../common/file-types.ts';
import { SAFE_NAME } from '../../../../src/lib/resources/cms/resource.ts';

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
  const dir = tempDir(dataDir);
  await mkdir(dir, { recursive: true });
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
      if (!fileName || fileName.length > 255 || !SAFE_NAME.test(fileName)) {
        part.file.resume();
        throw new FieldFailure([{ field: 'fileName', key: fileName ? 'safeName' : 'required', params: {} }], 'resource');
      }
      const suffix = extensionOf(fileName);
      let limit: number;
      try {
        limit = beforeWrite(suffix);
      } catch (err) {
        part.file.resume();
        throw err;
      }
      const file = join(dir, `${randomUUID()}.${suffix || 'bin'}`);
      let size = 0;
      let overLimit = false;
      const cap = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          if (size > limit) overLimit = true;
          done(null, overLimit ? undefined : chunk);
        },
      });
      received = { file, fileName, suffix, size: 0, overLimit: false, fields };
      await pipeline(part.file, cap, createWriteStream(file, { flags: 'wx' }));
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
