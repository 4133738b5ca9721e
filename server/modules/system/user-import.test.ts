import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../tests/helpers/server.ts';
import { multipartBody } from '../common/test-multipart.ts';
import { workbookBuffer, readWorkbook } from '../../core/xlsx.ts';
import { IMPORT_COLUMNS } from './user-import.ts';
import { buildZip, deflatedPart, zeroBomb } from '../../core/test-zip.ts';

const ts = useTestServer();

const workbook = (rows: (string | number)[][]) => workbookBuffer([{ name: 'users', header: [...IMPORT_COLUMNS], rows }]);

async function upload(buffer: Buffer) {
  const body = multipartBody('file', 'users.xlsx', buffer);
  const res = await ts.server.app.inject({ method: 'POST', url: '/prod-api/system/user/importData', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${ts.admin}`, 'accept-language': 'en' } });
  return res.json();
}

const names = async () => ((await ts.api('GET', '/system/user/list', { token: ts.admin, query: { pageSize: '100' } })).data.rows as { userName: string }[]).map((u) => u.userName);

describe('user import', () => {
  it('gives a template whose header names the columns in the reader language', async () => {
    const res = await ts.server.app.inject({ method: 'GET', url: '/prod-api/system/user/importTemplate', headers: { authorization: `Bearer ${ts.admin}`, 'accept-language': 'en' } });
    const wb = await readWorkbook(res.rawPayload);
    expect((wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1, 3)).toEqual(['User name', 'Nickname']);
    expect(wb.worksheets[1]!.rowCount).toBeGreaterThan(1);
  });

  it('reports every bad row and imports nothing when one row is bad', async () => {
    const r = await upload(await workbook([
      ['imp_ok', 'Good', 100, '', 'ok@example.com', '0', '0', 'Impo1234'],
      ['x', 'Too short', 100, '', '', '', '', 'Impo1234'],
      ['imp_bad_mail', 'Bad mail', 100, '', 'not-mail', '', '', 'Impo1234'],
    ]));
    expect(r.code).toBe(200);
    expect(r.data.imported).toBe(0);
    expect(r.data.errors.map((e: { row: number }) => e.row)).toEqual([3, 4]);
    expect(r.data.errors[0].message).toMatch(/User name/);
    expect(await names()).not.toContain('imp_ok');
  });

  it('imports all rows of a clean file, flagging users without a password to change the initial one', async () => {
    const r = await upload(await workbook([
      ['imp_a', 'Alpha', 100, '13800000001', '', '1', '0', 'Alpha1234'],
      ['imp_b', 'Beta', 101, '', '', '', '', ''],
    ]));
    expect(r.data).toEqual({ imported: 2, errors: [] });
    expect(await names()).toEqual(expect.arrayContaining(['imp_a', 'imp_b']));
    const token = (await ts.api('POST', '/login', { body: { username: 'imp_b', password: 'Castanea@2025' } })).data as string;
    expect((await ts.api('GET', '/getInfo', { token })).data.user.forceModifyPassword).toBe('Y');
  });

  it('refuses a phone number or email another account holds, or an earlier row of the file', async () => {
    const r = await upload(await workbook([
      ['imp_c', 'Gamma', 100, '13800000001', '', '', '', 'Gamma1234'],
      ['imp_d', 'Delta', 100, '', 'same@example.com', '', '', 'Delta1234'],
      ['imp_e', 'Epsilon', 100, '', 'same@example.com', '', '', 'Epsil1234'],
    ]));
    expect(r.data.imported).toBe(0);
    expect(r.data.errors.map((e: { row: number }) => e.row)).toEqual([2, 4]);
    expect(r.data.errors[0].message).toMatch(/already exists/);
    expect(await names()).not.toContain('imp_d');
  });

  it('refuses a file that is not .xlsx and a user name taken already', async () => {
    const body = multipartBody('file', 'users.csv', Buffer.from('a,b'));
    const res = await ts.server.app.inject({ method: 'POST', url: '/prod-api/system/user/importData', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${ts.admin}`, 'accept-language': 'en' } });
    expect(res.json().msg).toMatch(/\.xlsx/);
    const r = await upload(await workbook([['admin', 'Again', 100, '', '', '', '', 'Again12345']]));
    expect(r.data.errors[0].message).toMatch(/already exists/);
  });
});

// Issue 8, finding 4: a 1 MB .xlsx inflating to 1 GB added a gigabyte of memory per upload. The
// zip is now measured before the spreadsheet library sees it.
describe('user import of a zip bomb', () => {
  const CONTENT_TYPES = deflatedPart('[Content_Types].xml', '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>');
  const SHEET = 'xl/worksheets/sheet1.xml';

  async function timedUpload(zip: Buffer) {
    global.gc?.();
    const before = process.memoryUsage();
    const started = performance.now();
    const r = await upload(zip);
    const after = process.memoryUsage();
    return { r, ms: performance.now() - started, grew: after.rss - before.rss + after.arrayBuffers - before.arrayBuffers };
  }

  it('refuses a 1 MB file that unpacks to 1 GB, quickly and in bounded memory, naming the limit', async () => {
    const bomb = buildZip([CONTENT_TYPES, { name: SHEET, data: zeroBomb(1024), method: 8, size: 1024 * 1024 * 1024 }]);
    expect(bomb.length).toBeLessThan(1.1 * 1024 * 1024);
    const { r, ms, grew } = await timedUpload(bomb);
    expect(r).toEqual({ code: 500, msg: 'The file unpacks to more than 32 MB, more than any import needs' });
    expect(ms).toBeLessThan(3000);
    expect(grew).toBeLessThan(150 * 1024 * 1024);
  });

  it('refuses a part whose header understates its size, stopping at the stated size', async () => {
    const liar = buildZip([CONTENT_TYPES, { name: SHEET, data: zeroBomb(1024), method: 8, size: 4096 }]);
    const { r, ms, grew } = await timedUpload(liar);
    expect(r.msg).toBe('The file unpacks to more than 32 MB, more than any import needs');
    expect(ms).toBeLessThan(3000);
    expect(grew).toBeLessThan(150 * 1024 * 1024);
  });

  it('refuses a sheet of too many rows before parsing it', async () => {
    const sheet = `<worksheet><sheetData>${'<row/>'.repeat(200_000)}</sheetData></worksheet>`;
    const { r } = await timedUpload(buildZip([CONTENT_TYPES, deflatedPart(SHEET, sheet)]));
    expect(r.msg).toBe('A worksheet can have at most 5000 rows below its header');
  });
});
