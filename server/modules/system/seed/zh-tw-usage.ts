import { and, eq } from 'drizzle-orm';
import type { SeedStep } from './runner.ts';
import { sysI18nDict } from '../schema.ts';
import { TITLE_LANGS, type ShippedData } from '../../../core/seed-data.ts';
import { dictLabelKey, dictTypeKey, menuTitleKey } from '../lookups.ts';

const ZH_TW = TITLE_LANGS.indexOf('zh-TW');

/**
 * zh-TW menu titles and dictionary labels as earlier releases seeded them: Simplified Chinese
 * converted character by character (用戶, 菜單, 緩存, 崗位, 導出…), where a Taiwanese user expects
 * 使用者, 選單, 快取, 職位, 匯出 (issue #8). Only texts that changed are listed. Earlier releases
 * seeded every area's texts from the system module, the CMS's included: its ids are listed here too.
 * (3203, the ad space's old Publish button, is no longer shipped: the ad space's Edit publishes.)
 */
export const MAINLAND_ZH_TW = {
  menus: {
    2026: '站點管理', 3000: '新增站點', 3001: '修改站點', 3002: '刪除站點', 3003: '發布站點', 3024: '下線內容', 3026: '回收站恢復', 3030: '新增頁面部件',
    3031: '修改頁面部件', 3032: '刪除頁面部件', 3033: '發布頁面部件', 2030: '模板管理', 3050: '新增模板', 3051: '修改模板', 3052: '刪除模板', 3053: '清理模板緩存',
    3055: '新建/上傳檔案', 2034: '模板指令', 2037: '擴展模型', 3065: '新增擴展模型', 3066: '修改擴展模型', 3067: '刪除擴展模型', 2039: '辭彙管理', 3070: '新增辭彙',
    3071: '修改辭彙', 3072: '刪除辭彙', 2053: '搜索日誌', 3085: '修改搜索詞', 3086: '刪除搜索日誌', 3060: '動態模板', 3061: '新增動態模板', 3062: '修改動態模板',
    3063: '刪除動態模板', 2035: '互動運營', 2036: '友鏈管理', 3200: '新增廣告/廣告位', 3201: '修改廣告/廣告位', 3202: '刪除廣告/廣告位',
    430649774219333: '自定義表單', 3213: '發布/下線表單', 3230: '消息推送', 3231: '新增推送配置', 3232: '修改推送配置', 3233: '刪除推送配置', 2063: '會員列表',
    3403: '重置會員密碼', 2062: '等級配置', 2061: '經驗配置', 3420: '新增經驗配置', 3421: '修改經驗配置', 3422: '刪除經驗配置', 3514: '掛起/激活模型', 100: '用戶管理',
    1001: '用戶新增', 1002: '用戶修改', 1003: '用戶刪除', 1004: '用戶導出', 1005: '用戶導入', 1006: '重置密碼', 3600: '用戶授權', 3601: '用戶解鎖', 1011: '角色導出',
    102: '菜單管理', 1013: '菜單新增', 1014: '菜單修改', 1015: '菜單刪除', 104: '崗位管理', 1021: '崗位新增', 1022: '崗位修改', 1023: '崗位刪除', 1024: '崗位導出',
    1029: '字典導出', 106: '參數設置', 1034: '參數導出', 3622: '導出操作日誌', 2050: '登錄日誌', 3625: '刪除登錄日誌', 3626: '清空登錄日誌', 3627: '導出登錄日誌',
    2020: '國際化導出', 2040: '安全配置', 3630: '新增安全配置', 3631: '修改安全配置', 3632: '刪除安全配置', 3640: '消息平台配置', 3641: '新增平台配置', 3642: '修改平台配置',
    3643: '刪除平台配置', 109: '線上用戶', 1048: '強制退出', 3800: '調度任務', 3806: '導出任務', 3810: '調度日誌', 3811: '清空調度日誌', 113: '緩存監控', 114: '緩存列表',
    112: '服務監控', 3840: '清理緩存', 115: '表單構建', 116: '代碼生成', 1056: '生成修改', 1057: '生成刪除', 1058: '導入代碼', 1059: '預覽代碼', 1060: '生成代碼',
  },
  dictTypes: {
    CMSPageWidgetStatus: '頁面部件狀態',
    CMSSitemapPageType: '站點地圖頁面類型',
    CMSStaticSuffix: '靜態文件類型',
    CustomFormRule: '自定義表單提交限制',
    CustomFormStatus: '自定義表單狀態',
    ExtendModelDataType: '擴展模型數據類型',
    MetaControlType: '字段控件類型',
    MetaFieldType: '字段數據類型',
    EnableOrDisable: '啟用/禁用',
    LoginLogType: '登錄日誌類型',
    SecurityPasswordSensitive: '密碼敏感信息',
    SysDataScope: '數據權限範圍',
    SysUserStatus: '用戶狀態',
  },
  dictLabels: {
    CMSContentAttribute: { video: '視頻', hot: '熱點' },
    CMSContentOpType: { ADD: '新建', OFFLINE: '下線' },
    CMSContentStatus: { '40': '已下線' },
    CMSPageWidgetStatus: { '40': '已下線' },
    CMSSitemapPageType: { pc: 'PC端', mobile: '移動端', 'pc,mobile': '自適應' },
    CustomFormStatus: { '20': '已下線' },
    ExtendModelDataType: { site: '站點' },
    MemberStatus: { '1': '禁用' },
    MetaControlType: { input: '單行輸入框', textarea: '多行輸入框', radio: '單選框', checkbox: '多選框', select: '下拉框', date: '日期選擇框', datetime: '時間選擇框' },
    SearchDictWordType: { WORD: '擴展詞', STOP: '停止詞' },
    EnableOrDisable: { '1': '禁用' },
    LoginLogType: { '0': '登錄' },
    SecurityPasswordRetryStrategy: { DISABLE: '封禁賬號', LOCK: '鎖定賬號，拒絕登錄一段時間' },
    SecurityPasswordRule: { NONE: '不校驗' },
    SecurityPasswordSensitive: { ACCOUNT: '用戶名', PHONE_NUMBER: '手機號' },
    SysDataScope: { '1': '全部數據權限', '2': '自定數據權限', '3': '本部門數據權限', '4': '本部門及以下數據權限', '5': '僅本人數據權限' },
    SysUserStatus: { '1': '封禁' },
  },
} as const satisfies {
  menus: Record<number, string>;
  dictTypes: Record<string, string>;
  dictLabels: Record<string, Record<string, string>>;
};

