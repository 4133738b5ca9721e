// The access matrix (issue 9 §1.2): every registered route has an entry saying how its access is
// decided, and each entry is walked as role × verb × row in scope / out of scope. The walk is
// generic; what a route does to which row is the entry's part (see server/access-matrix.test.ts and
// server/modules/cms/access-matrix.test.ts for the tables).
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AnyRoute } from '../../server/core/route.ts';
import { needNames, needNamesFor, type NeedInput } from '../../server/core/grants.ts';
import type { Db } from '../../server/db/client.ts';
import { multipartBody } from '../../server/modules/common/test-multipart.ts';
import { MENUS } from '../../server/modules/shipped.ts';
import { sysJob } from '../../server/modules/job/schema.ts';
import { schedulerFor } from '../../server/modules/job/scheduler.ts';
import type { TestServerFixture } from './server.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One request, ids already filled in. */
export interface Call {
  method: Method;
  /** below /prod-api */
  path: string;
  body?: unknown;
  query?: Record<string, string>;
  /** the CurrentSite header (routes that work on the current site) */
  site?: number;
  headers?: Record<string, string>;
  /** a file upload instead of a JSON body */
  file?: { name: string; content: Buffer; fields?: Record<string, string> };
}

type CallOpts = Pick<Call, 'site' | 'headers' | 'query'>;
export const get = (path: string, query?: Record<string, string>, o: Omit<CallOpts, 'query'> = {}): Call => ({ method: 'GET', path, query, ...o });
export const post = (path: string, body?: unknown, o: CallOpts = {}): Call => ({ method: 'POST', path, body, ...o });
export const put = (path: string, body?: unknown, o: CallOpts = {}): Call => ({ method: 'PUT', path, body, ...o });
export const del = (path: string, body?: unknown, o: CallOpts = {}): Call => ({ method: 'DELETE', path, body, ...o });
/** An export: POST on the list path with the cc-export header; the reply is an .xlsx. */
export const exported = (path: string, query?: Record<string, string>, o: CallOpts = {}): Call => ({ method: 'POST', path, query, ...o, headers: { ...o.headers, 'cc-export': '1' } });
export const upload = (path: string, file: NonNullable<Call['file']>, o: CallOpts = {}): Call => ({ method: 'POST', path, file, ...o });

/** What came back: the envelope's code and message, and every character a reader got (for leak checks). */
export interface Reply {
  code: number;
  msg: string;
  data?: any;
  text: string;
}

/** A call at something outside the actor's reach. */
export interface Forged {
  call: Call;
  /**
   * `refused`: must not answer 200. `harmless`: may answer 200 (the forged id or siteId is ignored
   * in favour of the checked current site or the actor's scope), as long as nothing outside changes
   * and nothing from outside shows.
   */
  expect: 'refused' | 'harmless';
  /** administrators may do this legitimately (e.g. copy into another site's catalog) */
  memberOnly?: true;
}
export const refused = (call: Call, o: { memberOnly?: true } = {}): Forged => ({ call, expect: 'refused', ...o });
export const harmless = (call: Call, o: { memberOnly?: true } = {}): Forged => ({ call, expect: 'harmless', ...o });

/** A route open to anyone (public) or anyone signed in: the reason nothing more is checked. */
export interface OpenEntry {
  open: string;
}
/** Only the route's permission key decides: its rows belong to no site and no data scope. */
export interface KeyOnlyEntry {
  keyOnly: string;
}
/** A route whose rows are scoped: by site and grants (CMS), by data scope or the power rule (system). */
export interface ScopedEntry<F, N extends string = string> {
  /**
   * Grant bits the call needs besides the route's key that its declaration does not name: row
   * filters (a list shows only the rows of catalogs one may view) and the resource pattern's SQL
   * rules. What the route declares (`grants`: e.g. a move, EditContent where the content is and
   * AddContent where it goes) is read from the route itself and must not be repeated here. Without
   * any one of them the same call is refused, or, for a read, the row is not shown.
   */
  needs?: readonly N[];
  /**
   * A write on the current site that declares no need says why here (what decides instead, e.g.
   * the grant screens' power rule): a new write route without a declaration fails the matrix.
   */
  declaresNothing?: string;
  /** The call on rows in scope: it answers 200 for the member holding the key and every grant. Built afresh for each use. */
  call(fx: F): Call | Promise<Call>;
  /** Text the reply to `call` holds (a list or a read): without a need it must be missing (or the call refused). */
  shows?: string;
  /** More to check about the allowed reply. */
  check?(reply: Reply, fx: F): void | Promise<void>;
  /** Calls at rows of another site, or outside the actor's data scope or power: by id in the path, forged ids in the body or query. */
  forged?(fx: F): Forged[] | Promise<Forged[]>;
  /** A batch route: ids in scope with one outside; all refused, nothing changed. */
  mixed?(fx: F): Call | Promise<Call>;
}
export type Entry<F, N extends string = string> = OpenEntry | KeyOnlyEntry | ScopedEntry<F, N>;
export type Table<F, N extends string = string> = Record<string, Entry<F, N>>;

