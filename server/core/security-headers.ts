import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { CONSOLE_BASE } from './console-static.ts';

/**
 * The headers every reply carries (README "The API pipeline"): helmet's set — nosniff,
 * X-Frame-Options SAMEORIGIN, Referrer-Policy same-origin, Cross-Origin-Opener/Resource-Policy
 * same-origin — and a Content-Security-Policy per area: the console's pages get the policy below,
 * uploaded files their own sandbox (common/public-files.ts), everything else (API replies,
 * downloads, redirects, 404s) one that allows nothing to run.
 *
 * No Strict-Transport-Security: this server may run on plain HTTP behind a TLS proxy, which is
 * the place that knows whether the whole host name is HTTPS-only and should send it.
 */

/** For replies that are data, not pages: nothing may load or run, nothing outside may frame it. */
export const DATA_CSP = "default-src 'none'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

/**
 * The script elements of an HTML page, their attributes and text; those without src="…" are the
 * inline ones a CSP must allow by hash. Attributes are read whole: a quoted value may hold '>'
 * (a list page's pre-paint frame, issue 34).
 */
const INLINE_SCRIPT = /<script\b((?:[^>"']|"[^"]*"|'[^']*')*)>([\s\S]*?)<\/script>/gi;
/** A `src` attribute among a tag's attributes, quoted values aside. */
const hasSrc = (attributes: string) => /(?:^|\s)src\s*=/i.test(attributes.replace(/"[^"]*"|'[^']*'/g, '""'));

/** 'sha256-…' of every distinct inline script in the built console's pages. */
export function inlineScriptHashes(consoleDir: string): string[] {
  const hashes = new Set<string>();
  const walk = (dir: string) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return; // not built (yet): no pages, no hashes
    }
    for (const e of entries) {
      const full = join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.name.endsWith('.html')) {
        for (const m of readFileSync(full, 'utf8').matchAll(INLINE_SCRIPT)) {
          if (!hasSrc(m[1]!)) hashes.add(`'sha256-${createHash('sha256').update(m[2]!, 'utf8').digest('base64')}'`);
        }
      }
    }
  };
  walk(consoleDir);
  return [...hashes].sort();
}

/**
 * The console's policy. One policy for every page, not one per page: Astro's client router swaps
 * pages in place, so a page's inline scripts run under the policy of the page the tab opened on.
 * Scripts: our own files and the build's inline scripts by hash — never 'unsafe-inline' or eval.
 * Styles allow inline: PrimeReact injects <style> elements at run time and the prerendered pages
 * carry style attributes (an injected style cannot run code). `apiOrigin` is the API's origin when
 * the console was built to call another host (PUBLIC_API_BASE); `siteOrigin` the published sites'
 * port (config.ts siteBase), where previews are shown by ticket (cms/template/preview-tickets.ts).
 */
export function consoleCsp(consoleDir: string, apiOrigin?: string, siteOrigin?: string): string {
  const api = apiOrigin ? ` ${apiOrigin}` : '';
  const sites = siteOrigin ? ` ${siteOrigin}` : '';
  return [
    "default-src 'self'",
    `script-src 'self' ${inlineScriptHashes(consoleDir).join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    // data: for the captcha and previews; blob: for local files and exports; https: for images a
    // site's content links to.
    "img-src 'self' data: blob: https:",
    // The content editors play a site's audio and video, from its bucket when it stores them there.
    "media-src 'self' blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${api}`,
    // The code editor (Monaco) runs its language services in workers it may start from blob: URLs.
    "worker-src 'self' blob:",
    // Menus may embed pages of other sites (external links opened inside the console); previews
    // are frames of the sites' port, which may be plain HTTP.
    `frame-src 'self' https:${sites}`,
    // The console opens its own pages in iframes; nobody else may frame it (clickjacking).
    "frame-ancestors 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self'${api}`,
  ].join('; ');
}

/** The origin of an absolute API base (https://cms.example.com/prod-api), or undefined for a path. */
export function originOf(apiBase: string | undefined): string | undefined {
  if (!apiBase || !/^https?:\/\//i.test(apiBase)) return undefined;
  try {
    return new URL(apiBase).origin;
  } catch {
    return undefined;
  }
}

/**
 * Headers that only mean something on a document (a page, a frame, an SVG opened on its own) or a
 * worker. The console's hashed scripts, stylesheets and fonts are neither, and a list page loads
 * thirty of them: on Slow 4G these ~1 KiB per reply cost 150 ms (issue 12). nosniff, CORP and the
 * caching headers stay.
 */
const DOCUMENT_ONLY = [
  'content-security-policy', 'x-frame-options', 'cross-origin-opener-policy', 'origin-agent-cluster', 'referrer-policy',
  'x-dns-prefetch-control', 'x-download-options', 'x-permitted-cross-domain-policies', 'x-xss-protection',
];
const SUBRESOURCE = /\.(?:m?js|css|woff2?|ttf|map)$/i;

/** A hashed console file that a page loads as a script, stylesheet or font: never a document or a worker (Monaco's run under a CSP). */
export function isConsoleSubresource(url: string, status: number): boolean {
  const path = url.split('?')[0]!;
  return status === 200 && path.startsWith(`${CONSOLE_BASE}_assets/`) && SUBRESOURCE.test(path) && !/worker/i.test(path);
}

/** Registers the headers on every reply of `app`; call before any route is added. */
export async function securityHeaders(app: FastifyInstance, opts: { consoleDir: string; apiBase?: string; siteOrigin?: () => string | undefined }): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: false, // per area, below
    hsts: false,
    referrerPolicy: { policy: 'same-origin' },
    frameguard: { action: 'sameorigin' },
  });
  // The sites' origin is read per reply (a test server learns its port once listening); the policy is built again only when it changes.
  let policyFor: { siteOrigin: string | undefined; policy: string } | null = null;
  const consolePolicy = () => {
    const siteOrigin = opts.siteOrigin?.();
    if (!policyFor || policyFor.siteOrigin !== siteOrigin) policyFor = { siteOrigin, policy: consoleCsp(opts.consoleDir, originOf(opts.apiBase), siteOrigin) };
    return policyFor.policy;
  };
  const consolePrefix = CONSOLE_BASE.replace(/\/$/, '');
  app.addHook('onSend', async (req, reply, payload) => {
    if (isConsoleSubresource(req.url, reply.statusCode)) {
      for (const name of DOCUMENT_ONLY) reply.removeHeader(name);
      return payload;
    }
    if (!reply.hasHeader('content-security-policy')) {
      const isConsole = req.url === consolePrefix || req.url.startsWith(CONSOLE_BASE);
      reply.header('content-security-policy', isConsole ? consolePolicy() : DATA_CSP);
    }
    return payload;
  });
}
