import { z } from 'zod';
import type ExcelJS from 'exceljs';
import { inArray, or } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { userResource } from '../../../shared/resources/system/user.ts';
import { inputSchema } from '../../../shared/resources/schemas.ts';
import { toFieldIssues } from '../../../shared/validators/issues.ts';
import { checkPassword } from '../../../shared/validators/password-policy.ts';
import { defineRoute, RAW, type AnyRoute, type AuthedContext } from '../../core/route.ts';
import { fail } from '../../core/errors.ts';
import { readWorkbook, sendXlsx, workbookBuffer, XLSX_TYPE } from '../../core/xlsx.ts';
import { assertXlsxWithinLimits, type XlsxLimits } from '../../core/xlsx-guard.ts';
import type { Actor } from '../../core/access.ts';
import { hashPassword } from './password.ts';
import { sysDept, sysUser } from './schema.ts';
import { deptScope } from './data-scope.ts';
import { activeSecurity } from './security.ts';
import { sameUserName } from './user-name.ts';
import { configValue } from './services.ts';

/** The template's columns, in order; the header row carries their labels in the reader's language. */
export const IMPORT_COLUMNS = ['userName', 'nickName', 'deptId', 'phoneNumber', 'email', 'sex', 'status', 'password'] as const;
const MAX_BYTES = 5 * 1024 * 1024;
const MAX_ROWS = 5000;
/**
 * What an import file may unpack to before it is parsed: a full 5000-row sheet is about 2 MB of
 * XML, so 32 MB leaves room for any real file while three bombs in parallel stay small.
 */
export const IMPORT_LIMITS: XlsxLimits = { maxEntries: 200, maxUnpackedBytes: 32 * 1024 * 1024, maxRows: MAX_ROWS };

type Ctx = AuthedContext<unknown, unknown, unknown>;
export interface RowError {
  row: number;
  message: string;
}

const cellText = (v: ExcelJS.CellValue): string => {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object' && 'text' in v) return String((v as { text: unknown }).text ?? '');
  if (typeof v === 'object' && 'result' in v) return String((v as { result: unknown }).result ?? '');
  return String(v).trim();
};

async function sendTemplate(ctx: Ctx, reply: FastifyReply) {
  const label = (name: string) => ctx.services.i18n.fieldLabel(ctx.locale, name);
  // A second sheet lists the departments the importer may use, by id.
  const depts = await ctx.db.select({ id: sysDept.deptId, name: sysDept.deptName }).from(sysDept).where(deptScope(ctx.actor));
  const buffer = await workbookBuffer([
    { name: 'users', header: IMPORT_COLUMNS.map(label), rows: [], width: 18 },
    { name: 'departments', header: [label('deptId'), label('deptName')], rows: depts.map((d) => [d.id, d.name]), width: 18 },
  ]);
  await sendXlsx(reply, 'user_template.xlsx', buffer);
}

async function readUpload(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw fail('upload.noFile', { field: 'file' });
  const part = await req.file({ limits: { fileSize: MAX_BYTES, files: 1 } });
  if (!part || part.fieldname !== 'file' || !/\.xlsx$/i.test(part.filename)) throw fail('userImport.notXlsx');
  try {
    return await part.toBuffer();
  } catch {
    throw fail('userImport.tooLarge');
  }
}

/**
 * Checks every row, then imports all of them in one transaction — or, when any row is bad, none,
 * answering with every bad row so the file can be fixed and sent again.
 */
