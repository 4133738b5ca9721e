import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { preprocess, z } from 'zod';
import { ReplyCode } from './errors.ts';
import type { Actor, Requirement } from './access.ts';
import type { Db } from '../db/client.ts';
import type { MessageCatalog, Translate } from './i18n.ts';
import type { Locale } from '../../shared/i18n/locales.ts';
import type { Services } from './services.ts';
import type { SiteRef } from './operation.ts';
import type { RateLimit } from './rate-limits.ts';
import type { ConfigSeed, DictSeed, MenuSeed, SeedStep } from './seed-data.ts';
import type { Task } from './tasks.ts';
import type { CacheView } from './caches.ts';
import type { ResourceDef } from '../../shared/resources/define.ts';
import type { GrantNeed, Held } from './grants.ts';

export type BusinessType = 'ADD' | 'UPDATE' | 'DELETE' | 'GRANT' | 'EXPORT' | 'IMPORT' | 'FORCE' | 'CLEAN' | 'OTHER';

/** The actor a route's handler gets: every route but a 'public' one has one, and says so in the type. */
export type ActorOf<R> = R extends 'public' ? Actor | null : Actor;
/** The site a route's handler gets: the checked current site where the route declares `site: true`. */
export type SiteOf<S> = S extends true ? SiteRef : null;

export interface RouteContext<B, Q, P, A extends Actor | null = Actor | null, S extends SiteRef | null = SiteRef | null> {
  /** null only on 'public' routes */
  actor: A;
  /** the checked current site, on routes that declare they need one; null elsewhere */
  site: S;
  body: B;
  query: Q;
  params: P;
  db: Db;
  services: Services;
  t: Translate;
  locale: Locale;
  ip: string;
  /** The rows the route's declared `grants` checked (empty where it declares none). */
  held: Held;
  req: FastifyRequest;
  reply: FastifyReply;
}

/** Routes whose requirement is not 'public' always get an actor. */
export type AuthedContext<B, Q, P> = RouteContext<B, Q, P, Actor>;

export interface RouteSpec<
  BS extends z.ZodType | undefined = undefined,
  QS extends z.ZodType | undefined = undefined,
  PS extends z.ZodType | undefined = undefined,
  R extends Requirement = Requirement,
  S extends true | undefined = true | undefined,
> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path below /prod-api, Fastify syntax (`/system/user/:userId`). */
  url: string;
  /** Mandatory: a route without a declared requirement cannot be registered. */
  perm: R;
  body?: BS;
  query?: QS;
  params?: PS;
  /**
   * Every write by a signed-in user lands in the operation log; this names it (title is a
   * server message key). `false` only where another log already records it (login, logout).
   * `mask` hides the secrets this route's body carries (beyond the log's name-based masking).
   */
  log?: { title: string; type: BusinessType; mask?: (body: unknown) => unknown } | false;
  /**
   * The route works on the current site (the CurrentSite or cc-current-site header): the pipeline
   * resolves it into `ctx.site`, refusing a site the actor holds no grant on.
   */
  site?: S;
  /**
   * What the call needs on the current site or on the stored rows it names, beyond `perm`, as
   * data (core/grants.ts): the pipeline checks each before the handler runs, refusing or handing
   * the checked rows in `ctx.held`. The access matrix walks them.
   */
  grants?: readonly GrantNeed<any>[];
  /**
   * The definition this route serves (the resource pattern sets it): its menu rows, texts and
   * operation-log title ship with the route's module (core/shipped.ts).
   */
  resource?: ResourceDef;
  /** The resource whose field labels name fields in validation messages (`fields:<labels>.<field>` first). */
  labels?: string | readonly string[];
  /** Skip the repeat-submit guard (e.g. login, where the client cannot have posted yet). */
  allowRepeat?: boolean;
  /**
   * Answers a user whose password must be changed first (forced, or expired under the security
   * config). Every other route refuses them with code 428 until the change is made; only what
   * the console needs to show its password demand and make the change declares this.
   */
  duringPasswordChange?: true;
  /**
   * Also accepts the token as `?Authorization=Bearer …`, for a page or file opened where no header
   * can be sent (an iframe, a plain link). Everywhere else a token in the URL is ignored: URLs end
   * up in logs, history and Referer headers.
   */
  tokenInQuery?: true;
  /** Throttles (core/rate-limits.ts), counted after validation and before the handler. */
  limits?: readonly RateLimit[];
  /**
   * The shape of the envelope's `data` on success, as JSON (dates as strings): the OpenAPI document
   * publishes it (core/openapi.ts) and every API test checks each reply against it, so a reply
   * cannot change shape without its schema. `noData` for a route that answers no `data`.
   */
  reply?: z.ZodType;
  /**
   * The reply is not the envelope but this media type (a download, an image, the OpenAPI document):
   * the handler sends it and returns `RAW`.
   */
  produces?: string;
  /**
   * Returns the envelope's `data` (undefined for none). Throw AppError for a failure.
   * Return `RAW` when the handler already sent a non-envelope body (downloads, images).
   */
  handler(
    ctx: RouteContext<Infer<BS>, Infer<QS>, Infer<PS>, ActorOf<R>, SiteOf<S>>,
  ): Promise<unknown> | unknown;
}

