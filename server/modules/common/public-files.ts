import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { dirname, basename } from 'node:path';
import { extensionOf, INLINE_EXTENSIONS, UPLOAD_EXTENSIONS } from './file-types.ts';
import { fileRoute, registerRoute } from '../../core/route.ts';
import { isFile, PUBLIC_UPLOAD_PREFIX, resolveInRoot, uploadRoot } from './storage.ts';

/**
 * Uploaded files are public, read-only, at /profile/upload/** (and the same below the API prefix,
 * for clients that put the API base in front of a fileName): a CMS publishes them, and their
 * names are random. Confined to the upload root; no directory listing; only extensions that may
 * be uploaded (never markup: no html, svg, xml, js); images, media, PDF and plain text inline,
 * everything else as an attachment; nosniff and a sandboxing CSP so even a mislabelled file
 * cannot run as a page on this origin.
 */
/** A file opened directly is a sandboxed document that runs nothing; only our own pages may frame it. */
/** The upload folder members' avatars were once stored in (MEMBER_AVATAR_FOLDER of cms/member/avatar.ts). */
const READER_AVATAR_FOLDER = 'member-avatar/';
const UPLOAD_CSP = "default-src 'none'; img-src 'self'; media-src 'self'; sandbox; frame-ancestors 'self'";

export function servePublicFiles(app: FastifyInstance, dataDir: string, apiPrefix: string, services: object): void {
  registerRoute(services, fileRoute('prod-api', `${apiPrefix}${PUBLIC_UPLOAD_PREFIX}*`, '*/*', 'An uploaded file (public, read-only; also at the same path without /prod-api)'));
  const root = uploadRoot(dataDir);
  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    const rest = (req.params as { '*'?: string })['*'] ?? '';
    let rel: string;
    try {
      rel = decodeURIComponent(rest);
    } catch {
      return notFound(reply);
    }
    // Members' avatars are readers' uploads: the sites port serves them (cms/member/avatar.ts), never
    // the console's origin. New ones live outside this root; this keeps out those stored here before.
    if (rel.startsWith(READER_AVATAR_FOLDER)) return notFound(reply);
    const full = resolveInRoot(root, rel);
    const ext = extensionOf(rel);
    if (!full || !UPLOAD_EXTENSIONS.includes(ext) || !(await isFile(full))) return notFound(reply);
    reply
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', UPLOAD_CSP)
      // Published pages on other hosts (and a console on a CDN) may show these images and media.
      .header('Cross-Origin-Resource-Policy', 'cross-origin')
      .header('Cache-Control', 'public, max-age=86400');
    if (!INLINE_EXTENSIONS.includes(ext)) reply.header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(basename(full))}`);
    return reply.sendFile(basename(full), dirname(full), { dotfiles: 'deny', index: false, cacheControl: false });
  };
  for (const base of [PUBLIC_UPLOAD_PREFIX, `${apiPrefix}${PUBLIC_UPLOAD_PREFIX}`]) {
    app.get(`${base}*`, handler); // HEAD comes with it (Fastify exposes HEAD for GET routes)
  }
}

function notFound(reply: FastifyReply) {
  return reply.code(404).type('text/plain').header('X-Content-Type-Options', 'nosniff').send('Not found');
}
