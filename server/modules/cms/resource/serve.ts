import { stat } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Services } from '../../../core/services.ts';
import { fileRoute, registerRoute } from '../../../core/route.ts';
import { LETTERS_DIGITS_PATTERN } from '../../../../shared/validators/common.ts';
import { cmsSite } from '../site/schema.ts';
import { confine, siteRoot } from '../storage/local.ts';
import { MIME_OF } from './sniff.ts';

/** The keys Local storage serves: resources/<type>/yyyy/MM/dd/<id>[_<w>x<h>].<suffix>, nothing else. */
const SERVED_KEY = /^resources\/(image|audio|video|file)\/\d{4}\/\d{2}\/\d{2}\/\d{1,15}(?:_\d{1,4}x\d{1,4})?\.([a-z0-9]{1,5})$/;

/**
 * A Local resource of the site at `sitePath`, read-only: `rest` is the key below `resources/`.
 * Only keys of the library's shape, inside the site's folder (checked with realpath), with our own
 * Content-Type (never the file's claim), nosniff and a policy under which nothing runs; files
 * (documents, archives) are attachments, never rendered. Byte ranges are answered (audio, video).
 */
export async function sendResource(services: Services, reply: FastifyReply, sitePath: string, rest: string) {
  const key = `resources/${rest}`;
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
}

/**
 * GET /prod-api/<site path>/resources/**: the console's own view of a site's Local resources (the
 * library's thumbnails, the editors' images and players), below the API like any of its data, same
 * origin for the console. Readers get them from the sites' port, below each pipe's address
 * (publish/serve.ts); published pages never link here.
 */
export function serveResourcesToConsole(app: FastifyInstance, services: Services, apiPrefix: string) {
  registerRoute(services, fileRoute('prod-api', `${apiPrefix}/:sitePath/resources/*`, '*/*', 'A Local resource of a site, for the console (thumbnails, editors\' images and players)'));
  app.get(`${apiPrefix}/:sitePath/resources/*`, (req: FastifyRequest, reply: FastifyReply) => {
    const { sitePath, '*': rest } = req.params as { sitePath: string; '*': string };
    return sendResource(services, reply, sitePath, rest ?? '');
  });
}

function notFound(reply: FastifyReply) {
  return reply.code(404).type('text/plain').header('X-Content-Type-Options', 'nosniff').send('Not found');
}
