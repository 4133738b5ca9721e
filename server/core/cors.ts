import type { FastifyInstance } from 'fastify';
import cors from '@fastify/cors';

/**
 * Cross-origin calls to the API from a console served elsewhere (a CDN on another host, README
 * "Deploying the console to a CDN"). Nothing is allowed unless the operator lists the console's
 * origin in CORS_ORIGINS: an origin not listed gets no CORS header at all, so browsers keep
 * refusing its scripts the replies. Listed origins are echoed back one by one (never `*`).
 */

/** The request headers the console sends (src/lib/request.ts, downloads, uploads). */
export const CORS_REQUEST_HEADERS = ['Authorization', 'Content-Type', 'Accept-Language', 'CurrentSite', 'cc-current-site', 'repeatSubmit', 'cc-export'];
/** Reply headers the console's scripts read: a download's file name, a throttle's wait. */
export const CORS_EXPOSED_HEADERS = ['download-filename', 'Content-Disposition', 'Retry-After'];

/**
 * Parses CORS_ORIGINS: origins (scheme, host and port only) separated by commas or spaces. A
 * malformed entry stops the server at start with a message naming it, rather than silently
 * leaving the console locked out or, worse, a typo matching nothing while the operator believes
 * it is allowed.
 */
export function parseCorsOrigins(text: string | undefined): string[] {
  const entries = (text ?? '').split(/[\s,]+/).filter(Boolean);
  return entries.map((entry) => {
    let url: URL | undefined;
    try {
      url = new URL(entry);
    } catch {
      url = undefined;
    }
    if (!url || !/^https?:$/.test(url.protocol) || url.origin !== entry.replace(/\/$/, '')) {
      throw new Error(`CORS_ORIGINS: "${entry}" is not an origin; write scheme, host and port only, e.g. https://cdn.example.com`);
    }
    return url.origin;
  });
}

/** Allows the listed origins on the routes of `api` (the /prod-api scope). */
export async function allowOrigins(api: FastifyInstance, origins: readonly string[]): Promise<void> {
  if (origins.length === 0) return;
  const allowed = new Set(origins);
  await api.register(cors, {
    origin: (origin, done) => done(null, origin !== undefined && allowed.has(origin)),
    // The API reads its token from the Authorization header only, never a cookie; credentials are
    // allowed for listed origins so a deployment that adds cookie-based SSO in front still works.
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: CORS_REQUEST_HEADERS,
    exposedHeaders: CORS_EXPOSED_HEADERS,
    maxAge: 600,
    strictPreflight: true,
  });
}
