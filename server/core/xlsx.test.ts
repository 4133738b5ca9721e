import { describe, expect, it } from 'vitest';
import { readWorkbook, workbookBuffer } from './xlsx.ts';

describe('workbooks', () => {
  it('writes a sheet whose localized title has characters Excel refuses, and cuts it to 31', async () => {
    const wb = await readWorkbook(await workbookBuffer([
      { name: '国家/地区', header: ['a'], rows: [['x']] },
      { name: 'A very long sheet title [with] brackets: and more', header: ['a'], rows: [] },
    ]));
    expect(wb.worksheets.map((w) => w.name)).toEqual(['国家-地区', 'A very long sheet title -with- ']);
  });

  it('keeps a cell that looks like a formula as text', async () => {
    const wb = await readWorkbook(await workbookBuffer([{ name: 'words', header: ['word'], rows: [['=HYPERLINK("http://x","y")']] }]));
    const cell = wb.worksheets[0]!.getRow(2).getCell(1);
    expect(cell.formula).toBeUndefined();
    expect(cell.value).toBe('=HYPERLINK("http://x","y")');
  });
});
