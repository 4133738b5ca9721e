import { z } from 'zod';
import { and, getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ResourceDef } from '../../shared/resources/define.ts';
import { idListSchema, inputSchema, listQuerySchema } from '../../shared/resources/schemas.ts';
import type { Requirement } from './access.ts';
import { id as idSchema } from '../../shared/validators/common.ts';
import { defineRoute, noData, RAW, type AnyRoute } from './route.ts';
import { pageOf, rowSchemaOf } from './row-schema.ts';
import { fail } from './errors.ts';
import { readOf, writeOf, type OpContext, type SiteRef } from './operation.ts';
import { table as tablePage } from './envelope.ts';
import { sendWorkbook, XLSX_TYPE } from './xlsx.ts';
import { dictLabelKey } from './text-keys.ts';
import { resourceOperations, type ResourceHooks, type ResourceOperations, type Verb } from './resource.ts';
import type { GrantNeed } from './grants.ts';

/** The resource pattern's HTTP side: the routes a definition's operations answer on (list, read, add, edit, delete, export, status). */

type Row = Record<string, unknown>;
const idParams = z.object({ id: idSchema() });

/** A verb's declared needs as its route's `grants` (checked by the pipeline, walked by the access matrix). */
function grantsOf(ops: ResourceOperations, verb: Verb): { grants?: GrantNeed[] } {
  const needs = ops.needsOf(verb);
  return needs.length ? { grants: needs } : {};
}

/**
 * The routes of a resource over its operations: GET {api}/list, GET {api}/:id, POST, PUT and DELETE
 * {api}, and the export (POST {api}/list with header cc-export), each under its permission key.
 */
export function resourceRoutes(def: ResourceDef, table: PgTable, hooks: ResourceHooks<SiteRef | null> = {}): AnyRoute[] {
  return routesOf(resourceOperations(def, table, hooks));
}

/** A resource's row as its replies carry it: what its hooks declare, else derived from its table. */
export const rowReplyOf = (ops: ResourceOperations) => ops.reply ?? rowSchemaOf(ops.table, ops.def);

export function routesOf(ops: ResourceOperations): AnyRoute[] {
  const { def } = ops;
  const createBody = inputSchema(def, 'create');
  const updateBody = inputSchema(def, 'update');
  const query = listQuerySchema(def);
  const row = rowReplyOf(ops);

  const routes: AnyRoute[] = [
    defineRoute({
      method: 'GET',
      url: `${def.api}/list`,
      perm: def.perms.view,
      ...grantsOf(ops, 'read'),
      query,
      reply: pageOf(row),
      handler: async (ctx) => {
        const { rows, total } = await ops.list(readOf(ctx), ctx.query as Row);
        return tablePage(rows, total);
      },
    }),
    defineRoute({
      method: 'GET',
      url: `${def.api}/:id`,
      perm: def.perms.view,
      ...grantsOf(ops, 'read'),
      params: idParams,
      reply: row,
      handler: (ctx) => ops.get(readOf(ctx), ctx.params.id),
    }),
  ];

  if (def.perms.add) {
    routes.push(defineRoute({
      method: 'POST',
      url: def.api,
      perm: def.perms.add,
      ...grantsOf(ops, 'create'),
      body: createBody,
      log: { title: def.title, type: 'ADD', mask: ops.logMask },
      reply: z.object({ [def.id]: z.int() }),
      handler: async (ctx) => {
        const row = await writeOf(ctx, (op) => ops.create(op, ctx.body as Row));
        return { [def.id]: row[def.id] };
      },
    }));
  }

  if (def.perms.edit) {
    routes.push(defineRoute({
      method: 'PUT',
      url: def.api,
      perm: def.perms.edit,
      ...grantsOf(ops, 'update'),
      body: updateBody,
      log: { title: def.title, type: 'UPDATE', mask: ops.logMask },
      reply: noData,
      handler: async (ctx) => {
        await writeOf(ctx, (op) => ops.update(op, ctx.body as Row));
        return undefined;
      },
    }));
  }

  if (def.perms.remove) {
    routes.push(defineRoute({
      method: 'DELETE',
      url: def.api,
      perm: def.perms.remove,
      ...grantsOf(ops, 'remove'),
      body: idListSchema,
      log: { title: def.title, type: 'DELETE', mask: ops.logMask },
      reply: noData,
      handler: async (ctx) => {
        await writeOf(ctx, (op) => ops.remove(op, ctx.body as number[]));
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
      ...grantsOf(ops, 'read'),
      query,
      log: { title: def.title, type: 'EXPORT' },
      allowRepeat: true,
      produces: XLSX_TYPE,
      handler: async (ctx) => {
        const op = readOf(ctx);
        if (!ctx.req.headers['cc-export']) throw fail('resource.exportOnly');
        const q = { ...(ctx.query as Row), ...((ctx.req.body as Row | undefined) ?? {}) };
        const { rows } = await ops.list(op, q, true);
        const columns = Object.entries(def.fields)
          .filter(([, f]) => f.export ?? !!f.column)
          .map(([name, f]) => ({
            key: name,
            header: f.label ? op.services.i18n.fieldLabel(op.locale, f.label.replace(/^fields:/, '')) : op.services.i18n.fieldLabel(op.locale, name, def.name),
            dict: f.dict,
          }));
        const dictLabel = (dict: string, value: unknown) => op.services.i18n.dbText(op.locale, dictLabelKey(dict, value), String(value ?? ''));
        // A field of several values (e.g. a multi-select) lists each one's label.
        await sendWorkbook(ctx.reply, def.name, columns, rows, (dict, value) =>
          Array.isArray(value) ? value.map((x) => dictLabel(dict, x)).join(', ') : dictLabel(dict, value),
        );
        return RAW;
      },
    }));
  }
  // Validation messages name fields as the resource's screen labels them; rows of a site are
  // read and written on the current site only.
  return routes.map((r) => ({ ...r, labels: def.name, resource: def, ...(ops.siteScoped ? { site: true as const } : {}) }));
}

/**
 * PUT {api}/changeStatus `{<id>, status}`: the list's on/off switch of a resource with a `status`
 * column (0 on, 1 off), with the update verb's access. `afterCommit` follows the change, e.g. a
 * scheduler re-arming the row.
 */
export function statusRoute(ops: ResourceOperations, perm: Requirement, afterCommit?: (op: OpContext, id: number) => Promise<void> | void): AnyRoute {
  const { def, table } = ops;
  const cols = getTableColumns(table) as Record<string, PgColumn>;
  if (!cols.status) throw new Error(`${def.name}: changeStatus needs a status column`);
  return defineRoute({
    method: 'PUT',
    url: `${def.api}/changeStatus`,
    perm,
    ...grantsOf(ops, 'update'),
    labels: def.name,
    resource: def,
    ...(ops.siteScoped ? { site: true as const } : {}),
    body: z.object({ [def.id]: idSchema(), status: z.enum(['0', '1']) }),
    log: { title: def.title, type: 'UPDATE' },
    reply: noData,
    handler: async (ctx) => {
      const rowId = (ctx.body as Row)[def.id] as number;
      await writeOf(ctx, async (op) => {
        await ops.setStatus(op, rowId, (ctx.body as Row).status as string);
        if (afterCommit) op.afterCommit(() => afterCommit(op, rowId));
      });
      return undefined;
    },
  });
}
