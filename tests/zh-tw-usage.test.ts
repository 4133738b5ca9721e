import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DICTS, MENUS, SHIPPED } from '../server/modules/shipped.ts';
import { serverMessages } from '../server/core/i18n.ts';
import { ACTION_TITLES } from '../server/core/seed-data.ts';

// zh-TW is Traditional Chinese as used in Taiwan, not Simplified converted character by character:
// a screen saying 用戶 and 使用者, 菜單 and 選單 side by side reads as a machine conversion.
// Every zh-TW text the product shows is scanned here: the console's namespaces, the server's
// messages, and the menu titles and dictionary labels the seed stores.

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const LOCALE_DIR = join(ROOT, 'shared/i18n/locales/zh-TW');

/** Mainland term → what a Taiwanese user expects instead. */
const MAINLAND_TERMS: Readonly<Record<string, string>> = {
  用戶: '使用者', 登錄: '登入', 注銷: '登出', 註銷: '登出', 賬號: '帳號', 賬戶: '帳戶', 緩存: '快取', 菜單: '選單', 崗位: '職位',
  導出: '匯出', 導入: '匯入', 數據: '資料', 信息: '資訊／訊息', 消息: '訊息', 設置: '設定', 配置: '設定', 默認: '預設',
  站點: '網站', 服務器: '伺服器', 內存: '記憶體', 磁盤: '磁碟', 程序: '程式', 進程: '處理程序', 線程: '執行緒', 隊列: '佇列',
  異步: '非同步', 實時: '即時', 視頻: '影片', 音頻: '音訊', 鏈接: '連結', 外鏈: '外部連結', 友鏈: '友站連結', 鏈路: '連結',
  網絡: '網路', 刷新: '重新整理', 搜索: '搜尋', 字段: '欄位', 模板: '範本', 發佈: '發布', 創建: '建立', 添加: '新增',
  保存: '儲存', 存儲: '儲存', 運行: '執行', 郵箱: '電子郵件', 短信: '簡訊', 在線: '線上', 強退: '強制登出', 列表: '清單',
  文件: '檔案', 文本: '文字', 會話: '工作階段', 當前: '目前', 調用: '呼叫', 表達式: '運算式', 並發: '並行', 內置: '內建',
  密鑰: '金鑰', 標識: '識別碼', 訪問: '存取', 鍵名: '鍵', 分組: '群組', 點擊: '點選', 激活: '啟用', 掛起: '暫停',
  自定: '自訂', 擴展: '擴充', 構建: '建構', 生成: '產生', 回收站: '資源回收筒', 重置: '重設', 調度: '排程', 提交: '送出',
  運營: '營運', 下線: '下架', 暫無: '尚無', 空閒: '閒置', 內核: '核心', 回顯: '顯示／回傳', 跳轉: '重新導向', 移動端: '行動版',
  控件: '控制項', 輸入框: '文字方塊', 選擇框: '選擇器', 下拉框: '下拉式選單', 單選框: '選項按鈕', 多選框: '核取方塊',
  封禁: '停用', 校驗: '檢查', 頂級: '最上層', 類目: '目錄', 獲取: '取得', 打開: '開啟', 接口: '介面', 插件: '外掛',
  軟件: '軟體', 硬件: '硬體', 部件: '元件', 屏幕: '螢幕', 視圖: '檢視', 優化: '最佳化', 質量: '品質', 辭彙: '詞彙',
  暗色: '深色', 亮色: '淺色', 主鍵: '主索引鍵', 顯隱列: '顯示欄位', 廣告位: '廣告版位', 手機號: '手機號碼',
  選中: '選取', 禁用: '停用', 新建: '新增／建立', 時長: '時間', 權限字元: '角色識別碼', 服務監控: '伺服器監控', 強制改密: '強制變更密碼', 'IP 地址': 'IP 位址', 路由地址: '路由位址',
};

/** Counting records with 條 (mainland) instead of 筆. */
const RECORD_COUNTER = /(?:\}\}\s*|[一每幾])條(?!件|款|碼|例|規)|條數/;

