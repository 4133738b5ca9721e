import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { normalizeLocale } from '../src/lib/i18n/locales.ts';
import { toFieldIssues } from '../src/lib/validators/issues.ts';
import { openDatabase, type Database } from './db/client.ts';
import { configFromEnv, type ServerConfig } from './config.ts';
import { ServerI18n } from './core/i18n.ts';
import { Services } from './core/services.ts';
import { AppError, FieldFailure, ReplyCode } from './core/errors.ts';
import { envelope } from './core/envelope.ts';
import { describeRequirement, satisfies, type Actor } from './core/access.ts';
import { RAW, type AnyRoute, type ServerModule } from './core/route.ts';
import { resolveActor } from './modules/auth/session.ts';
import { recordOperation } from './modules/monitor/oplog.ts';
import { seed, type SeedResult } from './modules/system/seed/index.ts';
import { serveConsole } from './core/console-static.ts';
import { modules as allModules } from './modules/index.ts';

export const API_PREFIX = '/prod-api';

export interface CastaneaServer {
  app: FastifyInstance;
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
}

/** Builds the whole server: database (migrated and seeded), API under /prod-api, console under /admin/. */
export async function createServer(opts: CreateOptions = {}): Promise<CastaneaServer> {
  const config = { ...configFromEnv(), ...opts.config };
  const database = opts.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const services = new Services(database, config, new ServerI18n());
  const seedResult = await seed(database.db);
  await services.reloadDbTexts();

  const app = Fastify({ logger: config.logRequests ? { level: 'info' } : false, trustProxy: config.trustProxy, bodyLimit: 10 * 1024 * 1024 });
  await app.register(compress, { global: true, threshold: 1024 });
  // Exports post their filters form-encoded (ChestnutCMS download convention).
  await app.register(formbody);
  // Uploads (/common/upload, avatar): each route sets its own size limit when it reads the file.
  await app.register(multipart, { limits: { files: 1, fields: 20, parts: 30 } });

  const modules = opts.modules ?? allModules;
  const routes = modules.flatMap((m) => m.routes);
  await app.register(async (api) => {
    // A JSON content type with an empty body (a PUT or DELETE with nothing to send, as curl and
    // many clients do) means no body; anything else goes through Fastify's own safe parser.
    const parseJson = api.getDefaultJsonParser('error', 'error');
    api.addContentTypeParser('application/json', { parseAs: 'string' }, (req, text, done) => {
      if (String(text).trim() === '') return done(null, undefined);
      parseJson(req, text as string, done);
    });
    // What fails before a route's handler (malformed JSON, a body over the limit) answers in the
    // envelope with a localized message too, never Fastify's own error shape.
    api.setErrorHandler((err: { code?: string; statusCode?: number }, req, reply) => {
      const t = services.i18n.translator(normalizeLocale(req.headers['accept-language']));
      if (!err.statusCode || err.statusCode >= 500) req.log.error(err);
      const key = err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'badJson' : err.statusCode === 413 ? 'bodyTooLarge' : 'fail';
      void reply.send(envelope(ReplyCode.FAIL, t(key)));
    });
    for (const route of routes) mountRoute(api, services, route);
    api.setNotFoundHandler((req, reply) => {
      const t = services.i18n.translator(normalizeLocale(req.headers['accept-language']));
      void reply.code(404).send(envelope(404, t('notFound', { path: req.url })));
    });
  }, { prefix: API_PREFIX });

  await serveConsole(app, config.consoleDir);
  for (const m of modules) await m.start?.(app, services);

  return {
    app,
    services,
    seedResult,
    routes,
    async close() {
      await app.close();
      if (!opts.database) await database.close();
    },
  };
}

/** The bearer token: Authorization header, or ?Authorization= for iframes and downloads. */
function bearer(req: FastifyRequest): string | null {
  const raw = req.headers.authorization ?? (req.query as Record<string, unknown> | undefined)?.Authorization;
  if (typeof raw !== 'string') return null;
  const m = /^Bearer\s+(.+)$/i.exec(raw.trim());
  return m ? m[1]!.trim() : null;
}

function mountRoute(api: FastifyInstance, services: Services, route: AnyRoute) {
  if (!route.perm) throw new Error(`Route ${route.method} ${route.url} declares no permission`);
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
        // IP rules apply to every API call, sign-in included (spec §3 IP rule).
        if (await services.ipGuard.blocked(req.ip)) throw new AppError('iprule.blocked', { ip: req.ip }, ReplyCode.FORBIDDEN);
        const token = bearer(req);
        actor = token ? await resolveActor(services.db, token) : null;
        if (route.perm !== 'public') {
          if (!actor) throw new AppError('auth.notLogin', {}, ReplyCode.UNAUTHORIZED);
          if (!satisfies(actor, route.perm)) throw new AppError('auth.noPermission', { perm: describeRequirement(route.perm) }, ReplyCode.FORBIDDEN);
        }
        const params = parse(route.params, req.params);
        const query = parse(route.query, req.query);
        body = parse(route.body, req.body ?? {});
        // Spec §8: a POST or PUT repeating the last one within the window (a DELETE of the same ids
        // again is harmless). A multipart body is a stream, not a value to compare: uploads are never
        // "the same body".
        if ((route.method === 'POST' || route.method === 'PUT') && actor && !route.allowRepeat && !req.isMultipart() && String(req.headers.repeatsubmit).toLowerCase() !== 'false') {
          if (services.repeatGuard.isRepeat(actor.userId, req.url, req.body)) {
            throw new AppError('auth.repeatSubmit', {}, ReplyCode.REPEAT_SUBMIT);
          }
        }
        const data = await route.handler({ actor, body, query, params, db: services.db, services, t, locale, ip: req.ip, req, reply });
        if (data === RAW) return reply;
        const out = envelope(ReplyCode.OK, t('success'), data);
        if (isWrite && actor && route.log !== false) await recordOperation(services.db, { actor, req, route, body, status: '0', result: out, costMs: Date.now() - started });
        return out;
      } catch (err) {
        const out = toEnvelope(err, services, locale);
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

function parse(schema: z.ZodType | undefined, value: unknown): unknown {
  if (!schema) return value ?? {};
  const r = schema.safeParse(value);
  if (!r.success) throw new FieldFailure(toFieldIssues(r.error));
  return r.data;
}

function toEnvelope(err: unknown, services: Services, locale: ReturnType<typeof normalizeLocale>) {
  const t = services.i18n.translator(locale);
  if (err instanceof AppError) return envelope(err.code, t(err.key, err.params));
  if (err instanceof FieldFailure) {
    const [first] = err.issues;
    return envelope(ReplyCode.FAIL, first ? services.i18n.issueText(locale, first) : t('fail'));
  }
  return envelope(ReplyCode.FAIL, t('internal'));
}

export { openDatabase };
