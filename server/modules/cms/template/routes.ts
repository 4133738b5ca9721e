import { defineRoute, noData, type AnyRoute } from '../../../core/route.ts';
import { readOf, writeOf } from '../../../core/operation.ts';
import { table } from '../../../core/envelope.ts';
import { pageOf } from '../../../core/row-schema.ts';
import { z } from 'zod';
import {
  templateAddBody, templateCheckBody, templateDeleteBody, templateListQuery, templatePreviewBody, templateRef, templateRenameBody, templateRestoreBody,
  templateSaveBody, templateVersionQuery,
} from '../../../../shared/validators/template.ts';
import { addTemplate, checkTemplate, deleteTemplates, listTemplates, readTemplate, renameTemplate, restoreVersion, saveTemplate } from './operations.ts';
import { previewTemplate } from './workbench-preview.ts';
import { consoleOriginOf } from './preview-tickets.ts';
import { listVersions, versionOf } from './versions.ts';
import { dynamicPageTypes, dynamicPageTypesReply } from './dynamic-types.ts';
import { filterDocs, filterDocsReply, tagDocs, tagDocsReply, variableDocs, variableDocsReply } from './docs.ts';
import { editsSite } from '../site/current.ts';
import { onCatalog } from '../catalog/needs.ts';
import { onContents } from '../content/needs.ts';

const previewedContent = onContents('View', 'body.contentId');
const previewedCatalog = onCatalog('View', 'body.catalogId');

const API = '/cms/template';
const PERMS = { view: 'cms:template:view', add: 'cms:template:add', edit: 'cms:template:edit', remove: 'cms:template:remove' } as const;
const LOG = { title: 'oplog.template' } as const;
/** Template writes change files, not rows; they run as operations all the same (the site's checks, the log). */
/** The template screens and the tag reference read the registry. */
const DOCS = { anyOf: ['cms:staticize:view', PERMS.view] };

/** A syntax problem of a template's text, where the editor marks it. */
const problemReply = z.object({ template: z.string(), line: z.int(), col: z.int(), message: z.string() });
/** A template as written: its pipe, its name and the problems its text has (none: []). */
const savedTemplateReply = z.object({ publishPipeCode: z.string(), path: z.string(), problems: z.array(problemReply) });

