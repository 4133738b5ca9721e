import { buttons, dir, page, type MenuSeed } from '../../core/seed-data.ts';

/** The CMS directory: the whole of it is what the `editor` role is granted. */
export const CMS_ROOT_ID = 2025;

// The CMS's menu rows (ServerModule.menus), stored by the system's 'menus' seed step on a new database.
// Ids below 3000 come from ChestnutCMS 1.5.10's seed; 3000–3199 are Castanea's additions here.
export const CMS_MENUS: readonly MenuSeed[] = [
  dir(CMS_ROOT_ID, 0, 35, 'configs', 'documentation', ['内容管理', 'CMS', '內容管理']),

  page(2026, CMS_ROOT_ID, 1, 'site', 'cms/contentcore/site', 'cms:site:view', 'cascader', ['站点管理', 'Site', '網站管理']),
  ...buttons(2026, 'cms:site', [
    [3000, 'add', ['新增站点', 'Add Site', '新增網站']],
    [3001, 'edit', ['修改站点', 'Edit Site', '修改網站']],
    [3002, 'remove', ['删除站点', 'Delete Site', '刪除網站']],
    [3003, 'publish', ['发布站点', 'Publish Site', '發布網站']],
  ]),

  page(2027, CMS_ROOT_ID, 2, 'catalog', 'cms/contentcore/catalog', 'cms:catalog:view', 'tree-table', ['栏目管理', 'Catalog', '欄目管理']),
  ...buttons(2027, 'cms:catalog', [
    [3010, 'add', ['新增栏目', 'Add Catalog', '新增欄目']],
    [3011, 'edit', ['修改栏目', 'Edit Catalog', '修改欄目']],
    [3012, 'remove', ['删除栏目', 'Delete Catalog', '刪除欄目']],
    [3013, 'publish', ['发布栏目', 'Publish Catalog', '發布欄目']],
    [3014, 'move', ['移动栏目', 'Move Catalog', '移動欄目']],
  ]),

  // The content page also holds the Page Widget (blocks) and Recycle Bin tabs (spec §2).
  page(2028, CMS_ROOT_ID, 3, 'content', 'cms/contentcore/content', 'cms:content:view', 'list', ['内容管理', 'Content', '內容管理']),
  ...buttons(2028, 'cms:content', [
    [3020, 'add', ['新增内容', 'Add Content', '新增內容']],
    [3021, 'edit', ['修改内容', 'Edit Content', '修改內容']],
    [3022, 'remove', ['删除内容', 'Delete Content', '刪除內容']],
    [3023, 'publish', ['发布内容', 'Publish Content', '發布內容']],
    [3024, 'offline', ['下线内容', 'Take Content Offline', '下架內容']],
    [3025, 'lock', ['锁定/解锁内容', 'Lock/Unlock Content', '鎖定/解鎖內容']],
    [3026, 'restore'],
  ]),
  ...buttons(2028, 'cms:pagewidget', [
    [3030, 'add', ['新增页面部件', 'Add Page Widget', '新增頁面元件']],
    [3031, 'edit', ['修改页面部件', 'Edit Page Widget', '修改頁面元件']],
    [3032, 'remove', ['删除页面部件', 'Delete Page Widget', '刪除頁面元件']],
    [3033, 'publish', ['发布页面部件', 'Publish Page Widget', '發布頁面元件']],
  ]).map((b) => ({ ...b, orderNum: b.orderNum + 10 })),

  page(2024, CMS_ROOT_ID, 4, 'resource', 'cms/contentcore/resource', 'cms:resource:view', 'list', ['资源管理', 'Resources', '資源管理']),
  ...buttons(2024, 'cms:resource', [
    [3040, 'add', ['上传资源', 'Upload Resource', '上傳資源']],
    [3041, 'edit', ['修改资源', 'Edit Resource', '修改資源']],
    [3042, 'remove', ['删除资源', 'Delete Resource', '刪除資源']],
  ]),

  page(2029, CMS_ROOT_ID, 5, 'publishpipe', 'cms/contentcore/publishPipe', 'cms:publishpipe:view', 'component', ['发布通道', 'Publish Pipe', '發布通道']),
  ...buttons(2029, 'cms:publishpipe', [
    [3045, 'add', ['新增发布通道', 'Add Publish Pipe', '新增發布通道']],
    [3046, 'edit', ['修改发布通道', 'Edit Publish Pipe', '修改發布通道']],
    [3047, 'remove', ['删除发布通道', 'Delete Publish Pipe', '刪除發布通道']],
  ]),

  page(2030, CMS_ROOT_ID, 6, 'template', 'cms/contentcore/template', 'cms:template:view', 'code', ['模板管理', 'Template', '範本管理']),
  ...buttons(2030, 'cms:template', [
    [3050, 'add', ['新增模板', 'Add Template', '新增範本']],
    [3051, 'edit', ['修改模板', 'Edit Template', '修改範本']],
    [3052, 'remove', ['删除模板', 'Delete Template', '刪除範本']],
    [3053, 'clear', ['清理模板缓存', 'Clear Template Cache', '清除範本快取']],
  ]),

  page(2033, CMS_ROOT_ID, 7, 'file', 'cms/contentcore/file', 'cms:file:view', 'tree-table', ['文件管理', 'Files', '檔案管理']),
  ...buttons(2033, 'cms:file', [
    [3055, 'add', ['新建/上传文件', 'Create/Upload File', '建立/上傳檔案']],
    [3056, 'edit', ['修改文件', 'Edit File', '修改檔案']],
    [3057, 'remove', ['删除文件', 'Delete File', '刪除檔案']],
  ]),

  // Template tags and functions: a read-only reference page.
  page(2034, CMS_ROOT_ID, 8, 'staticize', 'cms/staticize/index', 'cms:staticize:view', 'code', ['模板指令', 'Template Tags', '範本指令']),

  // One page with tabs for tag, hot, sensitive and error-prone words (ChestnutCMS's word module).
  page(2039, CMS_ROOT_ID, 10, 'word', 'cms/word/word', 'word:word:view', 'input', ['词汇管理', 'Words', '詞彙管理']),
  ...buttons(2039, 'word:word', [
    [3070, 'add', ['新增词汇', 'Add Word', '新增詞彙']],
    [3071, 'edit', ['修改词汇', 'Edit Word', '修改詞彙']],
    [3072, 'remove', ['删除词汇', 'Delete Word', '刪除詞彙']],
  ]),

  page(2051, CMS_ROOT_ID, 11, 'search/index', 'cms/search/indexList', 'cms:contentindex:view', 'documentation', ['内容索引', 'Content Index', '內容索引']),
  ...buttons(2051, 'cms:contentindex', [
    [3075, 'rebuild', ['重建索引', 'Rebuild Index', '重建索引']],
    [3076, 'remove', ['删除索引', 'Delete Index', '刪除索引']],
  ]),

  page(2052, CMS_ROOT_ID, 12, 'dictWord', 'search/dictWord', 'search:dict:view', 'input', ['索引词库', 'Index Dict', '索引詞庫']),
  ...buttons(2052, 'search:dict', [
    [3080, 'add', ['新增检索词', 'Add Dictionary Word', '新增檢索詞']],
    [3081, 'remove', ['删除检索词', 'Delete Dictionary Word', '刪除檢索詞']],
  ]),

  // Search logs and query-word statistics (tabs).
  page(2053, CMS_ROOT_ID, 13, 'searchWord', 'search/wordTab', 'search:log:view', 'log', ['搜索日志', 'Search Log', '搜尋日誌']),
  ...buttons(2053, 'search:log', [
    [3085, 'edit', ['修改搜索词', 'Edit Search Word', '修改搜尋詞']],
    [3086, 'remove', ['删除搜索日志', 'Delete Search Log', '刪除搜尋日誌']],
  ]),

  page(3060, CMS_ROOT_ID, 14, 'dynamic', 'cms/dynamic/index', 'cms:dynamic:view', 'code', ['动态模板', 'Dynamic Template', '動態範本']),
  ...buttons(3060, 'cms:dynamic', [
    [3061, 'add', ['新增动态模板', 'Add Dynamic Template', '新增動態範本']],
    [3062, 'edit', ['修改动态模板', 'Edit Dynamic Template', '修改動態範本']],
    [3063, 'remove', ['删除动态模板', 'Delete Dynamic Template', '刪除動態範本']],
  ]),

  // Settings of the current site: storage, watermark, words, statistics, comment, SEO (spec §2).
  page(3090, CMS_ROOT_ID, 15, 'settings', 'cms/contentcore/settings', 'cms:setting:view', 'edit', ['CMS设置', 'CMS Settings', 'CMS設定']),
  ...buttons(3090, 'cms:setting', [
    [3091, 'edit', ['修改CMS设置', 'Edit CMS Settings', '修改CMS設定']],
  ]),
];
