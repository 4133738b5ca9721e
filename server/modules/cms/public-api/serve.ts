import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import type { Services } from '../../../core/services.ts';
import { perServices } from '../../../core/services.ts';
import { AppError, FieldFailure, ReplyCode } from '../../../core/errors.ts';
import { envelope } from '../../../core/envelope.ts';
import { parseInput } from '../../../core/validation.ts';
import { RateLimited } from '../../../core/rate-limits.ts';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../../core/json-depth.ts';
import { normalizeLocale, type Locale } from '../../../../shared/i18n/locales.ts';
import { siteBase } from '../../../config.ts';
import { cmsSite } from '../site/schema.ts';
import { memberOfToken, MEMBER_TOKEN_PREFIX } from '../member/session.ts';
import { SharedThrottle } from './throttle.ts';
import { AllowedOrigins } from './origins.ts';
import type { PublicRoute, PublicSite } from './route.ts';
import { registerRoute, type RegisteredRoute } from '../../../core/route.ts';

/** The default cap of a public request's body: a comment, a vote, a profile. */
export const PUBLIC_BODY_LIMIT = 16 * 1024;
/** The request headers a reader's page may send cross-origin. */
const ALLOWED_HEADERS = 'Authorization, Content-Type, Accept-Language';
/** How long a site's row is reused between requests (a burst of beacons costs one read). */
const SITE_FRESH_MS = 2_000;

/** The plumbing's per-server state: the throttles, the allowed origins, the sites read lately. */
export const publicApiOf = perServices((services: Services) => ({
  throttle: new SharedThrottle(services.db, services.config.rateLimits),
  origins: new AllowedOrigins(services.db, new URL(siteBase(services.config)).origin),
  sites: new Map<number, { at: number; site: Promise<PublicSite | null> }>(),
}));

/** The site by id, read at most every SITE_FRESH_MS. */
function siteById(services: Services, siteId: number): Promise<PublicSite | null> {
  const cache = publicApiOf(services).sites;
  const hit = cache.get(siteId);
  if (hit && Date.now() - hit.at < SITE_FRESH_MS) return hit.site;
  const site = services.db
    .select({ siteId: cmsSite.siteId, path: cmsSite.path, name: cmsSite.name, configProps: cmsSite.configProps })
    .from(cmsSite).where(eq(cmsSite.siteId, siteId))
    .then(([row]) => row ?? null);
  if (cache.size > 10_000) cache.clear();
  cache.set(siteId, { at: Date.now(), site });
  return site;
}

/** The site a request names: `?sid=`, else `sid`/`siteId` in its body (see PublicRoute.site). */
function namedSiteId(req: FastifyRequest): number | null {
  const pick = (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) && v > 0 ? v : typeof v === 'string' && /^[1-9]\d{0,15}$/.test(v) ? Number(v) : null);
  const q = req.query as Record<string, unknown> | undefined;
  const b = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : undefined;
  return pick(q?.sid) ?? pick(b?.sid) ?? pick(b?.siteId);
}

/** The member token of a request: `Authorization: Bearer m_…`. Anything else (a console token) is no member. */
function memberToken(req: FastifyRequest): string | null {
  const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  return m && m[1]!.startsWith(MEMBER_TOKEN_PREFIX) ? m[1]! : null;
}

/** The HTTP status of a refusal (the envelope's code says the same to a script reading only the body). */
function statusOf(err: unknown): number {
  if (err instanceof RateLimited) return 429;
  if (err instanceof AppError) {
    if (err.code === ReplyCode.UNAUTHORIZED) return 401;
    if (err.code === ReplyCode.FORBIDDEN) return 403;
    if (err.key === 'publicApi.noSite') return 404;
    // A body past the cap (bodyRefusal): 413, so a script or a proxy tells it from a refused field.
    if (err.key === 'bodyTooLarge') return 413;
  }
  return 400;
}