export const templateRoutes: AnyRoute[] = [
  defineRoute({
    method: 'GET', url: `${API}/list`, perm: PERMS.view, site: true, labels: 'template', query: templateListQuery,
    reply: pageOf(z.looseObject({ publishPipeCode: z.string(), path: z.string() })),
    handler: async (ctx) => table(await listTemplates(readOf(ctx), ctx.query)),
  }),
  defineRoute({
    method: 'GET', url: `${API}/detail`, perm: PERMS.view, site: true, labels: 'template', query: templateRef,
    reply: z.object({
      publishPipeCode: z.string(), path: z.string(), content: z.string(), fileSize: z.int(), modifyTime: z.string().nullable(),
      pageTypes: z.array(z.string()), usedBy: z.array(z.string()),
    }),
    handler: (ctx) => readTemplate(readOf(ctx), ctx.query.publishPipeCode, ctx.query.path),
  }),
  defineRoute({
    method: 'POST', url: API, perm: PERMS.add, site: true, grants: [editsSite], labels: 'template', body: templateAddBody, log: { ...LOG, type: 'ADD' },
    reply: savedTemplateReply,
    handler: (ctx) => writeOf(ctx, (op) => addTemplate(op, ctx.body)),
  }),
  defineRoute({
    method: 'PUT', url: API, perm: PERMS.edit, site: true, grants: [editsSite], labels: 'template', body: templateSaveBody, log: { ...LOG, type: 'UPDATE' },
    reply: savedTemplateReply,
    handler: (ctx) => writeOf(ctx, (op) => saveTemplate(op, ctx.body)),
  }),
  defineRoute({
    method: 'POST', url: `${API}/rename`, perm: PERMS.edit, site: true, grants: [editsSite], labels: 'template', body: templateRenameBody, log: { ...LOG, type: 'UPDATE' },
    reply: noData,
    handler: (ctx) => writeOf(ctx, (op) => renameTemplate(op, ctx.body)).then(() => undefined),
  }),
  defineRoute({
    method: 'DELETE', url: API, perm: PERMS.remove, site: true, grants: [editsSite], labels: 'template', body: templateDeleteBody, log: { ...LOG, type: 'DELETE' },
    reply: noData,
    handler: (ctx) => writeOf(ctx, (op) => deleteTemplates(op, ctx.body)).then(() => undefined),
  }),
  defineRoute({
    method: 'POST', url: `${API}/check`, perm: PERMS.view, labels: 'template', body: templateCheckBody, allowRepeat: true, log: false,
    reply: z.array(problemReply),
    // The editor's diagnostics as one types: parsing only, nothing read or written (so not an operation to log).
    handler: (ctx) => checkTemplate(ctx.body.path, ctx.body.content).map((e) => ({ ...e.toJSON(), message: e.detailKey ? ctx.t(`template.${e.detailKey}`, e.detailParams) : e.detail })),
  }),
  // The workbench's saved versions (written by every save) and its live preview of unsaved text.
  defineRoute({
    method: 'GET', url: `${API}/versions`, perm: PERMS.view, site: true, labels: 'template', query: templateRef,
    reply: pageOf(z.object({ versionId: z.int(), createBy: z.string(), createTime: z.string(), size: z.int() })),
    handler: async (ctx) => table(await listVersions(readOf(ctx), ctx.query.publishPipeCode, ctx.query.path)),
  }),
  defineRoute({
    method: 'GET', url: `${API}/version`, perm: PERMS.view, site: true, labels: 'template', query: templateVersionQuery,
    reply: z.object({ versionId: z.int(), publishPipeCode: z.string(), path: z.string(), content: z.string(), size: z.int(), createBy: z.string(), createTime: z.string() }),
    handler: (ctx) => versionOf(readOf(ctx), ctx.query.versionId),
  }),
  defineRoute({
    method: 'POST', url: `${API}/version/restore`, perm: PERMS.edit, site: true, grants: [editsSite], labels: 'template', body: templateRestoreBody, log: { ...LOG, type: 'UPDATE' },
    reply: savedTemplateReply.extend({ content: z.string() }),
    handler: (ctx) => writeOf(ctx, (op) => restoreVersion(op, ctx.body.versionId)),
  }),
  defineRoute({
    method: 'POST', url: `${API}/preview`, perm: PERMS.view, site: true, labels: 'template', body: templatePreviewBody, allowRepeat: true, log: false,
    // The page's object, viewable by the caller (the catalog's View right, the content's catalog's).
    grants: [previewedContent, previewedCatalog],
    // A problem in a template is an answer (`ok: false`), not a failure: the pane shows it with its line.
    reply: z.discriminatedUnion('ok', [
      z.object({ ok: z.literal(true), frameUrl: z.string(), file: z.string(), template: z.string(), templates: z.array(z.string()), usesTemplate: z.boolean(), pageNo: z.int(), pageTotal: z.int() }),
      z.object({ ok: z.literal(false), problem: problemReply }),
    ]),
    // Renders, writes nothing: not logged, and repeated as the author types.
    handler: (ctx) => previewTemplate(readOf(ctx), ctx.body, { content: ctx.held.one(previewedContent), catalog: ctx.held.one(previewedCatalog) }, consoleOriginOf(ctx.req, ctx.services.config)),
  }),
  // The dynamic page types (ChestnutCMS GET /cms/dynamicPageTypes): what the dynamic templates screen shows.
  defineRoute({ method: 'GET', url: '/cms/dynamicPageTypes', perm: { anyOf: ['cms:dynamic:view', PERMS.view] }, reply: dynamicPageTypesReply, handler: (ctx) => dynamicPageTypes(ctx.locale) }),
  // The template language's reference (ChestnutCMS: /cms/staticize/tags and /functions), in the reader's language.
  defineRoute({ method: 'GET', url: '/cms/staticize/tags', perm: DOCS, reply: tagDocsReply, handler: (ctx) => tagDocs(ctx.locale) }),
  defineRoute({ method: 'GET', url: '/cms/staticize/functions', perm: DOCS, reply: filterDocsReply, handler: (ctx) => filterDocs(ctx.locale) }),
  defineRoute({ method: 'GET', url: '/cms/staticize/variables', perm: DOCS, reply: variableDocsReply, handler: (ctx) => variableDocs(ctx.locale) }),
];
