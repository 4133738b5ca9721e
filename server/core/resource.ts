import { z } from 'zod';
import { and, asc, count, desc, eq, getTableColumns, gte, ilike, inArray, lte, ne, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  fieldLabel,
  idListSchema,
  inputSchema,
  listQuerySchema,
  type ResourceDef,
} from '../../src/lib/resources/define.ts';
import { hideSecrets, mergeSecrets } from '../../src/lib/resources/variants.ts';
import { formatDateTime } from '../../src/lib/format.ts';
import type { Actor, Requirement } from './access.ts';
import { id as idSchema } from '../../src/lib/validators/common.ts';
import type { Tx } from '../db/client.ts';
import { defineRoute, RAW, type AnyRoute, type RouteContext } from './route.ts';
import { fail, FieldFailure } from './errors.ts';
import { paging, table as tablePage } from './envelope.ts';
import { likePattern, parseLocalTime } from './query.ts';
import { sendWorkbook } from './xlsx.ts';

type Row = Record<string, unknown>;
const idParams = z.object({ id: z.string().regex(/^\d+$/).transform(Number) });
type Ctx = RouteContext<unknown, unknown, unknown> & { actor: Actor };

/** Where a resource's behaviour departs from plain CRUD. Hooks plug in; screens never fork. */
export interface ResourceHooks {
  /** Row filter for the actor (data scope); undefined means every row. */
  scope?(ctx: Ctx): Promise<SQL | undefined> | SQL | undefined;
  /** Check or complete values inside the write's transaction (mode tells add from edit). */
  beforeSave?(ctx: Ctx, values: Row, mode: 'create' | 'update', tx: Tx, existing?: Row): Promise<void> | void;
  /** Follow-up writes in the same transaction (e.g. link tables). */
  afterSave?(ctx: Ctx, row: Row, body: Row, mode: 'create' | 'update', tx: Tx): Promise<void> | void;
  /** After the write committed: refresh caches that read outside the transaction. */
  afterCommit?(ctx: Ctx, mode: 'create' | 'update' | 'remove'): Promise<void> | void;
  /** Refuse or prepare a delete (e.g. built-in rows). */
  beforeRemove?(ctx: Ctx, rows: Row[], tx: Tx): Promise<void> | void;
  /** Shape a row for replies (list, detail, export). */
  present?(row: Row, ctx: Ctx): Row | Promise<Row>;
  /**
   * Shape all rows of a reply at once (a list page, an export, a detail as one row), for lookups
   * that would otherwise cost one query per row; used instead of `present` when set.
   */
  presentRows?(rows: Row[], ctx: Ctx): Row[] | Promise<Row[]>;
  /** Replaces the default condition of a declared filter (e.g. a department "and below"). */
  filters?: Record<string, (value: string) => SQL | undefined>;
  /** Extra filters for the list, from query parameters the definition does not declare. */
  listFilter?(ctx: Ctx, query: Row): SQL | undefined | Promise<SQL | undefined>;
}

/** The columns of `table` by property name (the definition's field names). */
function columnsOf(def: ResourceDef, table: PgTable) {
  const cols = getTableColumns(table) as Record<string, PgColumn>;
  for (const name of Object.keys(def.fields)) {
    if (!cols[name] && def.fields[name]!.kind !== 'password') {
      // Virtual fields (e.g. roleIds) are fine as long as hooks handle them; only list/filter need columns.
      if (def.fields[name]!.column || def.fields[name]!.filter) throw new Error(`${def.name}: field ${name} has no column`);
    }
  }
  return cols;
}

/** JSON-ready row: dates as y-m-d h:i:s, password fields and secrets of variant fields dropped. */
function serialize(def: ResourceDef, row: Row): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(hideSecrets(def, row))) {
    if (def.fields[k]?.kind === 'password' || k === 'password') continue;
    out[k] = v instanceof Date ? formatDateTime(v) : v;
  }
  return out;
}

/** Only the definition's input fields that exist as columns go to the table. */
function columnValues(cols: Record<string, PgColumn>, body: Row): Row {
  return Object.fromEntries(Object.entries(body).filter(([k, v]) => cols[k] && v !== undefined));
}