/**
 * A call's input as the route's needs read it, parsed by the route's schemas as the pipeline
 * parses it: the path's parameters by the route's pattern, the query, the body.
 */
function inputOf(route: AnyRoute, c: Call): NeedInput {
  const names = [...route.url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
  const pattern = new RegExp(`^${route.url.replace(/:[A-Za-z]+/g, '([^/]+)')}$`);
  const values = pattern.exec(c.path)?.slice(1) ?? [];
  const parsed = (schema: AnyRoute['body'], raw: unknown) => {
    const r = schema?.safeParse(raw);
    return r?.success ? r.data : raw;
  };
  return {
    body: parsed(route.body, c.body ?? {}),
    query: parsed(route.query, c.query ?? {}),
    params: parsed(route.params, Object.fromEntries(names.map((n, i) => [n, values[i]]))),
  };
}

export const isScoped = <F, N extends string>(e: Entry<F, N>): e is ScopedEntry<F, N> => 'call' in e;
export const routeKey = (r: Pick<AnyRoute, 'method' | 'url'>) => `${r.method} ${r.url}`;

/** Sends a call as the holder of `token`; an .xlsx or a download comes back as its text. */
/**
 * Waits for the async tasks a call started (a search index rebuild…) to end: what they change is the
 * call's doing, and must not land in the middle of the next call's before and after.
 */
async function tasksSettled(ts: TestServerFixture): Promise<void> {
  for (let i = 0; i < 500 && ts.server.services.tasks.list().some((t) => t.status === 'READY' || t.status === 'RUNNING'); i++) await new Promise((r) => setTimeout(r, 10));
}

export async function send(ts: TestServerFixture, token: string, c: Call): Promise<Reply> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, repeatsubmit: 'false', 'accept-language': 'en', ...c.headers };
  if (c.site !== undefined) headers.currentsite = String(c.site);
  let payload: unknown = c.body;
  if (c.file) {
    const mp = multipartBody('file', c.file.name, c.file.content, { fields: c.file.fields });
    Object.assign(headers, mp.headers);
    payload = mp.payload;
  } else if (c.body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(c.body);
  }
  const res = await ts.server.app.inject({ method: c.method, url: `/prod-api${c.path}`, query: c.query, headers, payload: payload as never });
  await tasksSettled(ts);
  const type = String(res.headers['content-type'] ?? '');
  if (type.includes('json')) {
    const env = res.json();
    return { code: env.code, msg: env.msg, data: env.data, text: res.body };
  }
  if (res.statusCode !== 200) return { code: res.statusCode, msg: res.body, text: res.body };
  if (type.includes('spreadsheetml')) {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    const cells: string[] = [];
    wb.eachSheet((ws) => ws.eachRow((row) => cells.push(JSON.stringify(row.values))));
    return { code: 200, msg: 'xlsx', text: cells.join('\n') };
  }
  return { code: 200, msg: type, text: res.body };
}

/** Tables whose rows change by themselves (logs, sessions' clocks, schedulers' bookkeeping) or are none of a route's business. */
// cms_preview_ticket: a preview keeps its page a few minutes for the sites' port (cms/template/preview-tickets.ts).
const UNSTABLE = new Set(['cms_preview_ticket', 'sys_oper_log', 'sys_logininfor', 'sys_captcha', 'sys_seed_state', 'sys_job', 'sys_job_log', 'sys_scheduled_task', 'sys_scheduled_task_log']);
/** Sessions count by who holds them and whether they were revoked, not by their clocks. */
const PROJECTIONS: Record<string, string> = { sys_session: '(select session_id, user_id, revoked_at from sys_session)' };

let tableNames: string[] | undefined;
async function tablesOf(db: Db) {
  if (!tableNames) {
    const r = await db.execute(sql`select table_name as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`);
    tableNames = (r as unknown as { rows: { t: string }[] }).rows.map((x) => x.t).filter((t) => !UNSTABLE.has(t));
  }
  return tableNames;
}

