import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Database, Db } from '../../../db/client.ts';
import { openMigratedPglite } from '../../../../tests/helpers/migrated-database.ts';
import { sysI18nDict, sysSeedState } from '../schema.ts';
import { seed, shippedData } from './index.ts';
import { listedTaiwanUsageTexts, taiwanUsageReplacements } from './zh-tw-usage.ts';
import { SHIPPED } from '../../shipped.ts';

const replacements = () => taiwanUsageReplacements(shippedData(SHIPPED));

const zhTw = async (db: Db, key: string) =>
  (await db.select({ v: sysI18nDict.langValue }).from(sysI18nDict).where(and(eq(sysI18nDict.langTag, 'zh-TW'), eq(sysI18nDict.langKey, key))))[0]?.v;

// On PGlite whatever DATABASE_URL says (openMigratedPglite): the PostgreSQL stage of `npm test` skips what the PGlite stage runs.
describe.skipIf(!!process.env.DATABASE_URL)('zh-TW Taiwan usage (seed step)', () => {
  let database: Database;
  let db: Db;
  beforeEach(async () => {
    database = await openMigratedPglite();
    db = database.db;
  });
  afterEach(async () => {
    await database.close();
  });

  it('lists only shipped texts (every module mounted), each replaced by a different one', () => {
    const all = replacements();
    expect(all.length).toBeGreaterThan(100);
    expect(all).toHaveLength(listedTaiwanUsageTexts());
    for (const r of all) expect(r.after, r.key).not.toBe(r.before);
    expect(all.find((r) => r.key === 'MENU.NAME.100')).toEqual({ key: 'MENU.NAME.100', before: '用戶管理', after: '使用者管理' });
    // The CMS's menus are the CMS module's now; the step still reaches them through what it ships.
    expect(all.find((r) => r.key === 'MENU.NAME.2026')).toEqual({ key: 'MENU.NAME.2026', before: '站點管理', after: '網站管理' });
  });

  it('a new database gets the Taiwan texts', async () => {
    await seed(db, SHIPPED);
    expect(await zhTw(db, 'MENU.NAME.102')).toBe('選單管理');
    expect(await zhTw(db, 'MENU.NAME.2050')).toBe('登入日誌');
    expect(await zhTw(db, 'DICT.LoginLogType.0')).toBe('登入');
  });

  it('on a database seeded by an earlier release, replaces the texts still as seeded and keeps an administrator\'s own', async () => {
    await seed(db, SHIPPED);
    // As an earlier release left it: the old zh-TW texts, this step not run; then an administrator edits one.
    for (const { key, before } of replacements()) {
      await db.update(sysI18nDict).set({ langValue: before }).where(and(eq(sysI18nDict.langTag, 'zh-TW'), eq(sysI18nDict.langKey, key)));
    }
    await db.update(sysI18nDict).set({ langValue: '帳號管理' }).where(and(eq(sysI18nDict.langTag, 'zh-TW'), eq(sysI18nDict.langKey, 'MENU.NAME.100')));
    await db.delete(sysSeedState).where(eq(sysSeedState.step, 'zh-tw-taiwan-usage'));
    const zhCnBefore = await db.select().from(sysI18nDict).where(eq(sysI18nDict.langTag, 'zh-CN'));

    await seed(db, SHIPPED);

    expect(await zhTw(db, 'MENU.NAME.100')).toBe('帳號管理');
    expect(await zhTw(db, 'MENU.NAME.104')).toBe('職位管理');
    expect(await zhTw(db, 'MENU.NAME.113')).toBe('快取監控');
    expect(await zhTw(db, 'DICT.SysUserStatus')).toBe('使用者狀態');
    expect(await zhTw(db, 'DICT.SecurityPasswordRetryStrategy.LOCK')).toBe('鎖定帳號，拒絕登入一段時間');
    for (const { key, after } of replacements().filter((r) => r.key !== 'MENU.NAME.100')) expect(await zhTw(db, key), key).toBe(after);
    // Other languages are not touched.
    expect(await db.select().from(sysI18nDict).where(eq(sysI18nDict.langTag, 'zh-CN'))).toEqual(zhCnBefore);
  });
});