export function resourceRoutes(def: ResourceDef, table: PgTable, hooks: ResourceHooks = {}): AnyRoute[] {
  const cols = columnsOf(def, table);
  const idCol = cols[def.id];
  if (!idCol) throw new Error(`${def.name}: id field ${def.id} has no column`);
  const createBody = inputSchema(def, 'create');
  const updateBody = inputSchema(def, 'update');
  const query = listQuerySchema(def);

  const scoped = async (ctx: Ctx, ...conds: (SQL | undefined)[]) => and(...conds, await hooks.scope?.(ctx));
  async function presentRows(ctx: Ctx, rows: Row[]) {
    const shaped = hooks.presentRows
      ? await hooks.presentRows(rows, ctx)
      : hooks.present ? await Promise.all(rows.map((r) => hooks.present!(r, ctx))) : rows;
    return shaped.map((r) => serialize(def, r));
  }
  const present = async (ctx: Ctx, row: Row) => (await presentRows(ctx, [row]))[0]!;

  /** The definition's checks across fields, on the record as it will be stored. */
  const assertChecks = (record: Row) => {
    const issues = def.check?.(record) ?? [];
    if (issues.length) throw new FieldFailure(issues);
  };

  async function listWhere(ctx: Ctx, q: Row) {
    const conds: (SQL | undefined)[] = [];
    for (const [name, f] of Object.entries(def.fields)) {
      const col = cols[name];
      if (!f.filter || !col) continue;
      if (f.filter === 'range') {
        const from = parseLocalTime(q.beginTime as string | undefined, 'begin');
        const to = parseLocalTime(q.endTime as string | undefined, 'end');
        if (from) conds.push(gte(col, from));
        if (to) conds.push(lte(col, to));
        continue;
      }
      const value = typeof q[name] === 'string' ? (q[name] as string).trim() : '';
      if (!value) continue;
      const custom = hooks.filters?.[name];
      if (custom) {
        conds.push(custom(value));
        continue;
      }
      conds.push(f.filter === 'like' ? ilike(col, likePattern(value)) : eq(col, f.kind === 'number' || f.kind === 'id' ? Number(value) : value));
    }
    conds.push(await hooks.listFilter?.(ctx, q));
    return scoped(ctx, ...conds);
  }

  function orderOf(q: Row) {
    const requested = typeof q.orderByColumn === 'string' ? q.orderByColumn : undefined;
    const sortable = requested && def.fields[requested]?.column && cols[requested] ? requested : undefined;
    const field = sortable ?? def.sort?.field ?? def.id;
    const dir = sortable ? (String(q.isAsc).startsWith('desc') ? 'desc' : 'asc') : (def.sort?.order ?? 'asc');
    const col = cols[field]!;
    return [dir === 'desc' ? desc(col) : asc(col), asc(idCol!)];
  }

  async function load(ctx: Ctx, id: number, db: Tx | Ctx['db'] = ctx.db) {
    const [row] = await db.select().from(table).where(await scoped(ctx, eq(idCol!, id)));
    if (!row) throw fail('resource.notFound');
    return row as Row;
  }

  async function assertUnique(ctx: Ctx, tx: Tx, values: Row, exceptId?: number) {
    for (const name of def.unique ?? []) {
      const value = values[name];
      if (value === undefined || value === null || value === '') continue;
      const cond = exceptId === undefined ? eq(cols[name]!, value) : and(eq(cols[name]!, value), ne(idCol!, exceptId));
      const [hit] = await tx.select({ n: count() }).from(table).where(cond);
      if (hit && Number(hit.n) > 0) throw fail('resource.exists', { field: ctx.services.i18n.fieldLabel(ctx.locale, name), value });
    }
  }

  async function listRows(ctx: Ctx, q: Row, all = false) {
    const where = await listWhere(ctx, q);
    const { offset, limit } = paging(q);
    const base = ctx.db.select().from(table).where(where).orderBy(...orderOf(q));
    const rows = (all ? await base : await base.limit(limit).offset(offset)) as Row[];
    const [total] = await ctx.db.select({ n: count() }).from(table).where(where);
    return { rows: await presentRows(ctx, rows), total: Number(total?.n ?? 0) };
  }

  const routes: AnyRoute[] = [
    defineRoute({
      method: 'GET',
      url: `${def.api}/list`,
      perm: def.perms.view,
      query,
      handler: async (ctx) => {
        const { rows, total } = await listRows(ctx as Ctx, ctx.query as Row);
        return tablePage(rows, total);
      },
    }),
    defineRoute({
      method: 'GET',
      url: `${def.api}/:id`,
      perm: def.perms.view,
      params: idParams,
      handler: async (ctx) => present(ctx as Ctx, await load(ctx as Ctx, ctx.params.id)),
    }),
  ];

  if (def.perms.add) {
    routes.push(defineRoute({
      method: 'POST',
      url: def.api,
      perm: def.perms.add,
      body: createBody,
      log: { title: def.title, type: 'ADD' },
      handler: async (ctx) => {
        const c = ctx as Ctx;
        const body = ctx.body as Row;
        const row = await c.db.transaction(async (tx) => {
          const values: Row = { ...columnValues(cols, body), createBy: c.actor.userName, createTime: new Date() };
          mergeSecrets(def, values);
          assertChecks(values);
          await hooks.beforeSave?.(c, values, 'create', tx);
          await assertUnique(c, tx, values);
          const [inserted] = await tx.insert(table).values(values as never).returning();
          await hooks.afterSave?.(c, inserted as Row, body, 'create', tx);
          return inserted as Row;
        });
        await hooks.afterCommit?.(c, 'create');
        return { [def.id]: row[def.id] };
      },
    }));
  }

  if (def.perms.edit) {
    routes.push(defineRoute({
      method: 'PUT',
      url: def.api,
      perm: def.perms.edit,
      body: updateBody,
      log: { title: def.title, type: 'UPDATE' },
      handler: async (ctx) => {
        const c = ctx as Ctx;
        const body = ctx.body as Row;
        const id = body[def.id] as number;
        await c.db.transaction(async (tx) => {
          const existing = await load(c, id, tx);
          const values: Row = { ...columnValues(cols, body), updateBy: c.actor.userName, updateTime: new Date() };
          delete values[def.id];
          mergeSecrets(def, values, existing);
          assertChecks({ ...existing, ...values });
          await hooks.beforeSave?.(c, values, 'update', tx, existing);
          await assertUnique(c, tx, values, id);
          const [updated] = await tx.update(table).set(values as never).where(eq(idCol!, id)).returning();
          await hooks.afterSave?.(c, updated as Row, body, 'update', tx);
        });
        await hooks.afterCommit?.(c, 'update');
        return undefined;
      },
    }));
  }

  if (def.perms.remove) {
    routes.push(defineRoute({
      method: 'DELETE',
      url: def.api,
      perm: def.perms.remove,
      body: idListSchema,
      log: { title: def.title, type: 'DELETE' },
      handler: async (ctx) => {
        const c = ctx as Ctx;
        const ids = [...new Set(ctx.body as number[])];
        await c.db.transaction(async (tx) => {
          const rows = (await tx.select().from(table).where(await scoped(c, inArray(idCol!, ids)))) as Row[];
          // Deleting what one cannot see reads as "not found": nothing is deleted, nothing is revealed.
          if (rows.length !== ids.length) throw fail('resource.notFound');
          await hooks.beforeRemove?.(c, rows, tx);
          await tx.delete(table).where(inArray(idCol!, ids));
        });
        await hooks.afterCommit?.(c, 'remove');
        return undefined;
      },
    }));
  }

  if (def.perms.export) {
    // ChestnutCMS: export is POST on the list path with header cc-export, params form-encoded.
    routes.push(defineRoute({
      method: 'POST',
      url: `${def.api}/list`,
      perm: def.perms.export,
      query,
      log: { title: def.title, type: 'EXPORT' },
      allowRepeat: true,
      handler: async (ctx) => {
        const c = ctx as Ctx;
        if (!ctx.req.headers['cc-export']) throw fail('resource.exportOnly');
        const q = { ...(ctx.query as Row), ...((ctx.req.body as Row | undefined) ?? {}) };
        const { rows } = await listRows(c, q, true);
        const columns = Object.entries(def.fields)
          .filter(([, f]) => f.export ?? !!f.column)
          .map(([name, f]) => ({
            key: name,
            header: c.services.i18n.fieldLabel(c.locale, fieldLabel(name, f).replace(/^fields:/, '')),
            dict: f.dict,
          }));
        const dictLabel = (dict: string, value: unknown) => c.services.i18n.dbText(c.locale, `DICT.${dict}.${value}`, String(value ?? ''));
        // A field of several values (e.g. a multi-select) lists each one's label.
        await sendWorkbook(ctx.reply, def.name, columns, rows, (dict, value) =>
          Array.isArray(value) ? value.map((x) => dictLabel(dict, x)).join(', ') : dictLabel(dict, value),
        );
        return RAW;
      },
    }));
  }
  return routes;
}