/** A refusal in the reader's language; a field failure names its field (and replies it as `data.field`). */
function refusal(err: unknown, services: Services, locale: Locale) {
  const t = services.i18n.translator(locale);
  if (err instanceof AppError) return envelope(err.code, t(err.key, err.params), err.field ? { field: err.field } : undefined);
  if (err instanceof FieldFailure) {
    const [first] = err.issues;
    return envelope(ReplyCode.FAIL, first ? services.i18n.issueText(locale, first, err.scope) : t('fail'), first ? { field: first.field } : undefined);
  }
  return null;
}

/** What fails before a handler (a malformed, too deep or too large body) as a refusal the reader reads. */
function bodyRefusal(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code ?? '';
  if (/^FST_(REQ_FILE_TOO_LARGE|PARTS_LIMIT|FILES_LIMIT|FIELDS_LIMIT|ERR_CTP_BODY_TOO_LARGE)/.test(code) || (err as { statusCode?: number }).statusCode === 413) return new AppError('bodyTooLarge', {}, ReplyCode.FAIL);
  if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return new AppError('badJson', {}, ReplyCode.FAIL);
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return new AppError('publicApi.mediaType', {}, ReplyCode.FAIL);
  return err;
}

/** A public route as the server registers it for the OpenAPI document (core/openapi.ts). */
function registeredPublic(route: PublicRoute): RegisteredRoute {
  const codes: number[] = [ReplyCode.OK];
  if (route.member === 'required') codes.push(ReplyCode.UNAUTHORIZED);
  if (route.limits?.length || (route.method !== 'GET' && route.writeLimit !== false)) codes.push(ReplyCode.TOO_MANY_REQUESTS);
  codes.push(ReplyCode.FAIL);
  return {
    api: 'public',
    method: route.method,
    url: route.url,
    perm: 'public',
    member: route.member ?? 'optional',
    site: (route.site ?? 'required') === 'required',
    body: route.multipart ? undefined : route.body,
    query: route.query,
    reply: route.reply,
    multipart: route.multipart,
    ...(route.raw ? { produces: route.produces ?? '*/*' } : {}),
    codes,
  };
}

/**
 * Mounts the readers' public API (issue 31) on the sites' origin: every route of `routes` under
 * its `/api/...` path. Public: no console session, token or cookie is read, and a member's token
 * is looked up only among members' sessions. For each request, in order: CORS (the site's allowed
 * origins, see origins.ts; a preflight is answered for any site's origin), the body cap, the site,
 * the member, the throttles (every write counts against writePerIp, but a beacon declaring
 * `writeLimit: false`; then the route's own), the validation, the handler. Replies are the envelope `{code,msg,data}` with an HTTP status to match
 * (400, 401, 403, 404, 413 for a body past the cap, 429 with Retry-After), never cached.
 */