/** Rows counted and their hashes summed: independent of order, nothing to sort or to concatenate. */
const DIGEST = `count(*) || ':' || coalesce(sum(hashtextextended(x::text, 0)::numeric), 0)`;

/** A digest of every row of every table that matters, per table: equal digests, nothing changed. */
export async function worldDigest(db: Db): Promise<Record<string, string>> {
  const parts = (await tablesOf(db)).map((t) => `select '${t}' as t, ${DIGEST} as h from ${PROJECTIONS[t] ?? t} x`);
  const r = await db.execute(sql.raw(parts.join(' union all ')));
  return Object.fromEntries((r as unknown as { rows: { t: string; h: string }[] }).rows.map((x) => [x.t, x.h]));
}

/** A digest of the rows named by these queries (each `select … from …`): what lies outside the actor's reach. */
export async function digestOf(db: Db, queries: Record<string, string>): Promise<Record<string, string>> {
  const parts = Object.entries(queries).map(([name, q]) => `select '${name}' as t, ${DIGEST} as h from (${q}) x`);
  const r = await db.execute(sql.raw(parts.join(' union all ')));
  return Object.fromEntries((r as unknown as { rows: { t: string; h: string }[] }).rows.map((x) => [x.t, x.h]));
}

/** The actors every matrix walks with. */
export interface Actors {
  admin: string;
  /** signed in, no role: holds no permission key */
  nobody: string;
  /** holds every permission key of the console (not the admin role), within their data scope and grants */
  member: string;
}

export interface MatrixSpec<F extends Actors, N extends string> {
  ts: TestServerFixture;
  /** the routes this table answers for (the others are another table's) */
  routes(all: AnyRoute[]): AnyRoute[];
  table: Table<F, N>;
  fixtures(): F;
  /** Gives the member every grant, or every grant but `without` (CMS); absent where grants play no part. */
  grant?(fx: F, without?: N): Promise<void>;
  /** What lies outside the member's reach (another site; users, departments, roles beyond them): a digest of it. */
  outside(fx: F): Promise<Record<string, string>>;
  /** Text only rows outside the member's reach hold. */
  marker: RegExp;
  /** A site the member holds no grant on: every route that works on the current site refuses it. */
  foreignSite?(fx: F): number;
}

function expectNoLeak(reply: Reply, marker: RegExp, what: string) {
  const hit = marker.exec(reply.text);
  expect(hit, `${what} reveals what lies outside (${hit?.[0]} in ${reply.text.slice(Math.max(0, (hit?.index ?? 0) - 80), (hit?.index ?? 0) + 80)})`).toBeNull();
}

/**
 * Declares the matrix's tests: the table covers every route (and only routes that exist); without
 * the permission key every keyed route answers 403; without a grant on the current site every
 * site route answers 403; then, per scoped entry, the walk described on ScopedEntry.
 */