/** Phrases that contain a listed term and are right in Taiwan usage. */
const ALLOWED_PHRASES: readonly string[] = [
  '用戶端', // client (software), as Taiwan says it
  '處理程序', // an operating-system process
  '手機號碼',
];

/** Texts where a listed term is the right word: `where` → the terms allowed there, and why. */
const ALLOWED_IN: Readonly<Record<string, readonly string[]>> = {
  'shell:header.docs': ['文件'], // documentation, not a file
  'common:docs.title': ['文件'], // 說明文件: the README page
  'common:docs.note': ['文件'],
};

interface ZhTwText { where: string; text: string }

type Tree = { [k: string]: string | Tree };
function leaves(tree: Tree, prefix: string, out: ZhTwText[]) {
  for (const [k, v] of Object.entries(tree)) {
    const where = `${prefix}${prefix.endsWith(':') ? '' : '.'}${k}`;
    if (typeof v === 'string') out.push({ where, text: v });
    else leaves(v, where, out);
  }
  return out;
}

/** Every zh-TW text: console namespaces, server messages, seeded menu titles and dictionary labels (of every module). */
async function zhTwTexts(): Promise<ZhTwText[]> {
  const out: ZhTwText[] = [];
  for (const file of readdirSync(LOCALE_DIR).filter((f) => f.endsWith('.ts')).sort()) {
    const tree = ((await import(join(LOCALE_DIR, file))) as { default: Tree }).default;
    leaves(tree, `${file.replace(/\.ts$/, '')}:`, out);
  }
  // The server's messages: the core's and every module's (the CMS's…), merged as the server uses them.
  leaves(serverMessages(SHIPPED.messages)['zh-TW'] as Tree, 'server:', out);
  for (const m of MENUS) out.push({ where: `menu ${m.menuId}`, text: m.titles[2] });
  for (const [action, titles] of Object.entries(ACTION_TITLES)) out.push({ where: `button title ${action}`, text: titles[2] });
  for (const d of DICTS) {
    out.push({ where: `dict ${d.type}`, text: d.titles[2] });
    for (const v of d.values) out.push({ where: `dict ${d.type}.${v.value}`, text: v.titles[2] });
  }
  return out;
}

/** One line per mainland term found, naming the text and the Taiwan word to use. */
function mainlandTerms(texts: readonly ZhTwText[]): string[] {
  const problems: string[] = [];
  for (const { where, text } of texts) {
    let scanned = text;
    for (const phrase of ALLOWED_PHRASES) scanned = scanned.replaceAll(phrase, '');
    const allowed = new Set(ALLOWED_IN[where] ?? []);
    for (const [term, taiwan] of Object.entries(MAINLAND_TERMS)) {
      if (!allowed.has(term) && scanned.includes(term)) problems.push(`${where} "${text}": ${term} → ${taiwan}`);
    }
    if (RECORD_COUNTER.test(scanned)) problems.push(`${where} "${text}": 條 → 筆`);
  }
  return problems;
}

describe('zh-TW uses Taiwan terms', () => {
  it('no zh-TW text of the console, the server or the seed uses a mainland term', async () => {
    const texts = await zhTwTexts();
    // Sanity: all four sources were read.
    for (const prefix of ['shell:', 'server:', 'menu ', 'dict ']) expect(texts.some((t) => t.where.startsWith(prefix)), prefix).toBe(true);
    expect(mainlandTerms(texts)).toEqual([]);
  });

  it('finds mainland terms and passes the allowed phrases (self-check)', () => {
    expect(mainlandTerms([
      { where: 'a', text: '用戶管理' },
      { where: 'b', text: '用戶端版本' },
      { where: 'c', text: '共 {{total}} 條' },
      { where: 'd', text: '共 {{total}} 筆' },
      { where: 'shell:header.docs', text: '文件' },
      { where: 'e', text: '可執行文件' },
    ])).toEqual(['a "用戶管理": 用戶 → 使用者', 'c "共 {{total}} 條": 條 → 筆', 'e "可執行文件": 文件 → 檔案']);
  });
});
