import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fileRoute, registerRoute } from '../../../core/route.ts';

/** The readers' script (reader/reader.js), read once: its text and a version for cache busting. */
const body = readFileSync(join(import.meta.dirname, 'reader', 'reader.js'), 'utf8');
export const READER_SCRIPT = { body, version: createHash('sha256').update(body).digest('hex').slice(0, 12) } as const;

/** Where published pages load it from: below the sites port's address, versioned. */
export const readerScriptUrl = (siteBase: string) => `${siteBase.replace(/\/?$/, '/')}api/reader.js?v=${READER_SCRIPT.version}`;

/**
 * Serves the readers' script on the sites' origin at `/api/reader.js`: cached for a year when asked
 * for by its current version (pages name it so), five minutes otherwise. A page on a CDN loads it
 * from the API's origin, so when the API is unreachable the script is too, and the page stays static.
 */
export function serveReaderScript(sites: FastifyInstance, services: object) {
  registerRoute(services, fileRoute('public', '/api/reader.js', 'text/javascript', 'The readers\' script published pages load', z.object({ v: z.string().optional().describe('its version: cached for a year when current') })));
  sites.get('/api/reader.js', async (req, reply) => {
    const v = (req.query as { v?: string } | undefined)?.v;
    return reply
      .type('text/javascript; charset=utf-8')
      .header('Cache-Control', v === READER_SCRIPT.version ? 'public, max-age=31536000, immutable' : 'public, max-age=300')
      .header('Cross-Origin-Resource-Policy', 'cross-origin')
      .send(READER_SCRIPT.body);
  });
}
