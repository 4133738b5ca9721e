import { realpath, stat } from 'node:fs/promises';
import { relative, resolve, sep, isAbsolute } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../../../core/services.ts';
import { contentTypeOf, isPage } from './content-types.ts';
import { checkOutputPath } from './output.ts';
import { publishRoot } from './roots.ts';
import { serveDynamicPage } from '../dynamic/serve.ts';
import { SEARCH_PATH, serveSearchPage } from '../search-public/page.ts';
import { serveAccountPage } from '../account-pages/serve.ts';
import { sendResource } from '../resource/serve.ts';
import { siteHostsOf } from './site-hosts.ts';
import { siteHeaders, sitePageCsp } from './site-headers.ts';

/**
 * GET (and HEAD) of any path on the sites' port: the published pipe that answers it
 * (publish/site-hosts.ts: by host, or `/<site path>[_<pipe>]/` by folder), from the publish folder
 * (publish/roots.ts), so `npm start` shows a site as soon as it is published. A folder's address
 * serves its index page (index.<site's static suffix>, else index.html). Files are looked up by
 * realpath inside the pipe's folder: `..`, encoded dots, hidden files and symbolic links leading
 * out are 404s. Pages are revalidated on every visit (a publish may rewrite them); static files
 * are cached for an hour. `resources/…` below a pipe's address is the site's resource library
 * (resource/serve.ts). An address no file answers may be a custom dynamic page of the site,
 * rendered on request (dynamic/serve.ts). The console's origin serves none of this.
 */
export function serveSites(sites: FastifyInstance, services: Services) {
  sites.get('/*', async (req: FastifyRequest, reply: FastifyReply) => {
    const csp = sitePageCsp(services.config);
    const path = req.url.split('?')[0]!;
    const at = await siteHostsOf(services).resolve(req.hostname, path);
    if (!at) return notFound(reply);
    const query = req.url.slice(path.length);
    if (at.rest === null) return reply.redirect(`${at.base}${query}`);
    let rel: string;
    try {
      rel = decodeURIComponent(at.rest);
    } catch {
      return notFound(reply);
    }
    siteHeaders(reply);
    if (rel.startsWith('resources/')) return sendResource(services, reply, at.pipe.sitePath, rel.slice('resources/'.length));
    const root = resolve(publishRoot(services.config), at.pipe.folder);
    const realRoot = await realpath(root).catch(() => null);
    const folderAsked = rel === '' || rel.endsWith('/');
    const candidates = folderAsked ? [`${rel}index.${at.pipe.staticSuffix || 'shtml'}`, `${rel}index.html`] : [rel];
    // A site never published has no folder yet; its dynamic pages still answer.
    if (realRoot) {
      for (const candidate of candidates) {
        const full = await inside(realRoot, candidate);
        if (!full) continue;
        const st = await stat(full).catch(() => null);
        if (st?.isDirectory() && !folderAsked) return reply.redirect(`${at.base}${at.rest}/${query}`);
        if (!st?.isFile()) continue;
        const file = relative(realRoot, full);
        reply
          .header('Content-Security-Policy', csp)
          .header('Cache-Control', isPage(file) ? 'no-cache' : 'public, max-age=3600')
          .type(contentTypeOf(file));
        return reply.sendFile(file, realRoot, { dotfiles: 'deny', index: false, cacheControl: false, etag: true, lastModified: true });
      }
    }
    // The pipe's search page (`<pipe address>_search`), rendered on request.
    if (rel === SEARCH_PATH) return serveSearchPage(services, req, reply, { siteId: at.pipe.siteId, pipeCode: at.pipe.pipeCode, csp });
    // The member pages (`<pipe address>account/login`, …, `account/<member id>`), rendered on request.
    if (await serveAccountPage(services, req, reply, { siteId: at.pipe.siteId, pipeCode: at.pipe.pipeCode, rel, csp })) return reply;
    // No published file here: a custom dynamic page of the site may answer this address.
    if (await serveDynamicPage(services, req, reply, { siteId: at.pipe.siteId, pipeCode: at.pipe.isDefault ? undefined : at.pipe.pipeCode, rel, csp })) return reply;
    return notFound(reply);
  });
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
  return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
}