type Infer<S> = S extends z.ZodType ? z.output<S> : Record<string, unknown>;

/**
 * Keeps the handler's types tied to its declaration: the schemas type body, query and params; a
 * requirement other than 'public' makes `actor` non-null, `site: true` makes `site` non-null.
 */
export const defineRoute = <
  BS extends z.ZodType | undefined = undefined,
  QS extends z.ZodType | undefined = undefined,
  PS extends z.ZodType | undefined = undefined,
  R extends Requirement = Requirement,
  S extends true | undefined = undefined,
>(
  spec: RouteSpec<BS, QS, PS, R, S>,
) => spec as unknown as AnyRoute;

/**
 * A route as the pipeline holds it, its declaration's types erased: the pipeline hands the handler
 * what the declaration promised (an actor unless 'public', a site where `site: true`), so the
 * handler's narrower context is met at run time (server/app.ts mountRoute checks both).
 */
export type AnyRoute = Omit<RouteSpec<z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined>, 'handler'> & {
  handler(ctx: RouteContext<unknown, unknown, unknown>): Promise<unknown> | unknown;
};

/** Marker: the handler wrote the reply itself. */
export const RAW = Symbol('raw-reply');

/** The declared reply of a route whose envelope carries no `data` (an edit, a delete). */
export const noData = z.undefined().meta({ description: 'no data' });

/**
 * One route as a server registered it: what the OpenAPI document describes (core/openapi.ts) and
 * what the tests' reply check looks replies up by. Declared routes (`mountRoute`, the public API)
 * register themselves; the few mounted by hand (files, the batch, the readers' search) register here too.
 */
export interface RegisteredRoute {
  /** the console's API under /prod-api, or the readers' public API on the sites' origin */
  api: 'prod-api' | 'public';
  method: RouteSpec['method'];
  /** the full path in Fastify syntax (`/prod-api/system/user/:userId`) */
  url: string;
  perm: Requirement;
  /** public API: 'required' refuses a call without a member's token, 'optional' reads one when sent */
  member?: 'required' | 'optional';
  /** works on the current site: the CurrentSite header (console), the `sid` parameter (public API) */
  site: boolean;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  reply?: z.ZodType;
  /** see RouteSpec.produces */
  produces?: string;
  /** the body is multipart/form-data (an upload) */
  multipart?: boolean;
  /** the envelope codes the call may answer (core/errors.ts ReplyCode) */
  codes: readonly number[];
  /** a short line for the document, where the path alone does not say it */
  summary?: string;
}

const registered = new WeakMap<object, RegisteredRoute[]>();

/** The routes a server registered, keyed by its services (one list per server instance). */
export const registeredRoutes = (services: object): RegisteredRoute[] => {
  let list = registered.get(services);
  if (!list) registered.set(services, (list = []));
  return list;
};

/**
 * Adds a route to its server's list. A route mounted twice (the readers' search on both origins)
 * is listed once.
 */
export function registerRoute(services: object, route: RegisteredRoute): void {
  const list = registeredRoutes(services);
  if (!list.some((r) => r.method === route.method && r.url === route.url)) list.push(route);
}

/**
 * The envelope codes a declared /prod-api route may answer, from its declaration: the pipeline's
 * refusals (server/app.ts mountRoute) and 500 for a failure or a refused field.
 */
