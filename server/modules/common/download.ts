import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import type { FastifyReply } from 'fastify';
import { fail } from '../../core/errors.ts';
import { isFile, resolveInRoot } from './storage.ts';

/**
 * GET /common/download?path=: streams a file from the upload root as an attachment, its name in
 * the `download-filename` header (URL-encoded, as the console's download helper reads it).
 * Anything outside the root, missing, or not a regular file is refused with a JSON envelope.
 */
export async function sendDownload(reply: FastifyReply, root: string, path: string): Promise<void> {
  const full = resolveInRoot(root, path.trim());
  if (!full) throw fail('upload.badPath');
  if (!(await isFile(full))) throw fail('upload.notFound');
  const name = encodeURIComponent(basename(full));
  await reply
    .header('download-filename', name)
    .header('Access-Control-Expose-Headers', 'download-filename')
    .header('Content-Disposition', `attachment; filename*=UTF-8''${name}`)
    .header('X-Content-Type-Options', 'nosniff')
    .type('application/octet-stream')
    .send(createReadStream(full));
}
