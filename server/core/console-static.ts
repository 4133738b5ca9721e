import { createReadStream, existsSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { LANGUAGE_COOKIE, LANGUAGE_PAGES_DIR } from '../../shared/constants.ts';
import { DEFAULT_LOCALE, isLocale } from '../../shared/i18n/locales.ts';

export const CONSOLE_BASE = '/admin/';
/** Page that renders dynamic routes in the browser; every unknown /admin/* path gets it. */
export const CLIENT_ROUTER_PAGE = 'app-router/index.html';
const HASHED_ASSETS = '_assets/';

/**
 * Serves the built console. Hashed assets are immutable; HTML is always revalidated so a deploy
 * shows at once. Paths are confined to the build folder. The build writes each file's Brotli and
 * gzip twins (src/lib/build/precompress.ts): they are sent as they are to a browser that accepts
 * them (with `Vary: accept-encoding`), so nothing is compressed per request; a file without twins
 * is compressed on the fly (@fastify/compress).
 */
export async function serveConsole(app: FastifyInstance, root: string): Promise<void> {
  // One reply.sendFile for the whole app (the CMS serves resources and published sites with it), so
  // no preCompressed here: that option applies to every sendFile and would hand other folders'
  // files the console's treatment. The console's twins are chosen below, for its own files only.
  await app.register(fastifyStatic, { root, serve: false, decorateReply: true, preCompressed: false });
  app.get('/', (_req, reply) => reply.redirect(CONSOLE_BASE));
  app.get('/admin', (_req, reply) => reply.redirect(CONSOLE_BASE));
  // Browsers ask for it on documents without an icon of their own (an API reply or a file opened
  // in a tab): the console's icon, not a 404 in the console's log.
  app.get('/favicon.ico', (_req, reply) => reply.redirect(`${CONSOLE_BASE}favicon.svg`, 301));

  app.get('/admin/*', async (req, reply) => {
    const rel = decodeURIComponent((req.params as { '*': string })['*'] ?? '');
    if (rel === '') return reply.redirect(`${CONSOLE_BASE}index`);
    const lng = chosenLanguage(req.headers.cookie);
    const file = resolveFile(root, rel);
    if (file) return send(reply, root, inLanguage(root, file, lng), req.headers['accept-encoding']);
    // An asset that is not there is a real 404, not the app page.
    if (rel.startsWith(HASHED_ASSETS) || /\.[a-z0-9]{1,6}$/i.test(rel)) {
      if (existsSync(join(root, '404/index.html'))) return send(reply.code(404), root, inLanguage(root, '404/index.html', lng), req.headers['accept-encoding']);
      return reply.code(404).send('Not found');
    }
    if (!existsSync(join(root, CLIENT_ROUTER_PAGE))) {
      return reply.code(503).type('text/plain').send('The console has not been built: run `npm run build`.');
    }
    return send(reply, root, inLanguage(root, CLIENT_ROUTER_PAGE, lng), req.headers['accept-encoding']);
  });
}

/** The language the reader chose (LANGUAGE_COOKIE) when the build has pages of its own for it. */
export function chosenLanguage(cookieHeader: string | undefined): string | null {
  // Read as written (a language code needs no escaping): a malformed %-escape must not fail the page.
  const lng = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`).exec(cookieHeader ?? '')?.[1]?.trim();
  return lng !== DEFAULT_LOCALE && isLocale(lng) ? lng : null;
}

/**
 * A page's copy built in `lng` (src/lib/build/language-pages.ts), when there is one: the first
 * paint is in the reader's language and its islands hydrate in it. The page at its own path is
 * zh-CN, which switches after hydration (a page the build has in zh-CN only, the docs).
 */
function inLanguage(root: string, file: string, lng: string | null): string {
  if (!lng || !file.endsWith('.html') || file.startsWith(`${LANGUAGE_PAGES_DIR}/`)) return file;
  const copy = `${LANGUAGE_PAGES_DIR}/${lng}/${file}`;
  return existsSync(join(root, copy)) ? copy : file;
}

function resolveFile(root: string, rel: string): string | null {
  const clean = normalize(rel).replace(/^([/\\])+/, '');
  if (clean.startsWith('..') || clean.split(sep).includes('..')) return null;
  for (const candidate of [clean, join(clean, 'index.html'), `${clean.replace(/\/$/, '')}.html`]) {
    const full = join(root, candidate);
    if (!full.startsWith(root)) continue;
    try {
      if (statSync(full).isFile()) return candidate;
    } catch {
      /* not this one */
    }
  }
  return null;
}

/** Types of the files the build writes twins of (src/lib/build/precompress.ts). */
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json; charset=utf-8', '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8', '.xml': 'application/xml; charset=utf-8', '.map': 'application/json; charset=utf-8',
};
const TWINS = [['br', '.br'], ['gzip', '.gz']] as const;

/** Whether an Accept-Encoding header admits `coding` (a q=0 refuses it). */
function accepts(header: string | undefined, coding: string): boolean {
  return (header ?? '').split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    if (name!.trim().toLowerCase() !== coding) return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

function send(reply: FastifyReply, root: string, file: string, acceptEncoding?: string) {
  const immutable = file.startsWith(HASHED_ASSETS);
  reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
  const type = TYPES[extname(file).toLowerCase()];
  if (type) {
    // The reply depends on the request's Accept-Encoding whether or not a twin is sent, and a
    // page on the language cookie (inLanguage).
    reply.header('Vary', file.endsWith('.html') ? 'Accept-Encoding, Cookie' : 'Accept-Encoding');
    for (const [coding, suffix] of TWINS) {
      if (accepts(acceptEncoding, coding) && existsSync(join(root, file + suffix))) {
        // Sent as a stream with our headers (sendFile would type it by the twin's suffix);
        // Content-Encoding set, @fastify/compress leaves it as it is.
        const twin = join(root, file + suffix);
        return reply.header('Content-Encoding', coding).header('Content-Length', statSync(twin).size).type(type).send(createReadStream(twin));
      }
    }
  }
  return reply.sendFile(file, root, { cacheControl: false });
}
