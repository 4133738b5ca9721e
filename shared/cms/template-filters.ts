import { d, type Doc, type FilterArg, type FilterDef } from './template-registry-types.ts';

// Every filter with its arguments and docs, and the ChestnutCMS functions (template-registry.ts).

const anyText = d('a text', '文本', '文字');
const urlIn = d('a link or internal link (iurl://…)', '链接或内部链接（iurl://…）', '連結或內部連結（iurl://…）');
const pipeArg: FilterArg = { name: 'pipeCode', type: 'string', doc: d('Another publish pipe; by default the page\'s.', '其他发布通道；默认为当前页面的。', '其他發布通道；預設為目前頁面的。') };

export const FILTERS: readonly FilterDef[] = [
  {
    name: 'iurl', aliases: ['internalUrl'], args: [], input: urlIn,
    doc: d('The address of an internal link (iurl://content?id=…, catalog, site, resources/…) for this pipe; other links are left as they are.', '内部链接（iurl://content?id=…、栏目、站点、资源）在当前通道的地址；其他链接原样返回。', '內部連結（iurl://content?id=…、欄目、網站、資源）在目前通道的位址；其他連結原樣傳回。'),
    example: '<a href="{{ Content.redirectUrl | iurl }}">',
  },
  {
    name: 'htmlInternalUrl', aliases: ['dealArticleBody'], args: [], input: d('HTML', 'HTML', 'HTML'),
    doc: d('The HTML with every internal link in src, href and poster resolved; print it with `| raw` only when the HTML is the site\'s own (a body, a description).', 'HTML 中 src、href、poster 的内部链接全部解析；仅对站点自己的 HTML（正文、描述）用 `| raw` 输出。', 'HTML 中 src、href、poster 的內部連結全部解析；僅對網站自己的 HTML（正文、描述）以 `| raw` 輸出。'),
    example: '{{ Catalog.description | htmlInternalUrl | raw }}',
  },
  {
    name: 'imageSize', args: [{ name: 'width', type: 'int', required: true, doc: d('Width, 1–6143.', '宽度，1–6143。', '寬度，1–6143。') }, { name: 'height', type: 'int', required: true, doc: d('Height, 1–6143.', '高度，1–6143。', '高度，1–6143。') }], input: urlIn,
    doc: d('The thumbnail of a library image when the site makes thumbnails of this size (CMS settings), else the image itself.', '站点生成此尺寸缩略图时（CMS 设置）返回资源库图片的缩略图，否则返回原图。', '網站產生此尺寸縮圖時（CMS 設定）傳回資源庫圖片的縮圖，否則傳回原圖。'),
    example: '<img src="{{ a.logoSrc | imageSize: 300, 200 }}">',
  },
  {
    name: 'contentPageLink', args: [{ name: 'pageNo', type: 'int', required: true, doc: d('The page number, from 1.', '页码，从 1 开始。', '頁碼，從 1 開始。') }], input: d('a content\'s link', '内容链接', '內容連結'),
    doc: d('The link of page N of a content (`123.shtml` → `123_2.shtml`).', '内容第 N 页的链接（`123.shtml` → `123_2.shtml`）。', '內容第 N 頁的連結（`123.shtml` → `123_2.shtml`）。'),
    example: '{{ Content.link | contentPageLink: 2 }}',
  },
  {
    name: 'catalogUrl', args: [pipeArg], input: d('a catalog id', '栏目 ID', '欄目 ID'),
    doc: d('The link of a catalog of this site.', '本站栏目的链接。', '本站欄目的連結。'),
    example: '{{ 12 | catalogUrl }}',
  },
  {
    name: 'contentUrl', args: [pipeArg], input: d('a content id', '内容 ID', '內容 ID'),
    doc: d('The link of a published content of this site (empty for one that is not published).', '本站已发布内容的链接（未发布的为空）。', '本站已發布內容的連結（未發布的為空）。'),
    example: '{{ 345 | contentUrl }}',
  },
  {
    name: 'siteUrl', args: [pipeArg], input: d('anything (ignored)', '任意值（忽略）', '任意值（忽略）'),
    doc: d('The address of this site in a publish pipe.', '本站在某发布通道中的地址。', '本站在某發布通道中的位址。'),
    example: '{{ \'\' | siteUrl: \'h5\' }}',
  },
  {
    name: 'dateFormat', args: [{ name: 'pattern', type: 'string', default: 'yyyy-MM-dd HH:mm:ss', doc: d('yyyy, yy, MM, M, MMM, MMMM, dd, d, HH, H, hh, h, mm, ss, a, EEE, EEEE; text in single quotes is kept.', 'yyyy、yy、MM、M、MMM、MMMM、dd、d、HH、H、hh、h、mm、ss、a、EEE、EEEE；单引号中的文字保留。', 'yyyy、yy、MM、M、MMM、MMMM、dd、d、HH、H、hh、h、mm、ss、a、EEE、EEEE；單引號中的文字保留。') },
      { name: 'locale', type: 'string', default: 'en', doc: d('Language of month and day names (en, zh-CN, zh-TW…).', '月份和星期名称的语言（en、zh-CN、zh-TW…）。', '月份和星期名稱的語言（en、zh-CN、zh-TW…）。') }],
    input: d('a date', '日期', '日期'),
    doc: d('A date in a Java-style pattern (ChestnutCMS\'s dateFormat).', '按 Java 风格格式显示日期（ChestnutCMS 的 dateFormat）。', '依 Java 風格格式顯示日期（ChestnutCMS 的 dateFormat）。'),
    example: '{{ a.publishDate | dateFormat: \'yyyy-MM-dd\' }}',
  },
  {
    name: 'date', args: [{ name: 'format', type: 'string', default: '%Y-%m-%d %H:%M:%S', doc: d('strftime: %Y %y %m %-m %d %-d %e %H %-H %I %l %M %S %p %B %b %A %a %j %s %%.', 'strftime：%Y %y %m %-m %d %-d %e %H %-H %I %l %M %S %p %B %b %A %a %j %s %%。', 'strftime：%Y %y %m %-m %d %-d %e %H %-H %I %l %M %S %p %B %b %A %a %j %s %%。') }],
    input: d('a date', '日期', '日期'),
    doc: d('A date in a strftime format (Liquid\'s date filter; month and day names in English).', '按 strftime 格式显示日期（Liquid 的 date 过滤器；月份与星期名称为英文）。', '依 strftime 格式顯示日期（Liquid 的 date 篩選器；月份與星期名稱為英文）。'),
    example: '{{ a.publishDate | date: \'%B %-d, %Y\' }}',
  },
  {
    name: 'dict', args: [{ name: 'value', type: 'string', doc: d('A value: its label is returned; without it, every entry.', '字典值：返回其标签；省略时返回全部条目。', '字典值：傳回其標籤；省略時傳回全部項目。') }],
    input: d('a dictionary type (e.g. CMSContentAttribute)', '字典类型（如 CMSContentAttribute）', '字典類型（如 CMSContentAttribute）'),
    doc: d('A system dictionary: the label of a value, or the entries `{value, label}`.', '系统字典：某值的标签，或条目列表 `{value, label}`。', '系統字典：某值的標籤，或項目清單 `{value, label}`。'),
    example: '{{ \'CMSContentAttribute\' | dict: \'hot\' }}',
  },
  {
    name: 'clearHtmlTag', args: [], input: d('HTML', 'HTML', 'HTML'),
    doc: d('The text of HTML: tags, scripts and styles removed, entities kept.', 'HTML 的文本：去除标签、脚本和样式，保留实体。', 'HTML 的文字：移除標籤、腳本和樣式，保留實體。'),
    example: '{{ a.summary | clearHtmlTag | truncate: 80 }}',
  },
  {
    name: 'htmlUnescape', args: [], input: anyText,
    doc: d('Turns HTML entities back into characters (the output is still escaped unless `| raw`).', '将 HTML 实体还原为字符（除非 `| raw`，输出仍会转义）。', '將 HTML 實體還原為字元（除非 `| raw`，輸出仍會跳脫）。'),
    example: '{{ a.title | htmlUnescape }}',
  },
  {
    name: 'displayFileSize', args: [], input: d('a size in bytes', '字节数', '位元組數'),
    doc: d('A size for people: 1.5 KB, 2.3 MB…', '便于阅读的大小：1.5 KB、2.3 MB…', '便於閱讀的大小：1.5 KB、2.3 MB…'),
    example: '{{ v.fileSize | displayFileSize }}',
  },
  {
    name: 'getDomain', args: [], input: d('a URL', 'URL', 'URL'),
    doc: d('The host of a URL.', 'URL 的主机名。', 'URL 的主機名稱。'),
    example: '{{ a.sourceUrl | getDomain }}',
  },
  {
    name: 'max', args: [{ name: 'other', type: 'any', required: true, doc: d('Another number.', '另一个数。', '另一個數。') }], input: d('a number', '数字', '數字'),
    doc: d('The larger of two numbers.', '两数中较大者。', '兩數中較大者。'), example: '{{ PageNo | max: 1 }}',
  },
  {
    name: 'min', args: [{ name: 'other', type: 'any', required: true, doc: d('Another number.', '另一个数。', '另一個數。') }], input: d('a number', '数字', '數字'),
    doc: d('The smaller of two numbers.', '两数中较小者。', '兩數中較小者。'), example: '{{ PageTotal | min: 10 }}',
  },
  {
    name: 'customDynamicPageLink',
    args: [
      { name: 'query', type: 'string', default: '', doc: d('Query parameters, e.g. `q=a&n=2` (values are not escaped: build them with url_encode).', '查询参数，如 `q=a&n=2`（值不会转义：用 url_encode 生成）。', '查詢參數，如 `q=a&n=2`（值不會跳脫：以 url_encode 產生）。') },
      { name: 'ignoreBaseArgs', type: 'bool', default: true, doc: d('false adds ChestnutCMS\'s base arguments `sid` and `pp`.', 'false 时加上 ChestnutCMS 的基础参数 `sid` 和 `pp`。', 'false 時加上 ChestnutCMS 的基礎參數 `sid` 和 `pp`。') },
    ],
    input: d('a dynamic page\'s code', '动态页面编码', '動態頁面代碼'),
    doc: d('The address of a custom dynamic page of this site in this pipe (empty for an unknown code).', '本站自定义动态页面在当前通道的地址（编码不存在时为空）。', '本站自訂動態頁面在目前通道的位址（代碼不存在時為空）。'),
    example: '<a href="{{ \'calc\' | customDynamicPageLink: \'n=2\' }}">',
  },
  {
    name: 'replaceHotWord', args: [{ name: 'group', type: 'string', required: true, doc: d('The code of a hot word group of this site.', '本站热词分组的编码。', '本站熱詞群組的代碼。') }],
    input: d('HTML or text', 'HTML 或文本', 'HTML 或文字'),
    doc: d('The first occurrence of each hot word of the group becomes a link (never inside a link, a heading or a tag; at most the site\'s "hot-word links per page"). Bodies printed by cms_article get the catalog\'s or site\'s groups already.', '分组中每个热词的第一次出现变为链接（不在链接、标题或标签内；不超过站点的“每页热词链接数上限”）。cms_article 输出的正文已按栏目或站点的分组处理。', '群組中每個熱詞的第一次出現變為連結（不在連結、標題或標籤內；不超過網站的「每頁熱詞連結數上限」）。cms_article 輸出的正文已依欄目或網站的群組處理。'),
    example: '{{ Catalog.description | replaceHotWord: \'tech\' | raw }}',
  },
  {
    name: 'replaceSensitiveWord', args: [{ name: 'replacement', type: 'string', doc: d('What a word becomes; by default the site\'s "replace sensitive words with".', '替换成的文字；默认为站点的“敏感词替换为”。', '替換成的文字；預設為網站的「敏感詞替換為」。') }],
    input: d('HTML or text', 'HTML 或文本', 'HTML 或文字'),
    doc: d('The sensitive words masked (whitelist words are kept; in HTML only the text, never tags or attributes).', '屏蔽其中的敏感词（白名单词保留；HTML 中只处理文字，不动标签和属性）。', '遮蔽其中的敏感詞（白名單詞保留；HTML 中只處理文字，不動標籤和屬性）。'),
    example: '{{ a.summary | replaceSensitiveWord }}',
  },
  {
    name: 'toJson', args: [], input: d('any value', '任意值', '任意值'),
    doc: d('JSON of a value, with <, > and & written as \\u escapes so it is safe inside a script with `| raw`.', '值的 JSON，<、>、& 写作 \\u 转义，可在 script 中以 `| raw` 安全使用。', '值的 JSON，<、>、& 寫作 \\u 跳脫，可在 script 中以 `| raw` 安全使用。'),
    example: '<script>var data = {{ DataList | toJson | raw }};</script>',
  },
];

/** ChestnutCMS functions that are Liquid's own filters under another name (they answer to both). */
export const FUNCTION_ALIASES: Readonly<Record<string, string>> = { groupBy: 'group_by' };

/** ChestnutCMS functions Castanea leaves out, and why (shown on the reference screen). */
export const OMITTED_FUNCTIONS: readonly { name: string; doc: Doc }[] = [
  { name: 'sysConfig', doc: d('Would hand any system setting (secrets included) to template authors.', '会将任意系统配置（含密钥）交给模板作者。', '會將任意系統設定（含金鑰）交給範本作者。') },
  { name: 'randomInt', doc: d('A page would change on every publish, so unchanged pages could not be skipped.', '每次发布页面都会变化，无法跳过未变的页面。', '每次發布頁面都會變化，無法略過未變的頁面。') },
];
