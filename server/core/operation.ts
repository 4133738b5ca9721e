import { and, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import { DEFAULT_LOCALE, type Locale } from '../../shared/i18n/locales.ts';
import type { Actor } from './access.ts';
import type { Translate } from './i18n.ts';
import type { Services } from './services.ts';
import { AppError, fail, ReplyCode } from './errors.ts';

/**
 * What an operation runs with: who acts, on which site, and the ONE database handle it may use.
 * Inside a write `tx` is that write's transaction; for a read it is the database. Operations never
 * see another handle, so a query outside the transaction cannot be written by accident (on
 * PGlite's single connection it would freeze the API; server/db/guard.ts turns it into an error).
 * Routes, the publish worker and scheduled jobs all call operations with one of these.
 */
export interface OpContext<S extends SiteRef | null = SiteRef | null> {
  actor: Actor;
  /** The checked current site (CMS routes); null where a route needs none. */
  site: S;
  tx: DbOrTx;
  services: Services;
  locale: Locale;
  t: Translate;
  /** the client's address ('' when no HTTP request is behind the call) */
  ip: string;
  /** Queues work for after the commit (cache refresh, scheduler); outside a transaction it runs at once. */
  afterCommit(fn: () => unknown): void;
}

/** The current site of a request, checked: the actor holds at least View on it. */
export interface SiteRef {
  siteId: number;
  siteName: string;
  /** the site's folder name (letters and digits) */
  path: string;
  /** the actor's permission bits on it (src/lib/cms/perms.ts SITE_PERMS) */
  bits: number;
}

/** An operation on the current site: its `site` is checked and present. */
export type SiteOp = OpContext<SiteRef>;

const hasSite = (op: OpContext): op is SiteOp => op.site !== null;

/**
 * `op` on its current site, for code that serves both kinds of caller (a grant kind of the
 * current site's objects, a resource's hooks): a call that needs a site and has none is refused.
 */
export function siteOpOf(op: OpContext): SiteOp {
  if (!hasSite(op)) throw fail('cms.site.required');
  return op;
}

/** An operation's context before a database handle is chosen. */
export type OpBase<S extends SiteRef | null = SiteRef | null> = Omit<OpContext<S>, 'tx' | 'afterCommit'>;

/** What an operation takes from a signed-in route's request (its handler's context, core/route.ts RouteContext). */
export interface OpSource<S extends SiteRef | null = SiteRef | null> {
  actor: Actor;
  site: S;
  services: Services;
  locale: Locale;
  t: Translate;
  ip: string;
}

/** The operation context of a signed-in route's request (any route whose requirement is not 'public'). */
export function opBase<S extends SiteRef | null>(ctx: OpSource<S>): OpBase<S> {
  return { actor: ctx.actor, site: ctx.site, services: ctx.services, locale: ctx.locale, t: ctx.t, ip: ctx.ip };
}

/** A read on a signed-in route's request: the database is the handle. */
export const readOf = <S extends SiteRef | null>(ctx: OpSource<S>): OpContext<S> => readOp(opBase(ctx));

/** A write on a signed-in route's request, in one transaction (see inTransaction). */
export const writeOf = <S extends SiteRef | null, T>(ctx: OpSource<S>, fn: (op: OpContext<S>) => Promise<T>): Promise<T> => inTransaction(opBase(ctx), fn);

/**
 * The context of an operation no request is behind (a scheduled job) on the caller's handle `tx`,
 * queuing after-commit work with the caller: messages in the default language, no client address.
 */
export function serverOp<S extends SiteRef | null>(services: Services, actor: Actor, site: S, tx: DbOrTx, afterCommit: OpContext['afterCommit']): OpContext<S> {
  return { actor, site, tx, services, locale: DEFAULT_LOCALE, t: services.i18n.translator(DEFAULT_LOCALE), ip: '', afterCommit };
}

/** A read: the database itself is the handle. */
export function readOp<S extends SiteRef | null>(base: OpBase<S>): OpContext<S> {
  return { ...base, tx: base.services.db, afterCommit: (fn) => void fn() };
}

/**
 * Runs `fn` in one transaction: everything it does commits together or not at all. What it queued
 * with `afterCommit` runs after the commit (and not at all on a rollback).
 */
export async function inTransaction<T, S extends SiteRef | null = SiteRef | null>(base: OpBase<S>, fn: (op: OpContext<S>) => Promise<T>): Promise<T> {
  const queued: (() => unknown)[] = [];
  const result = await base.services.db.transaction((tx) => fn({ ...base, tx, afterCommit: (f) => void queued.push(f) }));
  for (const f of queued) await f();
  return result;
}

/**
 * Runs `fn` as one write on `op`'s handle: its own transaction when `op` holds the database (a
 * read context), a savepoint of the caller's transaction otherwise. For operations that wait on
 * something outside the database before writing (a bucket's answer, an upload's bytes): called
 * with a read context, they hold no transaction while they wait. What `fn` queues with
 * `afterCommit` runs once the write is committed (with the caller's transaction, inside one).
 */
export async function writeIn<T, S extends SiteRef | null = SiteRef | null>(op: OpContext<S>, fn: (op: OpContext<S>) => Promise<T>): Promise<T> {
  const queued: (() => unknown)[] = [];
  const result = await (op.tx as Db).transaction((tx) => fn({ ...op, tx, afterCommit: (f) => void queued.push(f) }));
  for (const f of queued) op.afterCommit(f);
  return result;
}

/**
 * Access for one verb: yes (`true` or undefined), no (`false`, or the refusal that names why),
 * or a row filter (SQL the rows must match). Rules compose with `and`: permission key, site,
 * catalog grants, data scope, workflow state each contribute one.
 */
export type Access = boolean | SQL | undefined | AppError;
export type AccessRule<S extends SiteRef | null = SiteRef | null> = (op: OpContext<S>) => Access | Promise<Access>;

/** `and` of every rule's answer: undefined when all say yes; throws 403 when one says no. */
export async function composeAccess<S extends SiteRef | null>(op: OpContext<S>, rules: readonly (AccessRule<S> | undefined)[]): Promise<SQL | undefined> {
  const filters: SQL[] = [];
  for (const rule of rules) {
    if (!rule) continue;
    const answer = await rule(op);
    if (answer === false) throw new AppError('auth.denied', {}, ReplyCode.FORBIDDEN);
    if (answer instanceof AppError) throw answer;
    if (answer && answer !== true) filters.push(answer);
  }
  return filters.length ? and(...filters) : undefined;
}

/** A filter that matches nothing (an empty grant list), for rules that build `in (…)` lists. */
export const NOTHING = sql`false`;