export async function servePublicApi(sites: FastifyInstance, services: Services, routes: readonly PublicRoute[]) {
  const state = publicApiOf(services);
  await sites.register(async (scope) => {
    await scope.register(formbody, { bodyLimit: PUBLIC_BODY_LIMIT });
    if (routes.some((r) => r.multipart)) await scope.register(multipart, { limits: { files: 1, fields: 50, parts: 60, fileSize: 10 * 1024 * 1024 } });
    // A JSON body nested too deep is refused before parsing (later walks would overflow the stack).
    const parseJson = scope.getDefaultJsonParser('error', 'error');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (req, text, done) => {
      if (nestsDeeperThan(String(text))) return done(new AppError('bodyTooDeep', { max: MAX_JSON_DEPTH }, ReplyCode.FAIL), undefined);
      parseJson(req, text as string, done);
    });
    scope.setErrorHandler(async (err, req, reply) => {
      const locale = normalizeLocale(req.headers['accept-language']);
      const refused = bodyRefusal(err);
      const out = refusal(refused, services, locale);
      if (!out) {
        req.log.error(err);
        return reply.code(500).send(envelope(ReplyCode.FAIL, services.i18n.translator(locale)('internal')));
      }
      await corsFor(req, reply, null);
      return reply.code(statusOf(refused)).header('Cache-Control', 'no-store').send(out);
    });

    const corsFor = async (req: FastifyRequest, reply: FastifyReply, siteId: number | null) => {
      const origin = req.headers.origin;
      if (!origin || !(await state.origins.allows(origin, siteId))) return;
      reply.header('Access-Control-Allow-Origin', origin).header('Vary', 'Origin').header('Access-Control-Expose-Headers', 'Retry-After');
    };

    // Preflights: per path, the methods it has; the origin must be one of some site's (or, with
    // `?sid=`, that site's). No credentials: the member token travels in a header, never a cookie.
    const methodsOf = new Map<string, Set<string>>();
    for (const r of routes) (methodsOf.get(r.url) ?? methodsOf.set(r.url, new Set()).get(r.url)!).add(r.method);
    for (const [url, methods] of methodsOf) {
      scope.options(url, async (req, reply) => {
        const origin = req.headers.origin;
        const sid = namedSiteId(req);
        if (origin && (await state.origins.allows(origin, sid))) {
          reply.header('Access-Control-Allow-Origin', origin).header('Vary', 'Origin')
            .header('Access-Control-Allow-Methods', [...methods].join(', ')).header('Access-Control-Allow-Headers', ALLOWED_HEADERS)
            .header('Access-Control-Max-Age', '600');
        }
        return reply.code(204).send();
      });
    }

    for (const route of routes) {
      registerRoute(services, registeredPublic(route));
      scope.route({
        method: route.method,
        url: route.url,
        bodyLimit: route.multipart ? undefined : route.bodyLimit ?? PUBLIC_BODY_LIMIT,
        ...(route.compress === false ? { compress: false, decompress: false } : {}),
        handler: async (req, reply) => {
          const locale = normalizeLocale(req.headers['accept-language']);
          reply.header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex');
          let siteId: number | null = null;
          try {
            const named = namedSiteId(req);
            const site = named === null ? null : await siteById(services, named);
            if (!site && (route.site ?? 'required') === 'required') throw new AppError('publicApi.noSite', {}, ReplyCode.FAIL);
            siteId = site?.siteId ?? null;
            await corsFor(req, reply, siteId);
            const token = memberToken(req);
            const member = token ? await memberOfToken(services.db, token) : null;
            if (!member && route.member === 'required') throw new AppError('publicApi.signIn', {}, ReplyCode.UNAUTHORIZED);
            const ip = req.ip;
            if (route.method !== 'GET' && route.writeLimit !== false) await state.throttle.hit('writePerIp', ip);
            for (const limit of route.limits ?? []) {
              if (limit.per === 'ip') await state.throttle.hit(limit.name, `ip:${ip}`);
              else if (member) await state.throttle.hit(limit.name, `m:${member.memberId}`);
            }
            const body = route.body && !route.multipart ? parseInput(route.body, req.body ?? {}, route.fields) : req.body;
            const query = route.query ? parseInput(route.query, req.query ?? {}, route.fields) : req.query;
            const data = await route.handler({
              services, site, member, token: member ? token : null, ip, userAgent: String(req.headers['user-agent'] ?? '').slice(0, 500), locale,
              body, query, params: (req.params ?? {}) as Record<string, string>, req, reply,
            });
            if (route.raw || reply.sent) return reply;
            return reply.type('application/json; charset=utf-8').send(envelope(ReplyCode.OK, services.i18n.translator(locale)('success'), data));
          } catch (err) {
            const out = refusal(err, services, locale);
            if (!out) throw err;
            if (siteId === null) await corsFor(req, reply, null);
            if (err instanceof RateLimited) reply.header('Retry-After', String(err.seconds));
            return reply.code(statusOf(err)).type('application/json; charset=utf-8').send(out);
          }
        },
      });
    }
  });
}
