import type { FastifyReply } from 'fastify';
import type { ServerConfig } from '../../../config.ts';

/**
 * The headers of what the sites' port answers (README "Two origins"). Published sites never share
 * the console's origin, so their pages run as pages: their own scripts, forms, images, audio and
 * video, embedded players. The policy keeps what a site has no use for (plugins, a `<base>`
 * pointing elsewhere, scripts over plain HTTP) and lets the rest through; SITE_CSP replaces it.
 */
export const SITE_PAGE_CSP = [
  "default-src 'self'",
  // Templates carry inline scripts (analytics, menus) and load libraries from CDNs.
  "script-src 'self' 'unsafe-inline' https:",
  "style-src 'self' 'unsafe-inline' https:",
  // Content links images and media wherever editors found them; a resource domain may be plain HTTP.
  "img-src 'self' data: blob: http: https:",
  "media-src 'self' data: blob: http: https:",
  "font-src 'self' data: https:",
  "connect-src 'self' http: https:",
  // Video embed codes are frames of the video platforms.
  "frame-src 'self' http: https:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self' http: https:",
].join('; ');

export const sitePageCsp = (config: Pick<ServerConfig, 'siteCsp'>) => config.siteCsp ?? SITE_PAGE_CSP;

/**
 * What every reply of a site carries: anyone may embed its images and media (a CDN, a resource
 * domain, the console's previews: Cross-Origin-Resource-Policy cross-origin), and links out say
 * where they came from only as an origin.
 */
export function siteHeaders(reply: FastifyReply): FastifyReply {
  return reply
    .header('Cross-Origin-Resource-Policy', 'cross-origin')
    .header('Referrer-Policy', 'strict-origin-when-cross-origin');
}