export function accessMatrix<F extends Actors, N extends string>(spec: MatrixSpec<F, N>) {
  const { ts, table, marker } = spec;
  const routes = () => spec.routes(ts.server.routes);
  const routeOf = (key: string) => routes().find((r) => routeKey(r) === key)!;
  const db = () => ts.database.db;

  it('has an entry for every route, and no entry for a route that does not exist', () => {
    const keys = routes().map(routeKey);
    expect(keys.filter((k) => !(k in table)), 'routes missing from the access matrix').toEqual([]);
    expect(Object.keys(table).filter((k) => !keys.includes(k)), 'entries without a route').toEqual([]);
    for (const [key, entry] of Object.entries(table)) {
      const r = routeOf(key);
      if ('open' in entry) expect(['public', 'login'], `${key} is declared open but requires ${JSON.stringify(r.perm)}`).toContain(r.perm);
      else expect(['public'], `${key} is public: declare it open`).not.toContain(r.perm);
      if ('open' in entry || 'keyOnly' in entry) expect(needNames(r.grants), `${key} declares grants: walk them (a scoped entry)`).toEqual([]);
      // The declaration is the source: the table names only what the route cannot declare.
      if (isScoped(entry)) expect((entry.needs ?? []).filter((n) => needNames(r.grants).includes(n)), `${key}: declared on the route, not to be repeated in the table`).toEqual([]);
      // Every write on the current site declares what it needs on the site or its rows, or the
      // table says why it declares nothing.
      if (r.site && r.method !== 'GET' && !r.grants?.length) expect(isScoped(entry) && entry.declaresNothing, `${key} writes on the current site and declares no grants`).toBeTruthy();
    }
  });

  it('refuses every keyed route to a user without the key (403), before anything is read or changed', async () => {
    const fx = spec.fixtures();
    for (const r of routes()) {
      if (r.perm === 'public' || r.perm === 'login') continue;
      const res = await send(ts, fx.nobody, { method: r.method, path: r.url.replace(/:[A-Za-z]+/g, '1'), body: r.method === 'GET' ? undefined : {} });
      expect(res.code, `${routeKey(r)}: ${res.msg}`).toBe(403);
    }
  });

  if (spec.foreignSite) {
    it('refuses every current-site route on a site the member holds no grant on (403), changing nothing', async () => {
      const fx = spec.fixtures();
      await spec.grant?.(fx);
      const before = await worldDigest(db());
      const siteRoutes = routes().filter((r) => r.site);
      expect(siteRoutes.length).toBeGreaterThan(0);
      for (const r of siteRoutes) {
        const res = await send(ts, fx.member, { method: r.method, path: r.url.replace(/:[A-Za-z]+/g, '1'), body: r.method === 'GET' ? undefined : {}, site: spec.foreignSite!(fx) });
        expect(res, routeKey(r)).toMatchObject({ code: 403, msg: 'The site does not exist or you have no permission on it' });
      }
      expect(await worldDigest(db())).toEqual(before);
    });
  }

  describe.each(Object.keys(table).filter((k) => isScoped(table[k]!)))('%s', (key) => {
    const entry = table[key] as ScopedEntry<F, N>;
    it('needs its grants, stays in scope, and works in scope', async () => {
      const fx = spec.fixtures();
      const route = routeOf(key);
      const siteScoped = route.site === true;

      // Role × verb: the member with the key and every grant but one, what the route declares
      // for this call first.
      const declared = needNamesFor(route.grants, inputOf(route, await entry.call(fx)));
      for (const need of [...new Set([...declared, ...(entry.needs ?? [])])] as N[]) {
        const c = await entry.call(fx);
        await spec.grant!(fx, need);
        const before = await worldDigest(db());
        const res = await send(ts, fx.member, c);
        if (entry.shows && res.code === 200) expect(res.text, `${key} without ${need} still shows ${entry.shows}`).not.toContain(entry.shows);
        else expect(res.code, `${key} without ${need}: ${res.msg}`).not.toBe(200);
        expect(await worldDigest(db()), `${key} without ${need} changed something`).toEqual(before);
      }
      await spec.grant?.(fx);

      // Out of scope: by id in the path, forged ids in the body or query; as the member and (on
      // site routes) as an administrator too, who holds every grant but works on the current site.
      const forged = (await entry.forged?.(fx)) ?? [];
      // Each call's "after" is the next one's "before": nothing else runs in between.
      let world = forged.length ? await worldDigest(db()) : {};
      const outsideBefore = forged.length ? await spec.outside(fx) : {};
      for (const f of forged) {
        for (const [who, token] of [['member', fx.member], ...(siteScoped && !f.memberOnly ? [['admin', fx.admin]] : [])] as [string, string][]) {
          const what = `${key} forged as ${who}: ${JSON.stringify(f.call)}`;
          const res = await send(ts, token, f.call);
          const after = await worldDigest(db());
          if (f.expect === 'refused') {
            expect(res.code, `${what} answered ${res.msg}`).not.toBe(200);
            expect(after, `${what} changed something`).toEqual(world);
          }
          world = after;
          expect(await spec.outside(fx), `${what} changed what lies outside`).toEqual(outsideBefore);
          expectNoLeak(res, marker, what);
        }
      }

      // A batch with one id outside: all refused, nothing changed.
      if (entry.mixed) {
        for (const [who, token] of [['member', fx.member], ...(siteScoped ? [['admin', fx.admin]] : [])] as [string, string][]) {
          const c = await entry.mixed(fx);
          const what = `${key} mixed batch as ${who}: ${JSON.stringify(c)}`;
          const world = await worldDigest(db());
          const res = await send(ts, token, c);
          expect(res.code, `${what} answered ${res.msg}`).not.toBe(200);
          expect(await worldDigest(db()), `${what} changed something`).toEqual(world);
        }
      }

      // In scope, with the key and every grant: allowed, and nothing from outside in the reply.
      const c = await entry.call(fx);
      await spec.grant?.(fx);
      const outside = await spec.outside(fx);
      const res = await send(ts, fx.member, c);
      expect(res.code, `${key} in scope: ${res.msg}`).toBe(200);
      if (entry.shows) expect(res.text, `${key} in scope`).toContain(entry.shows);
      expectNoLeak(res, marker, `${key} in scope`);
      await entry.check?.(res, fx);
      expect(await spec.outside(fx), `${key} in scope changed what lies outside`).toEqual(outside);
      // Lists and counts of the current site never hold another site's rows, an administrator's neither.
      if (siteScoped && c.method === 'GET') expectNoLeak(await send(ts, fx.admin, c), marker, `${key} as admin`);
    });
  });
}

