import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { workbookBuffer } from './xlsx.ts';
import { assertXlsxWithinLimits, type XlsxLimits } from './xlsx-guard.ts';
import { buildZip, deflatedPart, zeroBomb } from './test-zip.ts';

const LIMITS: XlsxLimits = { maxEntries: 50, maxUnpackedBytes: 8 * 1024 * 1024, maxRows: 100 };
const SHEET = 'xl/worksheets/sheet1.xml';

/** The message key and parameters a refusal carries. */
async function refusal(zip: Buffer) {
  const err = await assertXlsxWithinLimits(zip, LIMITS).then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(AppError);
  return { key: (err as AppError).key, params: (err as AppError).params };
}

const rows = (n: number) => `<worksheet><sheetData>${'<row r="1"><c/></row>'.repeat(n)}</sheetData></worksheet>`;

describe('xlsx limits before parsing', () => {
  it('lets a real workbook through', async () => {
    const wb = await workbookBuffer([{ name: 'users', header: ['a', 'b'], rows: Array.from({ length: 100 }, (_, i) => [i, `row ${i}`]) }]);
    await expect(assertXlsxWithinLimits(wb, LIMITS)).resolves.toBeUndefined();
  });

  it('refuses a part declaring a gigabyte, from the central directory alone, naming the limit', async () => {
    const bomb = buildZip([{ name: SHEET, data: zeroBomb(1024), method: 8, size: 1024 * 1024 * 1024 }]);
    expect(bomb.length).toBeLessThan(1.1 * 1024 * 1024);
    expect(await refusal(bomb)).toEqual({ key: 'xlsx.unpackedTooLarge', params: { size: 8 } });
  });

  it('refuses a part that unpacks beyond what its header claims, stopping at the claim', async () => {
    const before = process.memoryUsage().arrayBuffers;
    const liar = buildZip([{ name: SHEET, data: zeroBomb(1024), method: 8, size: 1000 }]);
    const started = performance.now();
    expect((await refusal(liar)).key).toBe('xlsx.unpackedTooLarge');
    expect(performance.now() - started).toBeLessThan(1000);
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(64 * 1024 * 1024);
  });

  it('refuses too many parts and too many rows, naming each limit', async () => {
    const parts = Array.from({ length: 51 }, (_, i) => deflatedPart(`xl/part${i}.xml`, '<x/>'));
    expect(await refusal(buildZip(parts))).toEqual({ key: 'xlsx.tooManyParts', params: { max: 50 } });
    expect(await refusal(buildZip([deflatedPart(SHEET, rows(102))]))).toEqual({ key: 'xlsx.tooManyRows', params: { max: 100 } });
    await expect(assertXlsxWithinLimits(buildZip([deflatedPart(SHEET, rows(101))]), LIMITS)).resolves.toBeUndefined();
  });

  it('refuses what is not a zip', async () => {
    expect((await refusal(Buffer.from('not a zip at all'))).key).toBe('xlsx.notXlsx');
  });
});
