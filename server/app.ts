// First: caps the young generation before anything grows the heap (core/heap.ts).
import './core/heap.ts';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { normalizeLocale } from '../shared/i18n/locales.ts';
import { openDatabase, type Database } from './db/client.ts';
import { configFromEnv, type ServerConfig } from './config.ts';
import { ServerI18n } from './core/i18n.ts';
import { Services } from './core/services.ts';
import { AppError, FieldFailure, ReplyCode } from './core/errors.ts';
import { parseInput } from './core/validation.ts';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './core/json-depth.ts';
import { envelope } from './core/envelope.ts';
import { describeRequirement, satisfies, type Actor } from './core/access.ts';
import { RAW, registeredOf, registerRoute, type AnyRoute, type ServerModule } from './core/route.ts';
import { openApiRoute } from './core/openapi-route.ts';
import { shippedBy } from './core/shipped.ts';
import { actorOfSession, clearAttempts, resolveActor, revokeUserSessions } from './modules/auth/index.ts';
import { recordOperation } from './modules/monitor/index.ts';
import { seed, type SeedResult } from './modules/system/index.ts';
import { serveConsole } from './core/console-static.ts';
import { DATA_CSP, securityHeaders } from './core/security-headers.ts';
import fastifyStatic from '@fastify/static';
import { allowOrigins } from './core/cors.ts';
import { batchRoute, mountBatch, sharedInBatch } from './core/batch.ts';
import { checkNeeds, Held } from './core/grants.ts';
import { readOp } from './core/operation.ts';
import { BATCH_MAX_CALLS } from '../shared/batch-calls.ts';
import { RateLimited, RateLimiter } from './core/rate-limits.ts';
import { PUBLIC_UPLOAD_PREFIX } from './modules/common/index.ts';
import { modules as allModules } from './modules/index.ts';
import { siteBase } from './config.ts';
import { configValue, ipGuardOf } from './modules/system/index.ts';

/** The error code of a JSON body refused for its depth (answered as `bodyTooDeep`). */
const JSON_TOO_DEEP = 'CASTANEA_JSON_TOO_DEEP';

export const API_PREFIX = '/prod-api';

export interface CastaneaServer {
  /** The console's origin: the console under /admin/, the API under /prod-api. */
  app: FastifyInstance;
  /**
   * The published sites' origin (config.sitePort): never the console's, so a site's scripts never
   * run where the console's session is. Listen on it beside `app` (serve.ts).
   */
  sites: FastifyInstance;
  services: Services;
  seedResult: SeedResult;
  /** Every mounted API route: for tests that walk them all. */
  routes: AnyRoute[];
  close(): Promise<void>;
}

export interface CreateOptions {
  config?: Partial<ServerConfig>;
  /** an already opened database (tests share one) */
  database?: Database;
  modules?: ServerModule[];
  /**
   * Called with each Fastify instance (the console's `app`, then the sites') before anything is
   * mounted on it, so a hook added there covers every route: the tests' reply check uses it.
   */
  instrument?(instance: FastifyInstance, which: 'app' | 'sites'): void;
}

