import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { defineRoute, noData, type AnyRoute } from '../../../core/route.ts';
import { rowSchemaOf } from '../../../core/row-schema.ts';
import { readOf, writeOf, type OpContext } from '../../../core/operation.ts';
import { fail } from '../../../core/errors.ts';
import { formatDateTime } from '../../../../shared/format.ts';
import { id, requiredText } from '../../../../shared/validators/common.ts';
import { inputSchema } from '../../../../shared/resources/schemas.ts';
import { catalogResource } from '../../../../shared/resources/cms/catalog.ts';
import { catalogTemplateProps } from '../../../../shared/cms/pipe-props.ts';
import { CATALOG_TYPES, CONTENT_TYPES } from '../../../../shared/cms/content.ts';
import { permsIn } from '../../../../shared/cms/perms.ts';
import { grantRoutesFor } from '../perms/routes.ts';
import { pipesOf } from '../site/operations.ts';
import { catalogRights } from './access.ts';
import { onCatalog } from './needs.ts';
import { editsSite } from '../site/current.ts';
import { batchAdd, CATALOG_GRANTS, createCatalog, moveCatalog, proposeNames, removeCatalog, setVisible, sortCatalog, updateCatalog } from './operations.ts';
import { catalogTree } from './tree.ts';
import { applyDefaultTemplate } from './default-template.ts';
import { cmsCatalog } from './schema.ts';
import { editorLinksOf } from '../resource/editor-links.ts';

// What each call needs on the catalogs it names (checked by the pipeline, rows handed over).
const viewed = onCatalog('View', 'params.id');
/** Where a catalog is added: Edit on the parent; at the top level (parentId 0), AddCatalog on the site. */
const parentInBody = onCatalog('Edit', 'body.parentId', { orSite: 'AddCatalog' });
const edited = onCatalog('Edit', 'body.catalogId');
const removed = onCatalog('Delete', 'params.id');
const moved = onCatalog('Move', 'params.from');
const moveTarget = onCatalog('Edit', 'params.to', { orSite: 'AddCatalog' });
const sorted = onCatalog('Sort', 'body.catalogId');
const shownOrHidden = onCatalog('ShowHide', 'body.catalogId');
const templatesTo = onCatalog('Edit', 'body.toCatalogIds');

const API = catalogResource.api;
const P = catalogResource.perms;
const LABELS = [catalogResource.name, 'siteConfig'];
const digits = z.string().regex(/^\d{1,15}$/).transform(Number);
const pipeDatas = z.array(z.object({ pipeCode: z.string().max(20), props: catalogTemplateProps })).max(50).optional();
const catalogTitle = { title: catalogResource.title };

/** A catalog's templates per pipe (empty = the site's default), one entry per pipe of the site. */
async function templatesOf(op: OpContext, row: typeof cmsCatalog.$inferSelect) {
  const keys = Object.keys(catalogTemplateProps.shape);
  return (await pipesOf(op.tx, row.siteId)).map((p) => ({
    pipeCode: p.code,
    pipeName: p.name,
    enabled: p.status === '0',
    props: Object.fromEntries(keys.map((k) => [k, row.publishPipeProps[p.code]?.[k] ?? ''])),
  }));
}

async function saveTemplates(op: OpContext, row: typeof cmsCatalog.$inferSelect, datas: { pipeCode: string; props: Record<string, unknown> }[]) {
  if (!datas.length) return;
  const codes = new Set((await pipesOf(op.tx, row.siteId)).map((p) => p.code));
  const next = { ...row.publishPipeProps };
  for (const d of datas) {
    if (!codes.has(d.pipeCode)) throw fail('cms.pipe.unknown', { code: d.pipeCode });
    next[d.pipeCode] = { ...(next[d.pipeCode] ?? {}), ...d.props };
  }
  await op.tx.update(cmsCatalog).set({ publishPipeProps: next }).where(eq(cmsCatalog.catalogId, row.catalogId));
}

/** A catalog of the tree (tree.ts CatalogNode), children nested. */
const catalogNodeReply: z.ZodType = z.object({
  id: z.int(),
  parentId: z.int(),
  label: z.string(),
  disabled: z.boolean(),
  props: z.object({ alias: z.string(), path: z.string(), catalogType: z.string(), visibleFlag: z.string(), staticFlag: z.string(), treeLevel: z.int(), childCount: z.int() }),
  perms: z.array(z.string()),
  get children() {
    return z.array(catalogNodeReply).optional();
  },
}).meta({ id: 'CatalogNode' });
/** A type's id and its name in the reader's language. */
const typesReply = z.array(z.object({ id: z.string(), name: z.string() }));