export function replyCodesOf(route: AnyRoute): number[] {
  const codes: number[] = [ReplyCode.OK];
  if (route.perm !== 'public') codes.push(ReplyCode.UNAUTHORIZED);
  if ((route.perm !== 'public' && route.perm !== 'login') || route.site || route.grants?.length) codes.push(ReplyCode.FORBIDDEN);
  if (route.perm !== 'public' && !route.duringPasswordChange) codes.push(ReplyCode.PASSWORD_CHANGE_REQUIRED);
  if (route.limits?.length) codes.push(ReplyCode.TOO_MANY_REQUESTS);
  codes.push(ReplyCode.FAIL);
  if ((route.method === 'POST' || route.method === 'PUT') && route.perm !== 'public' && !route.allowRepeat) codes.push(ReplyCode.REPEAT_SUBMIT);
  return codes;
}

/**
 * A route mounted by hand that answers a file, a picture, a script or a redirect (not the
 * envelope), public: registered so the document lists it too.
 */
export const fileRoute = (api: RegisteredRoute['api'], url: string, produces: string, summary: string, query?: z.ZodType): RegisteredRoute => ({
  api, method: 'GET', url, perm: 'public', site: false, produces, summary, query, codes: [ReplyCode.OK],
});

/** A declared route of the /prod-api scope as its server registers it. */
export const registeredOf = (route: AnyRoute, prefix: string): RegisteredRoute => ({
  api: 'prod-api',
  method: route.method,
  url: `${prefix}${route.url}`,
  perm: route.perm,
  site: route.site === true,
  body: route.body,
  query: route.query,
  params: route.params,
  reply: route.reply,
  produces: route.produces,
  codes: replyCodesOf(route),
});

/**
 * A module: its routes, and everything else it brings, declared here rather than reached for by
 * another module. app.ts mounts the routes under /prod-api and hands the rest to whoever consumes
 * it (core/shipped.ts collects it): the system module's seed stores the menus, dictionaries and
 * configs and runs the steps; the server's i18n merges the messages; the schedulers run the tasks;
 * the cache monitor lists the caches.
 */
export interface ServerModule {
  name: string;
  routes: AnyRoute[];
  /**
   * Console menu rows the module ships (sys_menu, with their titles in every language), stored by
   * the system's 'menus' step on a new database; `grantTo` gives built-in roles (by key) the whole
   * subtree of some of its directories.
   */
  menus?: { rows: readonly MenuSeed[]; grantTo?: Readonly<Record<string, readonly number[]>> };
  /** Dictionaries it ships (fixed), stored by the system's 'dicts' step on a new database. */
  dicts?: readonly DictSeed[];
  /** Built-in configs it ships, stored by the system's 'configs' step on a new database. */
  configs?: readonly ConfigSeed[];
  /** Seed steps the module contributes (run once per database, after the system's, in module order). */
  seeds?: readonly SeedStep[];
  /**
   * Its server messages per language (namespace `server`), merged into the server's i18n at start:
   * error texts, operation-log titles (`oplog.*`, what its routes' `log.title` name), task
   * descriptions. A key another module or the core already declares is refused at start.
   */
  messages?: MessageCatalog;
  /** Task types the schedulers may run (jobs' invoke targets, scheduled tasks' types), by key. */
  tasks?: Readonly<Record<string, Task>>;
  /** Its caches, as the cache monitor shows and clears them. */
  caches?(services: Services): readonly CacheView[];
  /** Work before the first request, after migrations and seeds (load caches). */
  init?(services: Services): Promise<void> | void;
  /** The current site of a request (the CMS provides it); routes declaring `site: true` need one. */
  resolveSite?(db: Db, actor: Actor, headers: FastifyRequest['headers']): Promise<SiteRef>;
  /** optional startup work (e.g. schedulers, routes outside /prod-api), after migrations and seed */
  start?(app: FastifyInstance, services: Services): Promise<void> | void;
  /** Routes on the published sites' origin (config.sitePort, server/app.ts `sites`), never the console's. */
  startSites?(sites: FastifyInstance, services: Services): Promise<void> | void;
}

/**
 * One of `routes` under another method and path (a ChestnutCMS path for what the resource pattern
 * mounts elsewhere): same permission, validation, handler and log. `mapBody` reshapes a body sent
 * in the other API's form before it is validated.
 */
export function aliasRoute(routes: readonly AnyRoute[], from: `${RouteSpec['method']} ${string}`, to: `${RouteSpec['method']} ${string}`, mapBody?: (body: unknown) => unknown): AnyRoute {
  const route = routes.find((r) => `${r.method} ${r.url}` === from);
  if (!route) throw new Error(`aliasRoute: no route ${from}`);
  const [method, url] = to.split(' ', 2) as [RouteSpec['method'], string];
  const body = mapBody && route.body ? preprocess(mapBody, route.body) : route.body;
  return { ...route, method, url, body };
}
