import { realpath, stat } from 'node:fs/promises';
import { relative, resolve, sep, isAbsolute } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Services } from '../../../core/services.ts';
import { LETTERS_DIGITS_PATTERN } from '../../../../src/lib/validators/common.ts';
import { cmsSite } from '../site/schema.ts';
import { contentTypeOf, isPage } from './content-types.ts';
import { checkOutputPath } from './output.ts';
import { SITE_FOLDER_PARAM } from '../site/urls.ts';
import { publishRoot } from './roots.ts';
import { serveDynamicPage } from '../dynamic/serve.ts';

/** `<site path>` (the default pipe) or `<site path>_<pipe code>` (another pipe): the first segment of a published address. */
const FOLDER = /^([A-Za-z0-9]+)(?:_([A-Za-z0-9_]{1,20}))?$/;

/**
 * Published pages need scripts of their own, but they share this server's origin with the console,
 * whose sign-in token a script could read: so they run sandboxed, in an origin of their own (no
 * allow-same-origin). A site served from its own domain or CDN has no such limit.
 */
export const SITE_CSP = 'sandbox allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation';

/**
 * GET /<site path>/… and /<site path>_<pipe>/…: the published sites, from the publish folder
 * (publish/roots.ts), so `npm start` shows a site as soon as it is published. A folder's address
 * serves its index page (index.<site's static suffix>, else index.html). Files are looked up by
 * realpath inside the pipe's folder: `..`, encoded dots, hidden files and symbolic links leading
 * out are 404s. Pages are revalidated on every visit (a publish may rewrite them); static files
 * are cached for an hour. The site's resources (/<site path>/resources/…) are served by the
 * resource module's more specific route. An address no file answers may be a custom dynamic
 * page of the site, rendered on request (dynamic/serve.ts).
 */
export function serveSites(app: FastifyInstance, services: Services) {
  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    const { sitePath: folder, '*': rest = '' } = req.params as { sitePath: string; '*'?: string };
    const m = FOLDER.exec(folder);
    // Not a site's folder (the API's prefix among others): whoever answers unknown paths there does.
    if (!m) return reply.callNotFound();
    const [site] = await services.db.select({ siteId: cmsSite.siteId, path: cmsSite.path, staticSuffix: cmsSite.staticSuffix }).from(cmsSite).where(eq(cmsSite.path, m[1]!));
    if (!site || !LETTERS_DIGITS_PATTERN.test(site.path)) return notFound(reply);
    if (!('*' in (req.params as object))) return reply.redirect(`/${folder}/`);
    const root = resolve(publishRoot(services.config), folder);
    const realRoot = await realpath(root).catch(() => null);
    let rel = rest;
    try {
      rel = decodeURIComponent(rest);
    } catch {
      return notFound(reply);
    }
    const folderAsked = rel === '' || rel.endsWith('/');
    const candidates = folderAsked ? [`${rel}index.${site.staticSuffix || 'shtml'}`, `${rel}index.html`] : [rel];
    // A site never published has no folder yet; its dynamic pages still answer.
    if (realRoot) {
      for (const candidate of candidates) {
        const full = await inside(realRoot, candidate);
        if (!full) continue;
        const st = await stat(full).catch(() => null);
        if (st?.isDirectory() && !folderAsked) return reply.redirect(`/${folder}/${rel}/`);
        if (!st?.isFile()) continue;
        const file = relative(realRoot, full);
        reply
          .header('Content-Security-Policy', SITE_CSP)
          .header('X-Content-Type-Options', 'nosniff')
          .header('Cache-Control', isPage(file) ? 'no-cache' : 'public, max-age=3600')
          .type(contentTypeOf(file));
        return reply.sendFile(file, realRoot, { dotfiles: 'deny', index: false, cacheControl: false, etag: true, lastModified: true });
      }
    }
    // No published file here: a custom dynamic page of the site may answer this address.
    if (await serveDynamicPage(services, req, reply, { siteId: site.siteId, pipeCode: m[2], rel, csp: SITE_CSP })) return reply;
    return notFound(reply);
  };
  // Only first segments a pipe's folder can have: the API's prefix and the like stay theirs.
  app.get(`/${SITE_FOLDER_PARAM}`, handler);
  app.get(`/${SITE_FOLDER_PARAM}/*`, handler);
}

/** The real path of `rel` inside `realRoot`, or null (bad name, outside, through a link leading out). */
async function inside(realRoot: string, rel: string): Promise<string | null> {
  try {
    checkOutputPath(rel);
  } catch {
    return null;
  }
  const real = await realpath(resolve(realRoot, rel)).catch(() => null);
  if (!real) return null;
  const r = relative(realRoot, real);
  if (!r || r.startsWith('..') || isAbsolute(r) || !(real.startsWith(realRoot + sep))) return null;
  return real;
}

function notFound(reply: FastifyReply) {
  return reply.code(404).type('text/plain').header('X-Content-Type-Options', 'nosniff').send('Not found');
}
