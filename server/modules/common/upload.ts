import type { FastifyRequest } from 'fastify';
import type { Actor } from '../../core/access.ts';
import type { Services } from '../../core/services.ts';
import { fail } from '../../core/errors.ts';
import { UPLOAD_EXTENSIONS } from './file-types.ts';
import { saveUpload, uploadRoot, type SaveRules, type SavedFile } from './storage.ts';

/** Default upload size limit; sys_config `sys.upload.maxSizeMB` overrides it. */
export const DEFAULT_UPLOAD_MAX_MB = 10;
export const UPLOAD_MAX_CONFIG_KEY = 'sys.upload.maxSizeMB';

export async function uploadMaxBytes(services: Services): Promise<number> {
  const configured = Number.parseFloat((await services.setting(UPLOAD_MAX_CONFIG_KEY)) ?? '');
  const mb = Number.isFinite(configured) && configured > 0 ? configured : DEFAULT_UPLOAD_MAX_MB;
  return Math.round(mb * 1024 * 1024);
}

/**
 * Reads the one file of a multipart request from `field` and stores it with `rules`. Only that
 * field is read; a request without it (or not multipart at all) is refused.
 */
export async function receiveFile(req: FastifyRequest, field: string, root: string, rules: SaveRules): Promise<SavedFile> {
  if (!req.isMultipart()) throw fail('upload.noFile', { field });
  // busboy stops reading at maxBytes and flags the stream as truncated; saveUpload refuses it.
  const part = await req.file({ limits: { fileSize: rules.maxBytes, files: 1 }, throwFileSizeLimit: false });
  if (!part) throw fail('upload.noFile', { field });
  if (part.fieldname !== field) {
    part.file.resume();
    throw fail('upload.noFile', { field });
  }
  return saveUpload(root, { filename: part.filename, file: part.file }, rules);
}

/** POST /common/upload: any signed-in user may upload a file of an allowed type. */
export async function uploadFile(services: Services, _actor: Actor, req: FastifyRequest) {
  const saved = await receiveFile(req, 'file', uploadRoot(services.config.dataDir), {
    extensions: UPLOAD_EXTENSIONS,
    maxBytes: await uploadMaxBytes(services),
  });
  return { fileName: saved.fileName, url: saved.fileName, originalFilename: saved.originalFilename };
}
