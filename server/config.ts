import { fileURLToPath } from 'node:url';
import { parseCorsOrigins } from './core/cors.ts';

export interface ServerConfig {
  port: number;
  host: string;
  /**
   * env SITE_PORT: the published sites' own port (default 8091). The console's origin serves no
   * site file: a published page runs its scripts on an origin where the console's session is not
   * (README "Two origins"). 0 picks a free port (tests).
   */
  sitePort: number;
  /**
   * env SITE_URL: the public address of that port, where a pipe without an address of its own is
   * read (`<SITE_URL>/<site path>[_<pipe>]/`); default http://localhost:<SITE_PORT>. Behind a CDN
   * or proxy, its address.
   */
  siteUrl?: string;
  /**
   * env CONSOLE_URL: the console's public address (e.g. https://cms.example.com/), which the message
   * pushers' links start with; without it a message names the console path alone.
   */
  consoleUrl?: string;
  /** env SITE_CSP: the Content-Security-Policy of published pages, replacing the default (publish/site-headers.ts) */
  siteCsp?: string;
  /** PGlite data and uploaded files live here */
  dataDir: string;
  databaseUrl?: string;
  /** env PUBLISH_DIR: where published sites are written (default DATA_DIR/wwwroot; publish/roots.ts) */
  publishDir?: string;
  /** env PUBLISH_WORKER=false: this process renders no publish tasks (others on the same PostgreSQL do) */
  publishWorker: boolean;
  /** env PUBLISH_THREADS: render threads of the publish worker (0: render in the main thread); default one per core but one, at most 4 */
  publishThreads?: number;
  /**
   * env SEARCH_INDEX=off: published contents are not indexed for search (a deployment without a
   * search page, or searching elsewhere); what was indexed before stays findable. On by default.
   */
  searchIndex?: boolean;
  /**
   * env PREVIEW_THREADS: render threads of pages rendered on request — previews, the workbench's
   * live preview, dynamic pages (publish/page-threads.ts); default one per core but one, at most 4. 0 renders them in the main
   * thread, which then answers nothing else while one renders (scripts only).
   */
  previewThreads?: number;
  /** the ad counter's flush interval, ad cache and per-address limit (cms/widget/counter.ts); tests and the benchmark tune them */
  adCounter?: { flushMs?: number; adTtlMs?: number; perAddress?: number; windowMs?: number };
  /** the readers' view counter's flush interval and size, content cache and per-address cap (cms/stat/view-counter.ts); tests and the benchmark tune them */
  viewCounter?: { flushMs?: number; flushViews?: number; contentTtlMs?: number; perAddress?: number; windowMs?: number };
  /** env PREVIEW_TIME_LIMIT_MS: how long such a page may take before it is abandoned (default 5000) */
  previewTimeLimitMs?: number;
  /** env CAPTCHA_ENABLED=false turns the captcha off whatever the config table says */
  captchaEnabled?: boolean;
  /** the built console (astro build output) */
  consoleDir: string;
  trustProxy: boolean;
  /** log requests (off in tests) */
  logRequests: boolean;
  /**
   * The request throttles of core/rate-limits.ts. Always on in production; test servers turn them
   * off (many sign-ins from one address) except where a test proves them.
   */
  rateLimits: boolean;
  /**
   * env MESSAGING_ALLOWED_HOSTS: internal hosts (names, IPs, CIDR ranges) messages may go to;
   * any other loopback, private or reserved address is refused (server/modules/messaging/target-guard.ts)
   */
  messagingAllowedHosts: string[];
  /**
   * env PUSH_ALLOWED_HOSTS: internal hosts (names, IPs, CIDR ranges) search-engine pushes and CDN
   * purges may go to; any other loopback, private or reserved address is refused (server/modules/cms/seo/dispatch.ts)
   */
  pushAllowedHosts: string[];
  /** env CORS_ORIGINS: origins of consoles served elsewhere that may call the API (server/core/cors.ts); none by default */
  corsOrigins: string[];
  /** env FFMPEG_PATH: the ffmpeg binary for video poster frames; default the one @ffmpeg-installer/ffmpeg ships (resource/poster.ts) */
  ffmpegPath?: string;
  /** env FFMPEG_TIMEOUT_MS: how long one ffmpeg run may take before it is killed (default 30000) */
  ffmpegTimeoutMs?: number;
  /**
   * Where the code generator may write the files it generates (Tools → Code Generation, "Generate"):
   * the repository's root when NODE_ENV=development or GEN_WRITE=true, else nowhere (the files are
   * previewed and downloaded only). A production server never writes code.
   */
  genWriteRoot?: string;
}