/**
 * PUT {api}/changeStatus `{<id>, status}`: the list's on/off switch of a resource with a `status`
 * column (0 on, 1 off). `afterCommit` follows the change, e.g. a scheduler re-arming the row.
 */
export function statusRoute(def: ResourceDef, table: PgTable, perm: Requirement, afterCommit?: (ctx: Ctx, id: number) => Promise<void> | void): AnyRoute {
  const cols = getTableColumns(table) as Record<string, PgColumn>;
  const idCol = cols[def.id];
  if (!idCol || !cols.status) throw new Error(`${def.name}: changeStatus needs ${def.id} and status columns`);
  return defineRoute({
    method: 'PUT',
    url: `${def.api}/changeStatus`,
    perm,
    body: z.object({ [def.id]: idSchema(), status: z.enum(['0', '1']) }),
    log: { title: def.title, type: 'UPDATE' },
    handler: async (ctx) => {
      const c = ctx as Ctx;
      const rowId = (ctx.body as Row)[def.id] as number;
      const values = { status: (ctx.body as Row).status, updateBy: c.actor.userName, updateTime: new Date() };
      const [row] = await c.db.update(table).set(values as never).where(eq(idCol, rowId)).returning({ id: idCol });
      if (!row) throw fail('resource.notFound');
      await afterCommit?.(c, rowId);
      return undefined;
    },
  });
}