interface Replacement { key: string; before: string; after: string }

/**
 * Each listed text with the one the seed now ships for the same key. A menu or dictionary of a
 * module not mounted (a test server with a few modules) is not shipped, so it is skipped.
 */
export function taiwanUsageReplacements(shipped: Pick<ShippedData, 'menus' | 'dicts'>): Replacement[] {
  const out: Replacement[] = [];
  const menus = new Map(shipped.menus.map((m) => [m.menuId, m]));
  for (const [id, before] of Object.entries(MAINLAND_ZH_TW.menus)) {
    const menu = menus.get(Number(id));
    if (menu) out.push({ key: menuTitleKey(id), before, after: menu.titles[ZH_TW]! });
  }
  const dicts = new Map(shipped.dicts.map((d) => [d.type, d]));
  for (const [type, before] of Object.entries(MAINLAND_ZH_TW.dictTypes)) {
    const dict = dicts.get(type);
    if (dict) out.push({ key: dictTypeKey(type), before, after: dict.titles[ZH_TW]! });
  }
  for (const [type, labels] of Object.entries(MAINLAND_ZH_TW.dictLabels)) {
    for (const [value, before] of Object.entries(labels)) {
      const shippedValue = dicts.get(type)?.values.find((v) => v.value === value);
      if (shippedValue) out.push({ key: dictLabelKey(type, value), before, after: shippedValue.titles[ZH_TW]! });
    }
  }
  return out;
}

/** How many texts MAINLAND_ZH_TW lists: with every module mounted, each has its replacement. */
export const listedTaiwanUsageTexts = () =>
  Object.keys(MAINLAND_ZH_TW.menus).length + Object.keys(MAINLAND_ZH_TW.dictTypes).length
  + Object.values(MAINLAND_ZH_TW.dictLabels).reduce((n, labels) => n + Object.keys(labels).length, 0);

/**
 * Databases seeded before: each listed zh-TW text becomes the Taiwan one, but only where it still
 * reads as seeded. A text an administrator has edited on the i18n screen stays theirs.
 */
export const zhTwTaiwanUsage: SeedStep = {
  name: 'zh-tw-taiwan-usage',
  async run(tx, ctx) {
    for (const { key, before, after } of taiwanUsageReplacements(ctx.shipped)) {
      await tx.update(sysI18nDict).set({ langValue: after })
        .where(and(eq(sysI18nDict.langTag, 'zh-TW'), eq(sysI18nDict.langKey, key), eq(sysI18nDict.langValue, before)));
    }
  },
};
