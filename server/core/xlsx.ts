import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

export interface SheetColumn {
  key: string;
  header: string;
  /** values shown through this dictionary's labels */
  dict?: string;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Writes rows as an .xlsx download; the name travels in `download-filename` as the console expects. */
export async function sendWorkbook(
  reply: FastifyReply,
  name: string,
  columns: SheetColumn[],
  rows: Record<string, unknown>[],
  dictLabel: (dict: string, value: unknown) => string,
): Promise<void> {
  const wb = new ExcelJS.Workbook();
  wb.created = new Date();
  const ws = wb.addWorksheet(name);
  ws.columns = columns.map((c) => ({ header: c.header, key: c.key, width: Math.max(12, c.header.length * 2 + 4) }));
  ws.getRow(1).font = { bold: true };
  for (const row of rows) {
    ws.addRow(Object.fromEntries(columns.map((c) => [c.key, c.dict ? dictLabel(c.dict, row[c.key]) : (row[c.key] ?? '')])));
  }
  const buffer = Buffer.from(await wb.xlsx.writeBuffer());
  const filename = `${name}_${Date.now()}.xlsx`;
  await reply
    .header('Content-Type', XLSX_TYPE)
    .header('Content-Disposition', `attachment; filename="${filename}"`)
    .header('download-filename', encodeURIComponent(filename))
    .header('Access-Control-Expose-Headers', 'download-filename')
    .send(buffer);
}
