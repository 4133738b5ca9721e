import { stat } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Services } from '../../../core/services.ts';
import { LETTERS_DIGITS_PATTERN } from '../../../../src/lib/validators/common.ts';
import { cmsSite } from '../site/schema.ts';
import { confine, siteRoot } from '../storage/local.ts';
import { SITE_FOLDER_PARAM } from '../site/urls.ts';
import { MIME_OF } from './sniff.ts';

/** The keys Local storage serves: resources/<type>/yyyy/MM/dd/<id>[_<w>x<h>].<suffix>, nothing else. */
const SERVED_KEY = /^resources\/(image|audio|video|file)\/\d{4}\/\d{2}\/\d{2}\/\d{1,15}(?:_\d{1,4}x\d{1,4})?\.([a-z0-9]{1,5})$/;

/**
 * GET /<site path>/resources/** (and the same below the API prefix, where the console's file URLs
 * point): a Local resource, read-only. A more specific route than a site's published pages at
 * /<site path>/, so it wins for resources. Only keys of the library's shape, inside the site's
 * folder (checked with realpath), with our own Content-Type, nosniff and a sandboxing CSP; files
 * (documents, archives) are attachments, never rendered.
 */
export function serveResources(app: FastifyInstance, services: Services, apiPrefix: string) {
  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    const { sitePath, '*': rest } = req.params as { sitePath: string; '*': string };
    const key = `resources/${rest ?? ''}`;
    const m = SERVED_KEY.exec(key);
    if (!m || !LETTERS_DIGITS_PATTERN.test(sitePath) || !MIME_OF[m[2]!]) return notFound(reply);
    const [site] = await services.db.select({ path: cmsSite.path }).from(cmsSite).where(eq(cmsSite.path, sitePath));
    if (!site) return notFound(reply);
    const root = siteRoot(services.config.dataDir, site.path);
    const full = await confine(root, key);
    if (!full || !(await stat(full).then((st) => st.isFile(), () => false))) return notFound(reply);
    const rel = full.slice(root.length + 1);
    reply
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; img-src 'self'; media-src 'self'; sandbox")
      .header('Cache-Control', 'public, max-age=86400')
      .type(MIME_OF[m[2]!]!);
    if (m[1] === 'file') reply.header('Content-Disposition', `attachment; filename="${rel.split('/').pop()}"`);
    return reply.sendFile(rel, root, { dotfiles: 'deny', index: false, cacheControl: false });
  };
  app.get(`/${SITE_FOLDER_PARAM}/resources/*`, handler);
  app.get(`${apiPrefix}/:sitePath/resources/*`, handler);
}

function notFound(reply: FastifyReply) {
  return reply.code(404).type('text/plain').header('X-Content-Type-Options', 'nosniff').send('Not found');
}
