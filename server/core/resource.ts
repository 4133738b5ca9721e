import { and, asc, count, desc, eq, getTableColumns, gte, ilike, inArray, lte, ne, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { filterParamOf, type ResourceDef } from '../../shared/resources/define.ts';
import { hideSecrets, maskSecrets, mergeSecrets } from '../../shared/resources/variants.ts';
import { formatDateTime } from '../../shared/format.ts';
import { fail, FieldFailure } from './errors.ts';
import { composeAccess, type AccessRule, type OpContext, type SiteRef } from './operation.ts';
import { paging } from './envelope.ts';
import { likePattern, parseLocalTime } from './query.ts';
import { isGrantNeed, type GrantNeed } from './grants.ts';

type Row = Record<string, unknown>;

/** The verbs a resource answers for; each composes `'*'` with its own rule. */
export type Verb = 'read' | 'create' | 'update' | 'remove';

/**
 * Where a resource's behaviour departs from plain CRUD. Hooks plug in; screens never fork. Every
 * hook gets the operation's context, whose `tx` is the only database handle to use: inside a
 * write it is the write's transaction.
 */
export interface ResourceHooks<S extends SiteRef | null = SiteRef | null> {
  /**
   * Access per verb (`'*'` for every verb): yes, no (403) or a row filter. Reads list and get only
   * matching rows; update and remove touch only matching rows; a created or updated row must
   * still match afterwards (it is re-read with the filter inside the transaction), so nobody
   * moves a row out of their own reach.
   */
  access?: Partial<Record<Verb | '*', AccessRule<S>>>;
  /**
   * The column holding the row's site: rows are confined to the current site (other sites' rows
   * are never listed, read, changed or deleted), a new row takes the current site whatever the
   * body says, and `unique` fields are unique per site.
   */
  siteColumn?: string;
  /** Check or complete values inside the write's transaction (mode tells add from edit). */
  beforeSave?(op: OpContext<S>, values: Row, mode: 'create' | 'update', existing?: Row): Promise<void> | void;
  /** Follow-up writes in the same transaction (e.g. link tables). */
  afterSave?(op: OpContext<S>, row: Row, body: Row, mode: 'create' | 'update'): Promise<void> | void;
  /** After the write committed: refresh caches that read outside the transaction. */
  afterCommit?(op: OpContext<S>, mode: 'create' | 'update' | 'remove'): Promise<void> | void;
  /** Refuse or prepare a delete (e.g. built-in rows). */
  beforeRemove?(op: OpContext<S>, rows: Row[]): Promise<void> | void;
  /** Shape a row for replies (list, detail, export). */
  present?(row: Row, op: OpContext<S>): Row | Promise<Row>;
  /**
   * Shape all rows of a reply at once (a list page, an export, a detail as one row), for lookups
   * that would otherwise cost one query per row; used instead of `present` when set.
   */
  presentRows?(rows: Row[], op: OpContext<S>): Row[] | Promise<Row[]>;
  /**
   * The row as replies carry it, where `present` reshapes a column (a text made a list): by
   * default derived from the table (core/row-schema.ts), checked against every reply in the tests.
   */
  reply?: z.ZodObject;
  /** Replaces the default condition of a declared filter (e.g. a department "and below"). */
  filters?: Record<string, (value: string) => SQL | undefined>;
  /** Extra filters for the list, from query parameters the definition does not declare. */
  listFilter?(op: OpContext<S>, query: Row): SQL | undefined | Promise<SQL | undefined>;
  /** Hides secrets of a write's body in the operation log that the definition alone cannot tell (e.g. by a key's name). */
  logMask?(body: Row): Row;
}

/** Hooks of a site's rows (`resourceOperations<SiteRef>`) name the site column; their `op.site` is then non-null. */
type SiteDeclaration<S> = null extends S ? unknown : { siteColumn: string };

/** The columns of `table` by property name (the definition's field names). */
function columnsOf(def: ResourceDef, table: PgTable) {
  const cols = getTableColumns(table) as Record<string, PgColumn>;
  for (const name of Object.keys(def.fields)) {
    if (!cols[name] && def.fields[name]!.kind !== 'password') {
      // Virtual fields (e.g. roleIds) are fine as long as hooks handle them; only list/filter need columns.
      if ((def.fields[name]!.column && !def.fields[name]!.computed) || def.fields[name]!.filter) throw new Error(`${def.name}: field ${name} has no column`);
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

export type ResourceOperations = ReturnType<typeof resourceOperations>;

/**
 * The operations of a resource, callable without HTTP (routes, workers, jobs): list, get, create,
 * update, setStatus, remove, each with the access of its verb. Writes expect `op.tx` to be a
 * transaction (see `inTransaction`).
 */
export function resourceOperations<S extends SiteRef | null = SiteRef | null>(def: ResourceDef, table: PgTable, hooks: ResourceHooks<S> & SiteDeclaration<S> = {} as ResourceHooks<S> & SiteDeclaration<S>) {
  const cols = columnsOf(def, table);
  const idCol = cols[def.id];
  if (!idCol) throw new Error(`${def.name}: id field ${def.id} has no column`);
  const siteCol = hooks.siteColumn ? cols[hooks.siteColumn] : undefined;
  if (hooks.siteColumn && !siteCol) throw new Error(`${def.name}: site column ${hooks.siteColumn} missing`);

  /**
   * `op` as the hooks were declared for it: a site-scoped resource without a current site is
   * refused here, which is what lets its hooks' `op.site` be non-null.
   */
  const checked = (op: OpContext): OpContext<S> => {
    if (siteCol && !op.site) throw fail('cms.site.required');
    return op as OpContext<S>;
  };
  /** The current site's id (a site-scoped resource without a current site is refused). */
  const currentSiteId = (op: OpContext) => {
    if (!op.site) throw fail('cms.site.required');
    return op.site.siteId;
  };
  /** Rows of the current site only. */
  const siteRule: AccessRule<S> | undefined = siteCol ? (op) => eq(siteCol, currentSiteId(op)) : undefined;
  const where = (op: OpContext, verb: Verb, ...conds: (SQL | undefined)[]) =>
    composeAccess(checked(op), [siteRule, hooks.access?.['*'], hooks.access?.[verb]]).then((f) => and(...conds, f));

  async function presentRows(op: OpContext, rows: Row[]) {
    const shaped = hooks.presentRows
      ? await hooks.presentRows(rows, checked(op))
      : hooks.present ? await Promise.all(rows.map((r) => hooks.present!(r, checked(op)))) : rows;
    return shaped.map((r) => serialize(def, r));
  }

  /** The definition's checks across fields, on the record as it will be stored. */
  const assertChecks = (record: Row) => {
    const issues = def.check?.(record) ?? [];
    if (issues.length) throw new FieldFailure(issues, def.name);
  };

  function declaredFilters(q: Row) {
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
      const param = filterParamOf(name, f);
      const value = typeof q[param] === 'string' ? (q[param] as string).trim() : '';
      if (!value) continue;
      const custom = hooks.filters?.[name];
      if (custom) {
        conds.push(custom(value));
        continue;
      }
      conds.push(f.filter === 'like' ? ilike(col, likePattern(value)) : eq(col, f.kind === 'number' || f.kind === 'id' ? Number(value) : value));
    }
    return conds;
  }

  function orderOf(q: Row) {
    const requested = typeof q.orderByColumn === 'string' ? q.orderByColumn : undefined;
    const sortable = requested && def.fields[requested]?.column && cols[requested] ? requested : undefined;
    const field = sortable ?? def.sort?.field ?? def.id;
    const dir = sortable ? (String(q.isAsc).startsWith('desc') ? 'desc' : 'asc') : (def.sort?.order ?? 'asc');
    const col = cols[field]!;
    return [dir === 'desc' ? desc(col) : asc(col), asc(idCol!)];
  }

  /** The row with this id that `verb` may touch, or "not found" (what one may not touch is not revealed). */
  async function load(op: OpContext, verb: Verb, id: number) {
    const [row] = await op.tx.select().from(table).where(await where(op, verb, eq(idCol!, id)));
    if (!row) throw fail('resource.notFound');
    return row as Row;
  }

  /** After a write, in its transaction: the row must still be within the verb's reach. */
  async function assertStillInReach(op: OpContext, verb: Verb, id: unknown) {
    const [hit] = await op.tx.select({ n: count() }).from(table).where(await where(op, verb, eq(idCol!, id)));
    if (!Number(hit?.n)) throw fail('resource.outOfReach');
  }

  async function assertUnique(op: OpContext, values: Row, exceptId?: number) {
    for (const name of def.unique ?? []) {
      const value = values[name];
      if (value === undefined || value === null || value === '') continue;
      // Unique per site for a site's rows: another site's row never clashes, nor is it revealed.
      const cond = and(eq(cols[name]!, value), exceptId === undefined ? undefined : ne(idCol!, exceptId), siteCol ? eq(siteCol, currentSiteId(op)) : undefined);
      const [hit] = await op.tx.select({ n: count() }).from(table).where(cond);
      if (hit && Number(hit.n) > 0) throw fail('resource.exists', { field: op.services.i18n.fieldLabel(op.locale, name, def.name), value });
    }
  }

  const afterCommit = (op: OpContext, mode: 'create' | 'update' | 'remove') => {
    if (hooks.afterCommit) op.afterCommit(() => hooks.afterCommit!(checked(op), mode));
  };

  return {
    def,
    table,
    /** the row's shape in replies, when the hooks declare one (else derived from the table) */
    reply: hooks.reply,
    /** rows belong to a site: every route works on the current site */
    siteScoped: !!siteCol,
    /** A write's body as the operation log keeps it: the definition's secrets and the hook's masked. */
    logMask(body: unknown): unknown {
      const masked = maskSecrets(def, body);
      return hooks.logMask && masked && typeof masked === 'object' && !Array.isArray(masked) ? hooks.logMask(masked as Row) : masked;
    },
    /** The filter of `verb` for this actor and site (for custom routes over the same table). */
    where,
    /** What `verb` needs as declared data (its access rules that are grant needs): its routes declare them. */
    needsOf(verb: Verb): GrantNeed[] {
      return [hooks.access?.['*'], hooks.access?.[verb]].flatMap((rule) => (isGrantNeed(rule) ? [rule] : []));
    },
    load,
    async list(op: OpContext, q: Row, all = false) {
      const cond = await where(op, 'read', ...declaredFilters(q), await hooks.listFilter?.(checked(op), q));
      const { offset, limit } = paging(q, def.pageSize);
      const base = op.tx.select().from(table).where(cond).orderBy(...orderOf(q));
      const rows = (all ? await base : await base.limit(limit).offset(offset)) as Row[];
      const [total] = await op.tx.select({ n: count() }).from(table).where(cond);
      return { rows: await presentRows(op, rows), total: Number(total?.n ?? 0) };
    },
    async get(op: OpContext, id: number) {
      return (await presentRows(op, [await load(op, 'read', id)]))[0]!;
    },
    async create(op: OpContext, body: Row): Promise<Row> {
      const values: Row = { ...columnValues(cols, body), createBy: op.actor.userName, createTime: new Date() };
      if (siteCol) values[hooks.siteColumn!] = op.site?.siteId;
      mergeSecrets(def, values);
      assertChecks(values);
      await composeAccess(checked(op), [siteRule, hooks.access?.['*'], hooks.access?.create]);
      await hooks.beforeSave?.(checked(op), values, 'create');
      await assertUnique(op, values);
      const [inserted] = await op.tx.insert(table).values(values).returning();
      const row = inserted as Row;
      await hooks.afterSave?.(checked(op), row, body, 'create');
      await assertStillInReach(op, 'create', row[def.id]);
      afterCommit(op, 'create');
      return row;
    },
    async update(op: OpContext, body: Row): Promise<Row> {
      const id = body[def.id] as number;
      const existing = await load(op, 'update', id);
      const values: Row = { ...columnValues(cols, body), updateBy: op.actor.userName, updateTime: new Date() };
      delete values[def.id];
      if (siteCol) delete values[hooks.siteColumn!];
      mergeSecrets(def, values, existing);
      assertChecks({ ...existing, ...values });
      await hooks.beforeSave?.(checked(op), values, 'update', existing);
      await assertUnique(op, values, id);
      // A table without update stamps, given none of its fields, has nothing to set: the row as it is
      // (drizzle refuses an empty SET).
      const columns = getTableColumns(table);
      const [updated] = Object.keys(values).some((k) => k in columns) ? await op.tx.update(table).set(values).where(eq(idCol!, id)).returning() : [existing];
      await hooks.afterSave?.(checked(op), updated as Row, body, 'update');
      await assertStillInReach(op, 'update', id);
      afterCommit(op, 'update');
      return updated as Row;
    },
    /**
     * The list's on/off switch: an update of `status` alone, with the update verb's access before
     * and after (a filter on the status itself must not let a switch move a row out of reach).
     */
    async setStatus(op: OpContext, id: number, status: string): Promise<void> {
      await load(op, 'update', id);
      await op.tx.update(table).set({ status, updateBy: op.actor.userName, updateTime: new Date() }).where(eq(idCol!, id));
      await assertStillInReach(op, 'update', id);
    },
    async remove(op: OpContext, ids: number[]): Promise<void> {
      const unique = [...new Set(ids)];
      const rows = (await op.tx.select().from(table).where(await where(op, 'remove', inArray(idCol!, unique)))) as Row[];
      // Deleting what one cannot see reads as "not found": nothing is deleted, nothing is revealed.
      if (rows.length !== unique.length) throw fail('resource.notFound');
      await hooks.beforeRemove?.(checked(op), rows);
      await op.tx.delete(table).where(inArray(idCol!, unique));
      afterCommit(op, 'remove');
    },
  };
}