/** The people every matrix works with: a member with every key in their own department, and users, departments and roles inside and outside their reach. */
export interface People extends Actors {
  depts: { desk: number; sub: number; zeta: number };
  users: { member: number; nobody: number; colleague: number; boss: number; zeta: number };
  roles: { all: number; helper: number; top: number; admin: number };
  /** a button menu whose key the member does not hold */
  topMenu: number;
}

/**
 * Sets up, as the administrator: departments "Matrix desk" (the member's), "Matrix sub" below it and
 * "Zeta desk" beside it; role "Matrix all" with every seeded key and scope "own department and
 * below", "Matrix helper" (one key, self only) and "Top role" (scope all, a key the member lacks);
 * users member, nobody (no role), colleague (Matrix sub, helper), boss (Matrix sub, administrator)
 * and zetauser (Zeta desk, helper). Only what lies outside the member's reach says "zeta".
 */
export async function setUpPeople(ts: TestServerFixture): Promise<People> {
  // The seeded scheduled jobs (the CMS's run every minute) would change rows while the matrix
  // compares digests of the whole database: a content the walk leaves due would be published
  // between two digests. They are paused for the walk; the routes that run jobs are still called.
  await ts.database.db.update(sysJob).set({ status: '1' });
  await schedulerFor(ts.server.services).resync();
  const allMenuIds = MENUS.map((m) => m.menuId);
  const ok = async (method: Method, path: string, body?: unknown) => {
    const r = await send(ts, ts.admin, { method, path, body });
    expect(r.code, `${method} ${path}: ${r.msg}`).toBe(200);
    return r.data;
  };
  const desk = (await ok('POST', '/system/dept', { deptName: 'Matrix desk', parentId: 100 })).deptId as number;
  const sub = (await ok('POST', '/system/dept', { deptName: 'Matrix sub', parentId: desk })).deptId as number;
  const zeta = (await ok('POST', '/system/dept', { deptName: 'Zeta desk', parentId: 100 })).deptId as number;
  const topMenu = (await ok('POST', '/system/menu', { menuName: 'Top secret', menuType: 'F', perms: 'top:secret:use' })).menuId as number;
  const userView = MENUS.find((m) => m.perms === 'system:user:view')!.menuId;
  const all = (await ok('POST', '/system/role', { roleName: 'Matrix all', roleKey: 'matrix_all', dataScope: '4', menuIds: allMenuIds })).roleId as number;
  const helper = (await ok('POST', '/system/role', { roleName: 'Matrix helper', roleKey: 'matrix_helper', dataScope: '5', menuIds: [userView] })).roleId as number;
  const top = (await ok('POST', '/system/role', { roleName: 'Top role', roleKey: 'top_role', dataScope: '1', menuIds: [topMenu] })).roleId as number;
  const admin = (await ok('GET', '/system/role/list?roleKey=admin')).rows[0].roleId as number;
  const user = async (userName: string, nickName: string, deptId: number, roleIds: number[]) =>
    (await ok('POST', '/system/user', { userName, nickName, deptId, password: 'Matrix2026x', roleIds })).userId as number;
  const users = {
    member: await user('member', 'Member', desk, [all]),
    nobody: await user('nobody', 'Nobody', desk, []),
    colleague: await user('colleague', 'Colleague', sub, [helper]),
    boss: await user('boss', 'Boss', sub, [admin]),
    zeta: await user('zetauser', 'Zeta user', zeta, [helper]),
  };
  return {
    admin: ts.admin,
    member: await ts.loginReady('member', 'Matrix2026x'),
    nobody: await ts.loginReady('nobody', 'Matrix2026x'),
    depts: { desk, sub, zeta },
    users,
    roles: { all, helper, top, admin },
    topMenu,
  };
}
