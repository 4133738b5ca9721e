import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Services } from '../../../core/services.ts';
import type { Locale } from '../../../../shared/i18n/locales.ts';
import type { MemberCaller } from '../member/session.ts';
import type { PublicLimitUse } from './limits.ts';

/** The site a public request is for (see `site` in PublicRoute for how it is named). */
export interface PublicSite {
  siteId: number;
  path: string;
  name: string;
  /** the site's settings (cms_site.config_props): comment, member and API settings among them */
  configProps: Record<string, string>;
}

/** What a public route's handler is given. */
export interface PublicCall<B = unknown, Q = unknown> {
  services: Services;
  /** null only on routes declaring `site: 'optional'` when the request names none */
  site: PublicSite | null;
  /** the signed-in member (never null on `member: 'required'` routes) */
  member: MemberCaller | null;
  /** the member's bearer token as sent (logout revokes it) */
  token: string | null;
  ip: string;
  userAgent: string;
  /** the reader's language (Accept-Language), for messages and e-mails */
  locale: Locale;
  body: B;
  query: Q;
  params: Record<string, string>;
  req: FastifyRequest;
  reply: FastifyReply;
}

/**
 * One route of the readers' public API (issue 31), served on the sites' origin under ChestnutCMS's
 * `/api/...` paths. The plumbing (serve.ts) does, in order: CORS for the site's allowed origins,
 * the body cap, the site, the member (a member token only: console tokens are never read), the
 * throttles, validation with localized messages naming the field, then the handler; the answer is
 * the envelope `{code,msg,data}` with the handler's result as data.
 */
export interface PublicRoute<B = unknown, Q = unknown> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  /**
   * How the site is named: `?sid=` (ChestnutCMS's parameter), else `sid`/`siteId` in a JSON body,
   * else the host of a pipe with its own address. 'required' (default) refuses a request naming no
   * existing site; 'optional' lets a route derive it from the row it acts on (a comment's content).
   * A name is never access: handlers check the stored row's site.
   */
  site?: 'required' | 'optional';
  /** 'required' refuses a request without a valid member token (code 401); default 'optional' */
  member?: 'required' | 'optional';
  /** throttles counted before the handler (every write also counts against writePerIp, unless `writeLimit: false`) */
  limits?: readonly PublicLimitUse[];
  /**
   * false: a POST not counted against writePerIp. Only for a beacon every page view sends (the view
   * counter's `/api/stat/visit`), which keeps a cap of its own: a database write per view is the
   * cost it exists to avoid, and 120 a minute would stop a reader's address (an office) counting.
   */
  writeLimit?: boolean;
  body?: z.ZodType<B>;
  query?: z.ZodType<Q>;
  /** the shape of the envelope's `data` on success (core/route.ts RouteSpec.reply) */
  reply?: z.ZodType;
  /** the server i18n scope(s) naming the fields in messages (parseInput's third argument) */
  fields?: string | readonly string[];
  /** the largest body accepted, in bytes (default 16 KiB; multipart routes set their own) */
  bodyLimit?: number;
  /** the body is multipart (uploads): the handler reads `req.file()` itself */
  multipart?: boolean;
  /** the handler sends the reply itself (a pixel, a redirect, a page); its result is ignored */
  raw?: boolean;
  /** with `raw`: the media type it sends, for the OpenAPI document (default any) */
  produces?: string;
  /**
   * false: no answer body to compress and no compressed body to take (a beacon's 204), so
   * @fastify/compress adds none of its three hooks to the route: on the view beacon, the busiest
   * route, they took about 6% of the server's thread per view in a CPU profile (performance-log.md).
   */
  compress?: false;
  handler(call: PublicCall<B, Q>): Promise<unknown>;
}

/** Declares a public route with its types inferred. */
export const publicRoute = <B = unknown, Q = unknown>(route: PublicRoute<B, Q>): PublicRoute => route as unknown as PublicRoute;
