import { fileURLToPath } from 'node:url';
import { parseCorsOrigins } from './core/cors.ts';

export interface ServerConfig {
  port: number;
  host: string;
  /** PGlite data and uploaded files live here */
  dataDir: string;
  databaseUrl?: string;
  /** env PUBLISH_DIR: where published sites are written (default DATA_DIR/wwwroot; publish/roots.ts) */
  publishDir?: string;
  /** env PUBLISH_WORKER=false: this process renders no publish tasks (others on the same PostgreSQL do) */
  publishWorker: boolean;
  /** env PUBLISH_THREADS: render threads of the publish worker (0: render in the main thread); default one per core but one, at most 4 */
  publishThreads?: number;
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
  /** env CORS_ORIGINS: origins of consoles served elsewhere that may call the API (server/core/cors.ts); none by default */
  corsOrigins: string[];
}

const flag = (v: string | undefined) => (v === undefined || v === '' ? undefined : !/^(0|false|no|off)$/i.test(v));

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: Number(env.PORT ?? 8090),
    host: env.HOST ?? '0.0.0.0',
    dataDir: env.DATA_DIR ?? './data',
    databaseUrl: env.DATABASE_URL || undefined,
    publishDir: env.PUBLISH_DIR || undefined,
    publishWorker: flag(env.PUBLISH_WORKER) ?? true,
    publishThreads: env.PUBLISH_THREADS ? Math.max(0, Math.min(16, Number.parseInt(env.PUBLISH_THREADS, 10) || 0)) : undefined,
    captchaEnabled: flag(env.CAPTCHA_ENABLED),
    consoleDir: env.CONSOLE_DIR ?? fileURLToPath(new URL('../dist', import.meta.url)),
    trustProxy: flag(env.TRUST_PROXY) ?? false,
    logRequests: flag(env.LOG_REQUESTS) ?? false,
    rateLimits: true,
    messagingAllowedHosts: (env.MESSAGING_ALLOWED_HOSTS ?? '').split(/[\s,]+/).filter(Boolean),
    corsOrigins: parseCorsOrigins(env.CORS_ORIGINS),
  };
}
