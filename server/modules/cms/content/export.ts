import { and, eq, inArray } from 'drizzle-orm';
import { defineRoute, RAW, type AnyRoute } from '../../../core/route.ts';
import { fail } from '../../../core/errors.ts';
import { readOf, type SiteOp } from '../../../core/operation.ts';
import { sendWorkbook, XLSX_TYPE, type SheetColumn } from '../../../core/xlsx.ts';
import { dictLabelKey } from '../../../core/text-keys.ts';
import { formatDateTime } from '../../../../shared/format.ts';
import { contentListQuery } from '../../../../shared/resources/cms/content.ts';
import { cmsCatalog } from '../catalog/schema.ts';
import { xmodelAnswers } from '../xmodel/template-data.ts';
import { listContents } from './list.ts';

/** Rows an export takes at most (the list's largest page): past that, narrow the filters. */
export const CONTENT_EXPORT_MAX = 10_000;

/** What an export reads of a list row (the rest goes to the sheet as the list gives it). */
type ExportRow = Record<string, unknown> & { contentId: number; catalogId: number; contentType: string; publishDate?: Date | string | null; createTime?: Date | string | null };

/** Rich text as a cell's plain text (a spreadsheet shows no markup). */
const plain = (html: string) => html.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();

/**
 * The content list as a workbook: the rows the list's filters find (catalogs the actor may view,
 * extension search included), a column per common field, then a column per extension field of
 * the site's content models (headed by its label; choices by their labels, rich text as text).
 */
async function exportContents(op: SiteOp, query: Record<string, unknown>) {
  const q = contentListQuery.parse({ ...query, pageNum: '1', pageSize: String(CONTENT_EXPORT_MAX) });
  const rows = (await listContents(op, q)).rows as unknown as ExportRow[];
  const catalogIds = [...new Set(rows.map((r) => r.catalogId))];
  const catalogs = catalogIds.length
    ? new Map((await op.tx.select({ id: cmsCatalog.catalogId, name: cmsCatalog.name }).from(cmsCatalog)
      .where(and(eq(cmsCatalog.siteId, op.site.siteId), inArray(cmsCatalog.catalogId, catalogIds)))).map((c) => [c.id, c.name]))
    : new Map<number, string>();
  const views = await xmodelAnswers.views(op.tx, op.site.siteId, rows.map((r) => ({ dataType: 'content' as const, id: r.contentId, contentType: r.contentType })));
  // One column per field code, in the order the models name them (a code in two models shares its column).
  const extendColumns = new Map<string, string>();
  for (const items of views) for (const i of items) if (!extendColumns.has(i.code)) extendColumns.set(i.code, i.label);
  const label = (name: string) => op.services.i18n.fieldLabel(op.locale, name, 'content');
  const columns: SheetColumn[] = [
    ...['contentId', 'title', 'contentType', 'catalogId', 'status', 'author', 'publishDate', 'createTime'].map((key) => ({ key, header: label(key), ...(key === 'status' ? { dict: 'CMSContentStatus' } : {}) })),
    ...[...extendColumns].map(([code, header]) => ({ key: `x:${code}`, header })),
  ];
  const flat = rows.map((r, n) => ({
    ...r,
    catalogId: catalogs.get(r.catalogId) ?? r.catalogId,
    publishDate: r.publishDate ? formatDateTime(r.publishDate) : '',
    createTime: r.createTime ? formatDateTime(r.createTime) : '',
    ...Object.fromEntries(views[n]!.map((i) => [`x:${i.code}`, i.type === 'richtext' ? plain(i.value) : i.value])),
  }));
  const dictLabel = (dict: string, value: unknown) => op.services.i18n.dbText(op.locale, dictLabelKey(dict, value), String(value ?? ''));
  return { columns, flat, dictLabel };
}

/** POST /cms/content/list with header cc-export (ChestnutCMS's export convention): the list's filters, form-encoded or as JSON. */
export const contentExportRoute: AnyRoute = defineRoute({
  method: 'POST', url: '/cms/content/list', perm: 'cms:content:view', site: true, allowRepeat: true, produces: XLSX_TYPE,
  log: { title: 'oplog.content', type: 'EXPORT' },
  handler: async (ctx) => {
    if (!ctx.req.headers['cc-export']) throw fail('resource.exportOnly');
    const { columns, flat, dictLabel } = await exportContents(readOf(ctx) as SiteOp, { ...(ctx.query as object), ...((ctx.req.body as object | undefined) ?? {}) });
    await sendWorkbook(ctx.reply, 'content', columns, flat, dictLabel);
    return RAW;
  },
});