export const catalogRoutes: AnyRoute[] = [
  defineRoute({
    method: 'GET',
    url: `${API}/treeData`,
    perm: P.view,
    site: true,
    query: z.object({ disableLink: z.enum(['true', 'false']).optional() }),
    reply: z.object({ rows: z.array(catalogNodeReply), siteName: z.string(), sitePerms: z.array(z.string()) }),
    handler: async (ctx) => {
      const op = readOf(ctx);
      const rows = await catalogTree(op, await catalogRights(op), { disableLink: ctx.query.disableLink === 'true' });
      // sitePerms: the reader's rights on the site, what the tree's root (the top level) allows.
      return { rows, siteName: op.site.siteName, sitePerms: permsIn('Site', op.site.bits) };
    },
  }),
  defineRoute({
    method: 'GET',
    url: `${API}/getCatalogTypes`,
    perm: 'login',
    reply: typesReply,
    handler: ({ t }) => CATALOG_TYPES.map((type) => ({ id: type, name: t(`cms.catalogType.${type}`) })),
  }),
  defineRoute({
    method: 'GET',
    url: `${API}/getContentTypes`,
    perm: 'login',
    reply: typesReply,
    handler: ({ t }) => CONTENT_TYPES.map((type) => ({ id: type, name: t(`cms.contentType.${type}`) })),
  }),
  defineRoute({
    method: 'GET',
    url: `${API}/:id`,
    perm: P.view,
    site: true,
    grants: [viewed],
    params: z.object({ id: digits }),
    reply: rowSchemaOf(cmsCatalog).omit({ deleteTime: true, deleteBy: true, publishPipeProps: true }).extend({
      updateTime: z.string().optional(),
      parentName: z.string(),
      publishPipeDatas: z.array(z.object({ pipeCode: z.string(), pipeName: z.string(), enabled: z.boolean(), props: z.record(z.string(), z.unknown()) })),
    }),
    // The Basic tab: the catalog, its parent's name and its templates per pipe.
    handler: async (ctx) => {
      const op = readOf(ctx);
      const row = ctx.held.row(viewed);
      const [parent] = row.parentId ? await op.tx.select({ name: cmsCatalog.name }).from(cmsCatalog).where(eq(cmsCatalog.catalogId, row.parentId)) : [];
      const { deleteTime: _d, deleteBy: _b, publishPipeProps: _p, ...fields } = row;
      // The logo is stored as an internal link: the form shows its address.
      if (fields.logo) fields.logo = (await editorLinksOf(op.tx, row.siteId)).show(fields.logo);
      return { ...fields, createTime: formatDateTime(row.createTime), updateTime: row.updateTime ? formatDateTime(row.updateTime) : undefined, parentName: parent?.name ?? op.site.siteName, publishPipeDatas: await templatesOf(op, row) };
    },
  }),
  defineRoute({
    method: 'POST',
    url: API,
    perm: P.add!,
    site: true,
    grants: [parentInBody],
    labels: LABELS,
    body: inputSchema(catalogResource, 'create'),
    log: { ...catalogTitle, type: 'ADD' },
    reply: z.object({ catalogId: z.int() }),
    handler: async (ctx) => {
      const row = await writeOf(ctx, (op) => createCatalog(op, ctx.held.one(parentInBody) ?? null, ctx.body as Record<string, unknown>));
      return { catalogId: row.catalogId };
    },
  }),
  defineRoute({
    method: 'PUT',
    url: API,
    perm: P.edit!,
    site: true,
    grants: [edited],
    labels: LABELS,
    body: (inputSchema(catalogResource, 'update') as unknown as z.ZodObject).extend({ publishPipeDatas: pipeDatas }),
    log: { ...catalogTitle, type: 'UPDATE' },
    reply: noData,
    handler: (ctx) =>
      writeOf(ctx, async (op) => {
        const body = ctx.body as Record<string, unknown>;
        await updateCatalog(op, ctx.held.row(edited), body);
        // As stored now: the templates are saved over the catalog's new values.
        const [row] = await op.tx.select().from(cmsCatalog).where(eq(cmsCatalog.catalogId, ctx.held.row(edited).catalogId));
        await saveTemplates(op, row!, (body.publishPipeDatas ?? []) as { pipeCode: string; props: Record<string, unknown> }[]);
      }).then(() => undefined),
  }),
  defineRoute({
    method: 'DELETE',
    url: `${API}/:id`,
    perm: P.remove!,
    site: true,
    grants: [removed],
    params: z.object({ id: digits }),
    log: { ...catalogTitle, type: 'DELETE' },
    reply: z.object({ removed: z.int() }),
    // The subtree goes, and its contents to the recycle bin (spec §8's confirmation says so first).
    handler: (ctx) => writeOf(ctx, (op) => removeCatalog(op, ctx.held.row(removed))).then((ids) => ({ removed: ids.length })),
  }),
  defineRoute({
    method: 'POST',
    url: `${API}/move/:from/:to`,
    perm: 'cms:catalog:move',
    site: true,
    grants: [moved, moveTarget],
    params: z.object({ from: digits, to: z.string().regex(/^\d{1,15}$/).transform(Number) }),
    log: { ...catalogTitle, type: 'UPDATE' },
    reply: noData,
    handler: (ctx) => writeOf(ctx, (op) => moveCatalog(op, ctx.held.row(moved), ctx.held.one(moveTarget) ?? null)).then(() => undefined),
  }),
  defineRoute({
    method: 'POST',
    url: `${API}/sort`,
    perm: P.edit!,
    site: true,
    grants: [sorted],
    body: z.object({ catalogId: id(), sort: z.coerce.number().int().min(-10000).max(10000) }),
    log: { ...catalogTitle, type: 'UPDATE' },
    reply: noData,
    handler: (ctx) => writeOf(ctx, (op) => sortCatalog(op, ctx.held.row(sorted), ctx.body.sort)).then(() => undefined),
  }),
  defineRoute({
    method: 'POST',
    url: `${API}/visible`,
    perm: P.edit!,
    site: true,
    grants: [shownOrHidden],
    body: z.object({ catalogId: id(), visible: z.enum(['Y', 'N']) }),
    log: { ...catalogTitle, type: 'UPDATE' },
    reply: noData,
    handler: (ctx) => writeOf(ctx, (op) => setVisible(op, ctx.held.row(shownOrHidden), ctx.body.visible)).then(() => undefined),
  }),
  defineRoute({
    method: 'POST',
    url: `${API}/batchAdd`,
    perm: P.add!,
    site: true,
    grants: [parentInBody],
    labels: LABELS,
    body: z.object({ parentId: z.coerce.number().int().min(0).default(0), catalogs: z.string().max(50_000) }),
    log: { ...catalogTitle, type: 'ADD' },
    reply: z.array(z.object({ catalogId: z.int(), name: z.string(), alias: z.string(), path: z.string() })),
    handler: async (ctx) => {
      const rows = await writeOf(ctx, (op) => batchAdd(op, ctx.held.one(parentInBody) ?? null, ctx.body.catalogs));
      return rows.map(({ catalogId, name, alias, path }) => ({ catalogId, name, alias, path }));
    },
  }),
  defineRoute({
    method: 'POST',
    url: `${API}/spelling`,
    perm: P.add!,
    site: true,
    grants: [parentInBody],
    labels: LABELS,
    body: z.object({ parentId: z.coerce.number().int().min(0).default(0), name: requiredText(100) }),
    // The add dialog asks as the name is typed: a proposal, not a change (nothing logged, the same name may be asked again).
    log: false,
    allowRepeat: true,
    reply: z.object({ alias: z.string(), path: z.string() }),
    handler: (ctx) => proposeNames(readOf(ctx), ctx.held.one(parentInBody) ?? null, ctx.body.name),
  }),
  defineRoute({
    method: 'POST',
    url: '/cms/site/apply_default_template',
    perm: 'cms:site:edit',
    site: true,
    // Site Edit (as saving the defaults needs) and Catalog Edit on each catalog, the current site's.
    grants: [editsSite, templatesTo],
    body: z.object({ toCatalogIds: z.array(id()).min(1).max(5000), pipeCodes: z.array(z.string().max(20)).max(50).optional() }),
    log: { title: 'oplog.site', type: 'UPDATE' },
    reply: noData,
    // A `siteId` in the body (ChestnutCMS sends one) is not read: the current site's templates go.
    handler: (ctx) => writeOf(ctx, (op) => applyDefaultTemplate(op, ctx.held.all(templatesTo), ctx.body.pipeCodes)).then(() => undefined),
  }),
  // Per-catalog grants (the role and user screens): a grant covers the catalog's subtree.
  ...grantRoutesFor(CATALOG_GRANTS),
];