/** Builds the whole server: database (migrated and seeded), API under /prod-api, console under /admin/. */
export async function createServer(opts: CreateOptions = {}): Promise<CastaneaServer> {
  const config = { ...configFromEnv(), ...opts.config };
  const database = opts.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const modules = opts.modules ?? allModules;
  // What the modules bring besides routes: their messages go into the i18n, their menus,
  // dictionaries, configs and steps into the seed, their task types to the schedulers.
  const shipped = shippedBy(modules);
  const services = new Services(database, config, new ServerI18n(shipped.messages, shipped.screenTexts), shipped);
  services.actorOfSession = (tokenHash) => actorOfSession(services.db, tokenHash);
  services.accounts = { revokeUserSessions, clearAttempts };
  services.setting = (key) => configValue(services, key);
  const seedResult = await seed(database.db, shipped);
  for (const m of modules) for (const cache of m.caches?.(services) ?? []) services.caches.register(cache);
  for (const m of modules) await m.init?.(services);

  const app = Fastify({ logger: config.logRequests ? { level: 'info' } : false, trustProxy: config.trustProxy, bodyLimit: 10 * 1024 * 1024 });
  opts.instrument?.(app, 'app');
  // Before any route: the security headers and the IP rules cover every reply, not only the API's.
  await securityHeaders(app, { consoleDir: config.consoleDir, apiBase: process.env.PUBLIC_API_BASE, siteOrigin: () => new URL(siteBase(config)).origin });
  guardAddresses(app, services);
  const limiter = await RateLimiter.create(app, config.rateLimits);
  await app.register(compress, { global: true, threshold: 1024 });
  // Exports post their filters form-encoded (ChestnutCMS download convention).
  await app.register(formbody);
  // Uploads (/common/upload, avatar): each route sets its own size limit when it reads the file.
  await app.register(multipart, { limits: { files: 1, fields: 20, parts: 30 } });

  const routes = modules.flatMap((m) => m.routes);
  /** The server's texts in the language a request asks for (replies made outside a route's pipeline). */
  const textsFor = (req: FastifyRequest) => services.i18n.translator(normalizeLocale(req.headers['accept-language']));
  const resolveSite = modules.find((m) => m.resolveSite)?.resolveSite;
  await app.register(async (api) => {
    await allowOrigins(api, config.corsOrigins);
    // A JSON content type with an empty body (a PUT or DELETE with nothing to send, as curl and
    // many clients do) means no body; anything else goes through Fastify's own safe parser.
    const parseJson = api.getDefaultJsonParser('error', 'error');
    api.addContentTypeParser('application/json', { parseAs: 'string' }, (req, text, done) => {
      if (String(text).trim() === '') return done(null, undefined);
      // Too deep a body is refused before parsing: later walks over it would overflow the stack.
      if (nestsDeeperThan(text as string)) return done(Object.assign(new Error('JSON nested too deeply'), { code: JSON_TOO_DEEP, statusCode: 400 }), undefined);
      parseJson(req, text as string, done);
    });
    // What fails before a route's handler (malformed JSON, a body over the limit) answers in the
    // envelope with a localized message too, never Fastify's own error shape.
    api.setErrorHandler((err: { code?: string; statusCode?: number }, req, reply) => {
      const t = textsFor(req);
      if (!err.statusCode || err.statusCode >= 500) req.log.error(err);
      const key = err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'badJson' : err.code === JSON_TOO_DEEP ? 'bodyTooDeep' : err.statusCode === 413 ? 'bodyTooLarge' : 'fail';
      void reply.send(envelope(ReplyCode.FAIL, t(key, { max: MAX_JSON_DEPTH })));
    });
    for (const route of routes) mountRoute(api, services, limiter, route, resolveSite);
    mountBatch(api, app, API_PREFIX, (req) => textsFor(req)('badBatch', { max: BATCH_MAX_CALLS }));
    registerRoute(services, batchRoute(API_PREFIX));
    // The API's own description (core/openapi.ts), public like the sign-in page.
    mountRoute(api, services, limiter, openApiRoute, resolveSite);
    api.setNotFoundHandler((req, reply) => {
      const t = textsFor(req);
      void reply.code(404).send(envelope(404, t('notFound', { path: req.url })));
    });
  }, { prefix: API_PREFIX });

  await serveConsole(app, config.consoleDir);
  for (const m of modules) await m.start?.(app, services);
  const sites = await createSitesApp(services, modules, opts.instrument);

  return {
    app,
    sites,
    services,
    seedResult,
    routes,
    async close() {
      await sites.close();
      await app.close();
      if (!opts.database) await database.close();
    },
  };
}

/**
 * The published sites' server: only what modules mount with `startSites` (the sites' pages and
 * resources, their dynamic pages), each reply with the headers its route sets and, where it set
 * none, a policy that runs nothing. Addresses a DENY rule names are refused here too; ALLOW rules
 * keep the back office to some addresses, not the sites' readers.
 */