const flag = (v: string | undefined) => (v === undefined || v === '' ? undefined : !/^(0|false|no|off)$/i.test(v));

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: Number(env.PORT ?? 8090),
    host: env.HOST ?? '0.0.0.0',
    sitePort: Number(env.SITE_PORT ?? 8091),
    siteUrl: parseSiteUrl(env.SITE_URL),
    siteCsp: env.SITE_CSP?.trim() || undefined,
    consoleUrl: parseSiteUrl(env.CONSOLE_URL, 'CONSOLE_URL'),
    dataDir: env.DATA_DIR ?? './data',
    databaseUrl: env.DATABASE_URL || undefined,
    publishDir: env.PUBLISH_DIR || undefined,
    publishWorker: flag(env.PUBLISH_WORKER) ?? true,
    publishThreads: env.PUBLISH_THREADS ? Math.max(0, Math.min(16, Number.parseInt(env.PUBLISH_THREADS, 10) || 0)) : undefined,
    searchIndex: flag(env.SEARCH_INDEX) ?? true,
    previewThreads: env.PREVIEW_THREADS ? Math.max(0, Math.min(16, Number.parseInt(env.PREVIEW_THREADS, 10) || 0)) : undefined,
    previewTimeLimitMs: env.PREVIEW_TIME_LIMIT_MS ? Math.max(500, Number.parseInt(env.PREVIEW_TIME_LIMIT_MS, 10) || 5000) : undefined,
    captchaEnabled: flag(env.CAPTCHA_ENABLED),
    genWriteRoot: env.NODE_ENV === 'development' || flag(env.GEN_WRITE) ? fileURLToPath(new URL('..', import.meta.url)) : undefined,
    consoleDir: env.CONSOLE_DIR ?? fileURLToPath(new URL('../dist', import.meta.url)),
    trustProxy: flag(env.TRUST_PROXY) ?? false,
    logRequests: flag(env.LOG_REQUESTS) ?? false,
    rateLimits: true,
    messagingAllowedHosts: (env.MESSAGING_ALLOWED_HOSTS ?? '').split(/[\s,]+/).filter(Boolean),
    pushAllowedHosts: (env.PUSH_ALLOWED_HOSTS ?? '').split(/[\s,]+/).filter(Boolean),
    corsOrigins: parseCorsOrigins(env.CORS_ORIGINS),
    ffmpegPath: env.FFMPEG_PATH || undefined,
    ffmpegTimeoutMs: env.FFMPEG_TIMEOUT_MS ? Math.max(1000, Number.parseInt(env.FFMPEG_TIMEOUT_MS, 10) || 30_000) : undefined,
  };
}

/**
 * SITE_URL as an address ending in `/`, or undefined. A malformed one stops the server at start
 * with a message naming it: every published link would carry it.
 */
export function parseSiteUrl(text: string | undefined, name = 'SITE_URL'): string | undefined {
  const raw = text?.trim();
  if (!raw) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash) {
    throw new Error(`${name}: "${raw}" is not an address; write scheme, host, port and path only, e.g. https://sites.example.com/`);
  }
  return url.href.endsWith('/') ? url.href : `${url.href}/`;
}

/** Where the site port is read: SITE_URL, else http://localhost:<site port>/ (always ending in `/`). */
export const siteBase = (c: Pick<ServerConfig, 'siteUrl' | 'sitePort'>): string => c.siteUrl ?? `http://localhost:${c.sitePort}/`;
