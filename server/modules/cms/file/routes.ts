import { z } from 'zod';
import { defineRoute, noData, RAW, type AnyRoute } from '../../../core/route.ts';
import { opBase, readOf } from '../../../core/operation.ts';
import { FILE_API, FILE_PERMS, THEME_API } from '../../../../shared/cms/site-files.ts';
import { addFile, deleteFiles, directoryTree, editFileText, listFiles, readFileText, renameFile, uploadFile } from './operations.ts';
import { exportTheme, importTheme } from './theme.ts';
import { editsSite } from '../site/current.ts';

/**
 * The file manager's routes, under ChestnutCMS's names and shapes (/cms/file/*), and the theme's
 * (/cms/site/exportTheme, /cms/site/importTheme). Each works on the checked current site; writes
 * and the theme declare Site Edit, and the operations ask for the template keys inside template
 * folders (which key depends on the path's area, known once the path is parsed).
 */

const LABELS = 'file';
const path = () => z.string().max(512);
const FILE_LOG = 'oplog.file';

/** Where the file now is, site-relative. */
const filePathReply = z.object({ filePath: z.string() });
/** A folder of the tree (operations.ts TreeNode), its folders nested. */
const treeNodeReply: z.ZodType = z.object({
  id: z.string(),
  parentId: z.string(),
  label: z.string(),
  get children() {
    return z.array(treeNodeReply);
  },
}).meta({ id: 'FileTreeNode' });

export const fileRoutes: AnyRoute[] = [
  defineRoute({
    method: 'GET',
    url: `${FILE_API}/list`,
    perm: FILE_PERMS.view,
    site: true,
    labels: LABELS,
    query: z.object({ filePath: path().default(''), fileName: z.string().max(100).optional() }),
    reply: z.array(z.object({ filePath: z.string(), fileName: z.string(), isDirectory: z.boolean(), canEdit: z.boolean(), fileSize: z.number(), modifyTime: z.string().nullable() })),
    handler: (ctx) => listFiles(readOf(ctx), ctx.query.filePath, ctx.query.fileName ?? ''),
  }),
  defineRoute({
    method: 'GET',
    url: `${FILE_API}/directoryTreeData`,
    perm: FILE_PERMS.view,
    site: true,
    reply: z.object({ tree: z.array(treeNodeReply) }),
    handler: (ctx) => directoryTree(readOf(ctx)),
  }),
  defineRoute({
    method: 'POST',
    url: `${FILE_API}/add`,
    perm: FILE_PERMS.add,
    site: true,
    grants: [editsSite],
    labels: LABELS,
    log: { title: FILE_LOG, type: 'ADD' },
    body: z.object({ dir: path(), fileName: z.string().trim().min(1).max(100), isDirectory: z.boolean().default(false) }),
    reply: filePathReply,
    handler: (ctx) => addFile(readOf(ctx), ctx.body),
  }),
  defineRoute({
    method: 'POST',
    url: `${FILE_API}/rename`,
    perm: FILE_PERMS.edit,
    site: true,
    grants: [editsSite],
    labels: LABELS,
    log: { title: FILE_LOG, type: 'UPDATE' },
    body: z.object({ filePath: path(), rename: z.string().trim().min(1).max(100) }),
    reply: filePathReply,
    handler: (ctx) => renameFile(readOf(ctx), ctx.body),
  }),
  defineRoute({
    method: 'POST',
    url: `${FILE_API}/delete`,
    perm: FILE_PERMS.remove,
    site: true,
    grants: [editsSite],
    labels: LABELS,
    log: { title: FILE_LOG, type: 'DELETE' },
    // ChestnutCMS's body: [{ filePath }, …].
    body: z.array(z.object({ filePath: path() })).min(1).max(100),
    reply: noData,
    handler: (ctx) => deleteFiles(readOf(ctx), ctx.body.map((f) => f.filePath)),
  }),
  defineRoute({
    method: 'POST',
    url: `${FILE_API}/read`,
    perm: FILE_PERMS.view,
    site: true,
    labels: LABELS,
    log: { title: FILE_LOG, type: 'OTHER' },
    body: z.object({ filePath: path() }),
    reply: z.string().describe('the file\'s text'),
    handler: (ctx) => readFileText(readOf(ctx), ctx.body.filePath),
  }),
  defineRoute({
    method: 'POST',
    url: `${FILE_API}/edit`,
    perm: FILE_PERMS.edit,
    site: true,
    grants: [editsSite],
    labels: LABELS,
    // The log keeps which file and how long, not the text.
    log: { title: FILE_LOG, type: 'UPDATE', mask: (b) => ({ ...(b as object), fileContent: `(${String((b as { fileContent?: string }).fileContent ?? '').length} characters)` }) },
    body: z.object({ filePath: path(), fileContent: z.string() }),
    reply: filePathReply.extend({ modifyTime: z.string() }),
    handler: (ctx) => editFileText(readOf(ctx), ctx.body),
  }),
  defineRoute({
    method: 'POST',
    url: `${FILE_API}/upload`,
    perm: FILE_PERMS.add,
    site: true,
    grants: [editsSite],
    labels: LABELS,
    log: { title: FILE_LOG, type: 'ADD' },
    reply: filePathReply,
    handler: (ctx) => uploadFile(opBase(ctx), ctx.req),
  }),
  defineRoute({
    method: 'POST',
    url: `${THEME_API}/exportTheme`,
    perm: FILE_PERMS.theme,
    site: true,
    grants: [editsSite],
    log: { title: 'oplog.theme', type: 'EXPORT' },
    produces: 'application/zip',
    handler: async (ctx) => {
      const { stream, fileName } = await exportTheme(readOf(ctx));
      const name = encodeURIComponent(fileName);
      await ctx.reply
        .header('download-filename', name)
        .header('Access-Control-Expose-Headers', 'download-filename')
        .header('Content-Disposition', `attachment; filename*=UTF-8''${name}`)
        .type('application/zip')
        .send(stream);
      return RAW;
    },
  }),
  defineRoute({
    method: 'POST',
    url: `${THEME_API}/importTheme`,
    perm: FILE_PERMS.theme,
    site: true,
    grants: [editsSite],
    log: { title: 'oplog.theme', type: 'IMPORT' },
    reply: z.object({ pipes: z.array(z.string()), files: z.int() }),
    handler: (ctx) => importTheme(opBase(ctx), ctx.req),
  }),
];