async function createSitesApp(services: Services, modules: ServerModule[], instrument: CreateOptions['instrument']): Promise<FastifyInstance> {
  const { config } = services;
  const sites = Fastify({ logger: config.logRequests ? { level: 'info' } : false, trustProxy: config.trustProxy, bodyLimit: 1024 * 1024 });
  instrument?.(sites, 'sites');
  sites.addHook('onRequest', async (req, reply) => {
    if (!(await ipGuardOf(services).denied(req.ip))) return;
    void reply.code(403).type('text/plain; charset=utf-8').send(textsForSites(services, req)('iprule.blocked', { ip: req.ip }));
    return reply;
  });
  sites.addHook('onSend', async (_req, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', DATA_CSP);
    return payload;
  });
  await sites.register(compress, { global: true, threshold: 1024 });
  await sites.register(fastifyStatic, { root: config.consoleDir, serve: false, decorateReply: true, preCompressed: false });
  sites.setNotFoundHandler((_req, reply) => void reply.code(404).type('text/plain; charset=utf-8').send('Not found'));
  for (const m of modules) await m.startSites?.(sites, services);
  return sites;
}

const textsForSites = (services: Services, req: FastifyRequest) => services.i18n.translator(normalizeLocale(req.headers['accept-language']));

/**
 * IP rules (spec §3) apply to every request the server answers: the API, the console's pages,
 * uploaded files. The guard keeps the rules in memory, so this costs no query per request. An API
 * call is refused in the envelope (HTTP 200, code 403) like any other API failure; anything else
 * with HTTP 403 and the message as text.
 */
function guardAddresses(app: FastifyInstance, services: Services) {
  app.addHook('onRequest', async (req, reply) => {
    if (!(await ipGuardOf(services).blocked(req.ip))) return;
    const text = services.i18n.translator(normalizeLocale(req.headers['accept-language']))('iprule.blocked', { ip: req.ip });
    if (req.url.startsWith(`${API_PREFIX}/`) && !req.url.startsWith(`${API_PREFIX}${PUBLIC_UPLOAD_PREFIX}`)) void reply.send(envelope(ReplyCode.FORBIDDEN, text));
    else void reply.code(403).type('text/plain; charset=utf-8').send(text);
    return reply;
  });
}

/**
 * The bearer token from the Authorization header; from `?Authorization=` only on routes that
 * declare `tokenInQuery` (elsewhere a token in the URL is ignored, see RouteSpec).
 */
function bearer(req: FastifyRequest, fromQuery: boolean): string | null {
  const raw = req.headers.authorization ?? (fromQuery ? (req.query as Record<string, unknown> | undefined)?.Authorization : undefined);
  if (typeof raw !== 'string') return null;
  const m = /^Bearer\s+(.+)$/i.exec(raw.trim());
  return m ? m[1]!.trim() : null;
}

/** 428 for a signed-in user whose password must be changed first, on a route not declared for it. */
function passwordChangeFirst(actor: Actor | null, route: AnyRoute): AppError | null {
  if (!actor?.passwordDemand || route.perm === 'public' || route.duringPasswordChange) return null;
  return new AppError(actor.passwordDemand === 'expired' ? 'guard.passwordExpired' : 'guard.passwordChangeRequired', {}, ReplyCode.PASSWORD_CHANGE_REQUIRED);
}

