import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import yazl from 'yazl';
import { defineRoute, noData, RAW, type AnyRoute } from '../../../core/route.ts';
import { pageOf, rowSchemaOf } from '../../../core/row-schema.ts';
import { paging, table } from '../../../core/envelope.ts';
import { fail } from '../../../core/errors.ts';
import { writeOf } from '../../../core/operation.ts';
import { id } from '../../../../shared/validators/common.ts';
import {
  DICT_TYPE, FORM_WIDGETS, GEN_API, GEN_MODULES, GEN_PERMS, MENU_PARENTS, PERM_PREFIX, QUERY_TYPES, RESOURCE_NAME, SQL_NAME,
} from '../../../../shared/tool/gen-keys.ts';
import { generate } from './emit/index.ts';
import type { GenFiles } from './model.ts';
import { importableTables, importTables, listImported, presentSpec, removeTables, saveSpec, specByName, specOf, syncSpec } from './store.ts';
import { writeFiles } from './write.ts';
import { genTable, genTableColumn } from './schema.ts';

const LOG = 'oplog.gen';
const label = z.string().trim().min(1).max(100);
const tableIdParams = z.object({ tableId: id() });
/** A table's name as a path parameter: held to the generator's shape before any lookup. */
const tableNameParams = z.object({ tableName: z.string().regex(SQL_NAME) });
/** ChestnutCMS passes several tables as one comma-separated parameter. */
const tableList = z.string().max(4000).transform((s) => s.split(',').map((n) => n.trim()).filter(Boolean)).pipe(z.array(z.string().regex(SQL_NAME)).min(1).max(50));
const listQuery = z.object({ tableName: z.string().max(63).optional(), pageNum: z.string().optional(), pageSize: z.string().optional() });

const columnEdit = z.object({
  columnId: id(),
  fieldName: z.string().regex(/^[a-z][A-Za-z0-9]{0,62}$/).optional(),
  labelZhCn: label.optional(), labelZhTw: label.optional(), labelEn: label.optional(),
  inList: z.boolean().optional(), inQuery: z.boolean().optional(), inForm: z.boolean().optional(), required: z.boolean().optional(),
  queryType: z.enum(QUERY_TYPES).optional(),
  formWidget: z.enum(FORM_WIDGETS).optional(),
  dictType: z.union([z.string().regex(DICT_TYPE), z.literal('')]).nullable().optional().transform((v) => (v === '' ? null : v)),
  maxLength: z.coerce.number().int().min(1).max(100000).nullable().optional(),
  sort: z.coerce.number().int().min(0).max(9999).optional(),
});
const tableEdit = z.object({
  tableId: id(),
  resourceName: z.string().regex(RESOURCE_NAME).optional(),
  moduleName: z.enum(GEN_MODULES).optional(),
  menuParent: z.enum(MENU_PARENTS).optional(),
  menuId: z.coerce.number().int().min(1).max(2_000_000_000).optional(),
  permPrefix: z.string().regex(PERM_PREFIX).optional(),
  titleZhCn: label.optional(), titleZhTw: label.optional(), titleEn: label.optional(),
  tableComment: z.string().max(500).nullable().optional(),
  columns: z.array(columnEdit).max(500).default([]),
});

/** An imported table's settings (its times as text), and its columns' as stored. */
const tableRow = rowSchemaOf(genTable).extend({ createTime: z.string(), updateTime: z.string() });
const columnRow = rowSchemaOf(genTableColumn);
/** The generated files: their text by path. */
const filesReply = z.record(z.string(), z.string());

/** The files of a zip, and the reply that sends it as a download. */
async function sendZip(reply: FastifyReply, files: GenFiles, fileName: string) {
  const zip = new yazl.ZipFile();
  for (const [path, content] of Object.entries(files)) zip.addBuffer(Buffer.from(content, 'utf8'), path);
  zip.end();
  const name = encodeURIComponent(fileName);
  await reply
    .header('download-filename', name)
    .header('Access-Control-Expose-Headers', 'download-filename')
    .header('Content-Disposition', `attachment; filename*=UTF-8''${name}`)
    .type('application/zip')
    .send(zip.outputStream as unknown as Readable);
  return RAW;
}

const saveRoute = (method: 'PUT' | 'POST', url: string) => defineRoute({
  method, url, perm: GEN_PERMS.edit, body: tableEdit,
  log: { title: LOG, type: 'UPDATE' },
  reply: noData,
  handler: (ctx) => writeOf(ctx, async (op) => {
    const { tableId, columns, ...values } = ctx.body;
    await saveSpec(op.tx, tableId, values, columns, op.actor.userName);
  }),
});