export async function importUsers(ctx: Ctx, buffer: Buffer) {
  const actor = ctx.actor as Actor;
  await assertXlsxWithinLimits(buffer, IMPORT_LIMITS);
  // exceljs loads with the first import, not at the server's start (see core/xlsx.ts).
  const wb = await readWorkbook(buffer).catch(() => {
    throw fail('userImport.notXlsx');
  });
  const ws = wb.worksheets[0];
  if (!ws || ws.rowCount < 2) throw fail('userImport.empty');
  if (ws.rowCount > MAX_ROWS + 1) throw fail('userImport.tooMany', { max: MAX_ROWS });
  const schema = inputSchema(userResource, 'create');
  const security = await activeSecurity(ctx.db);
  const initial = (await configValue(ctx.services, 'sys.user.initPassword')) ?? '';
  const allowedDepts = new Set(
    (await ctx.db.select({ id: sysDept.deptId }).from(sysDept).where(deptScope(actor))).map((d) => d.id),
  );
  const errors: RowError[] = [];
  const parsed: { row: number; values: Record<string, unknown>; password: string; forced: boolean }[] = [];
  const seen = new Set<string>();
  ws.eachRow((r, rowNumber) => {
    if (rowNumber === 1) return;
    const raw = Object.fromEntries(IMPORT_COLUMNS.map((c, i) => [c, cellText(r.getCell(i + 1).value)]));
    if (IMPORT_COLUMNS.every((c) => !raw[c])) return;
    const usedInitial = !raw.password;
    const candidate = { ...raw, password: raw.password || initial, sex: raw.sex || undefined, status: raw.status || undefined, deptId: raw.deptId ? Number(raw.deptId) : undefined };
    const result = schema.safeParse(candidate);
    if (!result.success) {
      const [issue] = toFieldIssues(result.error);
      errors.push({ row: rowNumber, message: issue ? ctx.services.i18n.issueText(ctx.locale, issue) : ctx.t('fail') });
      return;
    }
    const v = result.data as Record<string, unknown>;
    if (!allowedDepts.has(v.deptId as number)) return void errors.push({ row: rowNumber, message: ctx.t('user.deptOutOfScope') });
    // User names are unique whatever their case (user-name.ts).
    const nameKey = (v.userName as string).toLowerCase();
    if (seen.has(nameKey)) return void errors.push({ row: rowNumber, message: ctx.t('userImport.duplicateInFile', { userName: v.userName }) });
    seen.add(nameKey);
    const policy = checkPassword(v.password as string, security, v);
    if (policy) return void errors.push({ row: rowNumber, message: ctx.services.i18n.issueText(ctx.locale, { field: 'password', key: policy.key, params: policy.params }) });
    parsed.push({ row: rowNumber, values: v, password: v.password as string, forced: usedInitial || security.forceModifyPwdAfterAdd === 'Y' });
  });
  if (parsed.length) {
    const names = parsed.map((p) => p.values.userName as string);
    const found = await ctx.db.select({ n: sysUser.userName }).from(sysUser).where(or(...names.map(sameUserName)));
    const taken = new Set(found.map((u) => u.n.toLowerCase()));
    for (const p of parsed) if (taken.has((p.values.userName as string).toLowerCase())) errors.push({ row: p.row, message: ctx.t('register.userExists', { userName: p.values.userName }) });
    for (const field of ['phoneNumber', 'email'] as const) errors.push(...(await duplicatesOf(ctx, field, parsed)));
  }
  if (errors.length) return { imported: 0, errors: errors.sort((a, b) => a.row - b.row) };
  if (!parsed.length) throw fail('userImport.empty');
  const rows = await Promise.all(parsed.map(async (p) => ({
    userName: p.values.userName as string,
    nickName: p.values.nickName as string,
    deptId: p.values.deptId as number,
    phoneNumber: (p.values.phoneNumber as string) || null,
    email: (p.values.email as string) || null,
    sex: (p.values.sex as string) ?? '2',
    status: (p.values.status as string) ?? '0',
    password: await hashPassword(p.password),
    passwordModifyTime: new Date(),
    forceModifyPassword: p.forced ? 'Y' : 'N',
    createBy: actor.userName,
  })));
  await ctx.db.transaction(async (tx) => {
    await tx.insert(sysUser).values(rows);
  });
  return { imported: rows.length, errors: [] as RowError[] };
}

/**
 * Phone numbers and emails identify one person (unique in the user definition, as the user form
 * and the account center enforce): rows whose value another account or an earlier row holds.
 */
async function duplicatesOf(ctx: Ctx, field: 'phoneNumber' | 'email', parsed: { row: number; values: Record<string, unknown> }[]): Promise<RowError[]> {
  const values = parsed.map((p) => p.values[field] as string | undefined).filter((v): v is string => !!v);
  if (!values.length) return [];
  const held = new Set((await ctx.db.select({ v: sysUser[field] }).from(sysUser).where(inArray(sysUser[field], values))).map((u) => u.v));
  const label = ctx.services.i18n.fieldLabel(ctx.locale, field);
  const errors: RowError[] = [];
  for (const p of parsed) {
    const value = p.values[field] as string | undefined;
    if (!value) continue;
    if (held.has(value)) errors.push({ row: p.row, message: ctx.t('resource.exists', { field: label, value }) });
    held.add(value);
  }
  return errors;
}

export const userImportRoutes: AnyRoute[] = [
  defineRoute({
    method: 'GET',
    url: '/system/user/importTemplate',
    perm: 'system:user:import',
    produces: XLSX_TYPE,
    handler: async (ctx) => {
      await sendTemplate(ctx, ctx.reply);
      return RAW;
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/system/user/importData',
    perm: 'system:user:import',
    log: { title: 'oplog.user', type: 'IMPORT' },
    // All or none: the rows refused (by their row in the sheet) and nothing imported, or every row.
    reply: z.object({ imported: z.int().min(0), errors: z.array(z.object({ row: z.int(), message: z.string() })) }),
    handler: async (ctx) => importUsers(ctx, await readUpload(ctx.req)),
  }),
];