function mountRoute(api: FastifyInstance, services: Services, limiter: RateLimiter, route: AnyRoute, resolveSite: ServerModule['resolveSite']) {
  if (!route.perm) throw new Error(`Route ${route.method} ${route.url} declares no permission`);
  if (route.site && (!resolveSite || route.perm === 'public')) throw new Error(`Route ${route.method} ${route.url} needs a site: it must be signed-in and a module must resolve sites`);
  registerRoute(services, registeredOf(route, API_PREFIX));
  api.route({
    method: route.method,
    url: route.url,
    handler: async (req: FastifyRequest, reply: FastifyReply) => {
      const locale = normalizeLocale(req.headers['accept-language']);
      const t = services.i18n.translator(locale);
      const started = Date.now();
      let actor: Actor | null = null;
      const isWrite = route.method !== 'GET';
      let body: unknown = req.body;
      try {
        const token = bearer(req, route.tokenInQuery === true);
        actor = token ? await sharedInBatch(`actor ${token}`, () => resolveActor(services.db, token)) : null;
        if (route.perm !== 'public') {
          if (!actor) throw new AppError('auth.notLogin', {}, ReplyCode.UNAUTHORIZED);
          if (!satisfies(actor, route.perm)) throw new AppError('auth.noPermission', { perm: describeRequirement(route.perm) }, ReplyCode.FORBIDDEN);
        }
        // Spec §4, enforced here rather than left to the console: until the password is changed,
        // only the routes that lead to the change answer.
        const demand = passwordChangeFirst(actor, route);
        if (demand) throw demand;
        // The current site, checked against the actor's grants; the body's or query's siteId is never used.
        // In a batch every call carries the caller's headers (the site's among them): the token
        // alone tells lookups apart (a route may take it from the query instead).
        const signedIn = actor;
        const site = route.site && signedIn && resolveSite ? await sharedInBatch(`site ${token}`, () => resolveSite(services.db, signedIn, req.headers)) : null;
        const params = parseInput(route.params, req.params, route.labels);
        const query = parseInput(route.query, req.query, route.labels);
        body = parseInput(route.body, req.body ?? {}, route.labels);
        await limiter.enforce(req, route.limits, { ip: req.ip, actor, body });
        // Spec §8: a POST or PUT repeating the last one within the window (a DELETE of the same ids
        // again is harmless). A multipart body is a stream, not a value to compare: uploads are never
        // "the same body".
        if ((route.method === 'POST' || route.method === 'PUT') && actor && !route.allowRepeat && !req.isMultipart() && String(req.headers.repeatsubmit).toLowerCase() !== 'false') {
          if (services.repeatGuard.isRepeat(actor.userId, req.url, req.body)) {
            throw new AppError('auth.repeatSubmit', {}, ReplyCode.REPEAT_SUBMIT);
          }
        }
        // What the route declares it needs on the site or on the rows it names, checked before the handler.
        const held = signedIn && route.grants?.length
          ? await checkNeeds(readOp({ actor: signedIn, site, services, locale, t, ip: req.ip }), route.grants, { body, query, params }, route.labels)
          : new Held();
        const data = await route.handler({ actor, site, body, query, params, db: services.db, services, t, locale, ip: req.ip, held, req, reply });
        if (data === RAW) return reply;
        const out = envelope(ReplyCode.OK, t('success'), data);
        if (isWrite && actor && route.log !== false) await recordOperation(services.db, { actor, req, route, body, status: '0', result: out, costMs: Date.now() - started });
        return out;
      } catch (err) {
        const out = toEnvelope(err, services, locale);
        if (err instanceof RateLimited) reply.header('Retry-After', String(err.seconds));
        if (out.code === ReplyCode.FAIL && !(err instanceof AppError) && !(err instanceof FieldFailure)) req.log.error(err);
        if (isWrite && actor && route.log !== false && out.code !== ReplyCode.REPEAT_SUBMIT) {
          await recordOperation(services.db, { actor, req, route, body, status: '1', result: out, costMs: Date.now() - started }).catch(() => {});
        }
        if (reply.sent) return reply;
        return out;
      }
    },
  });
}

function toEnvelope(err: unknown, services: Services, locale: ReturnType<typeof normalizeLocale>) {
  const t = services.i18n.translator(locale);
  if (err instanceof AppError) return envelope(err.code, t(err.key, err.params), err.field ? { field: err.field } : undefined);
  if (err instanceof FieldFailure) {
    const [first] = err.issues;
    return envelope(ReplyCode.FAIL, first ? services.i18n.issueText(locale, first, err.scope) : t('fail'));
  }
  return envelope(ReplyCode.FAIL, t('internal'));
}

export { openDatabase };