/** Removes tables from the generator (not from the database): ChestnutCMS's POST …/delete, and DELETE as the console's resource screen sends it. */
const removeRoute = (method: 'POST' | 'DELETE', url: string) => defineRoute({
  method, url, perm: GEN_PERMS.remove, body: z.array(id()).min(1).max(1000),
  log: { title: LOG, type: 'DELETE' },
  reply: noData,
  handler: (ctx) => writeOf(ctx, (op) => removeTables(op.tx, ctx.body)),
});

/**
 * Tools → Code Generation (ChestnutCMS /tool/gen, its paths and keys): tables of the database
 * imported, configured and turned into a Castanea resource's files, previewed, downloaded as a
 * zip, or written into the working tree by a server in development mode (config genWriteRoot).
 */
export const genRoutes: AnyRoute[] = [
  defineRoute({
    method: 'GET', url: `${GEN_API}/list`, perm: GEN_PERMS.view, query: listQuery,
    reply: pageOf(tableRow),
    handler: async ({ db, query }) => {
      const { offset, limit } = paging(query);
      const { rows, total } = await listImported(db, { tableName: query.tableName, offset, limit });
      return table(rows, total);
    },
  }),
  defineRoute({
    method: 'GET', url: `${GEN_API}/db/list`, perm: GEN_PERMS.view, query: listQuery,
    reply: pageOf(z.object({ tableName: z.string(), tableComment: z.string().nullable() })),
    handler: async ({ db, query }) => {
      const { offset, limit } = paging(query);
      const all = await importableTables(db, query.tableName);
      return table(all.slice(offset, offset + limit), all.length);
    },
  }),
  defineRoute({
    method: 'POST', url: `${GEN_API}/importTable`, perm: GEN_PERMS.import, query: z.object({ tables: tableList }),
    log: { title: LOG, type: 'IMPORT' },
    reply: z.array(z.int()).describe('the new tables\' ids'),
    handler: (ctx) => writeOf(ctx, (op) => importTables(op.tx, ctx.query.tables, op.actor.userName)),
  }),
  defineRoute({
    method: 'GET', url: `${GEN_API}/:tableId`, perm: GEN_PERMS.view, params: tableIdParams,
    reply: z.object({ info: tableRow, rows: z.array(columnRow) }),
    handler: async ({ db, params }) => presentSpec(await specOf(db, params.tableId)),
  }),
  defineRoute({
    method: 'GET', url: `${GEN_API}/column/:tableId`, perm: GEN_PERMS.view, params: tableIdParams,
    reply: pageOf(columnRow),
    handler: async ({ db, params }) => table((await specOf(db, params.tableId)).columns),
  }),
  saveRoute('PUT', GEN_API),
  saveRoute('POST', `${GEN_API}/update`),
  removeRoute('POST', `${GEN_API}/delete`),
  removeRoute('DELETE', GEN_API),
  defineRoute({
    method: 'GET', url: `${GEN_API}/synchDb/:tableName`, perm: GEN_PERMS.edit, params: tableNameParams,
    log: { title: LOG, type: 'UPDATE' },
    reply: z.object({ added: z.array(z.string()), removed: z.array(z.string()) }).describe('the columns added and removed, by name'),
    handler: (ctx) => writeOf(ctx, (op) => syncSpec(op.tx, ctx.params.tableName)),
  }),
  defineRoute({
    method: 'GET', url: `${GEN_API}/preview/:tableId`, perm: GEN_PERMS.preview, params: tableIdParams,
    reply: filesReply,
    handler: async ({ db, params }) => generate(await specOf(db, params.tableId)),
  }),
  defineRoute({
    method: 'GET', url: `${GEN_API}/download/:tableName`, perm: GEN_PERMS.code, params: tableNameParams,
    produces: 'application/zip',
    handler: async (ctx) => sendZip(ctx.reply, generate(await specByName(ctx.db, ctx.params.tableName)), `${ctx.params.tableName}.zip`),
  }),
  defineRoute({
    method: 'GET', url: `${GEN_API}/batchGenCode`, perm: GEN_PERMS.code, query: z.object({ tables: tableList }),
    produces: 'application/zip',
    handler: async (ctx) => {
      const files: GenFiles = {};
      for (const name of new Set(ctx.query.tables)) Object.assign(files, generate(await specByName(ctx.db, name)));
      return sendZip(ctx.reply, files, 'castanea-gen.zip');
    },
  }),
  defineRoute({
    method: 'GET', url: `${GEN_API}/genCode/:tableName`, perm: GEN_PERMS.code, params: tableNameParams,
    log: { title: LOG, type: 'OTHER' },
    reply: z.array(z.string()).describe('the files written, by path'),
    handler: async (ctx) => {
      const root = ctx.services.config.genWriteRoot;
      if (!root) throw fail('gen.writeOff');
      return writeFiles(root, generate(await specByName(ctx.db, ctx.params.tableName)));
    },
  }),
];
