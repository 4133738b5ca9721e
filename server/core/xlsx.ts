// exceljs is loaded at the first workbook: it is a few hundred modules that most requests, the
// server's start and every API test would otherwise load for nothing.
import type { FastifyReply } from 'fastify';

export interface SheetColumn {
  key: string;
  header: string;
  /** values shown through this dictionary's labels */
  dict?: string;
}

/** One worksheet: a bold header row, then the rows' cells in the header's order. */
export interface Sheet {
  name: string;
  header: string[];
  rows: unknown[][];
  /** column width in characters; default from each header's length */
  width?: number;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A worksheet's name as Excel takes it: none of \ / ? * [ ] : (exceljs throws on them, and a
 * localized title such as 国家/地区 has one) and at most 31 characters.
 */
export const sheetName = (name: string) => name.replace(/[\\/?*[\]:]/g, '-').slice(0, 31);

/** An .xlsx file of these sheets (exports, import templates, and import files in tests). */
export async function workbookBuffer(sheets: Sheet[]): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  wb.created = new Date();
  for (const sheet of sheets) {
    const ws = wb.addWorksheet(sheetName(sheet.name));
    ws.columns = sheet.header.map((h) => ({ header: h, width: sheet.width ?? Math.max(12, h.length * 2 + 4) }));
    ws.getRow(1).font = { bold: true };
    for (const row of sheet.rows) ws.addRow(row);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/**
 * The workbook an .xlsx file holds (imports, and exports read back in tests). exceljs declares
 * its Buffer as an ArrayBuffer (index.d.ts), which no Node Buffer is; it reads one all the same.
 */
export async function readWorkbook(buffer: Buffer): Promise<import('exceljs').Workbook> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as unknown as Parameters<typeof wb.xlsx.load>[0]);
  return wb;
}

/** Sends an .xlsx; the name travels in `download-filename` as the console expects. */
export async function sendXlsx(reply: FastifyReply, filename: string, buffer: Buffer): Promise<void> {
  await reply
    .header('Content-Type', XLSX_TYPE)
    .header('Content-Disposition', `attachment; filename="${encodeURIComponent(filename)}"`)
    .header('download-filename', encodeURIComponent(filename))
    .header('Access-Control-Expose-Headers', 'download-filename')
    .send(buffer);
}

/** Writes rows as an .xlsx download named `<name>_<time>.xlsx`. */
export async function sendWorkbook(
  reply: FastifyReply,
  name: string,
  columns: SheetColumn[],
  rows: Record<string, unknown>[],
  dictLabel: (dict: string, value: unknown) => string,
): Promise<void> {
  const cells = rows.map((row) => columns.map((c) => (c.dict ? dictLabel(c.dict, row[c.key]) : (row[c.key] ?? ''))));
  const buffer = await workbookBuffer([{ name, header: columns.map((c) => c.header), rows: cells }]);
  await sendXlsx(reply, `${name}_${Date.now()}.xlsx`, buffer);
}
