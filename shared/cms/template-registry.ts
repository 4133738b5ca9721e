import type { Locale } from '../i18n/locales.ts';
import { CONTENT_ATTRIBUTES, CONTENT_TYPES } from './content.ts';

/**
 * The template language in one place: every CMS tag with its attributes (type, options, default,
 * bounds), every filter with its arguments, and the variables of each page type, each with its
 * documentation in the console's three languages. The server's engine validates templates against
 * it, `GET /cms/template/tags|filters|variables` serve it, and the console's editor (completion,
 * hover) and its "template tags and functions" screen read it. Pure data: no server code.
 */

export type Doc = Record<Locale, string>;
const d = (en: string, zhCN: string, zhTW: string): Doc => ({ en, 'zh-CN': zhCN, 'zh-TW': zhTW });

/**
 * Kinds of page a template renders; `include` is a fragment rendered by cms_include, `dynamic` a
 * custom dynamic page rendered on request.
 */
export const PAGE_TYPES = ['index', 'catalog', 'content', 'include', 'dynamic'] as const;
export type PageType = (typeof PAGE_TYPES)[number];

/** string, whole number, true/false, one of `options`, or a comma list of `options`. */
export type AttrType = 'string' | 'int' | 'bool' | 'enum' | 'enumList';

export interface TagAttr {
  /** matched without regard to case (`catalogId` = `catalogid`) */
  name: string;
  type: AttrType;
  options?: readonly string[];
  default?: string | number | boolean;
  required?: true;
  min?: number;
  max?: number;
  doc: Doc;
}

export interface TagDef {
  name: string;
  /** a block tag has a body and an end tag (`{% endcms_content %}`) */
  block: boolean;
  attrs: readonly TagAttr[];
  /** variables set inside the body */
  yields: readonly string[];
  /** the field set (FIELD_SETS) of the items it yields */
  item?: FieldSetName;
  doc: Doc;
  example: string;
}

export interface FilterArg {
  name: string;
  type: 'string' | 'int' | 'bool' | 'any';
  required?: true;
  default?: string | number | boolean;
  doc: Doc;
}

export interface FilterDef {
  name: string;
  /** other names it answers to (ChestnutCMS function names), for converted themes */
  aliases?: readonly string[];
  /** arguments after the piped value */
  args: readonly FilterArg[];
  /** what it is applied to */
  input: Doc;
  doc: Doc;
  example: string;
}

export interface VariableDef {
  name: string;
  pageTypes: readonly PageType[];
  type: 'object' | 'string' | 'number' | 'bool' | 'list';
  fields?: FieldSetName;
  doc: Doc;
}

/** Fields of the objects templates see, for completion. */
export const FIELD_SETS = {
  site: ['siteId', 'parentId', 'name', 'description', 'path', 'link', 'logo', 'logoSrc', 'resourceUrl', 'seoTitle', 'seoKeywords', 'seoDescription', 'sortFlag', 'extend_CatalogPageSize', 'extend_ShortTitleLabel', 'extend_SubTitleLabel'],
  catalog: ['catalogId', 'siteId', 'parentId', 'ancestors', 'name', 'alias', 'path', 'catalogType', 'redirectUrl', 'description', 'logo', 'logoSrc', 'sortFlag', 'treeLevel', 'childCount', 'contentCount', 'pageSize', 'seoTitle', 'seoKeywords', 'seoDescription', 'link', 'listLink', 'current'],
  content: ['contentId', 'siteId', 'catalogId', 'catalogName', 'catalogLink', 'contentType', 'title', 'subTitle', 'shortTitle', 'titleStyle', 'logo', 'logoSrc', 'author', 'editor', 'original', 'summary', 'tags', 'keywords', 'source', 'sourceUrl', 'attributes', 'linkFlag', 'redirectUrl', 'topFlag', 'publishDate', 'createTime', 'updateTime', 'viewCount', 'likeCount', 'commentCount', 'favoriteCount', 'seoTitle', 'seoKeywords', 'seoDescription', 'link', 'book'],
  image: ['imageId', 'title', 'description', 'path', 'src', 'fileSize', 'width', 'height', 'redirectUrl'],
  audio: ['audioId', 'title', 'description', 'author', 'path', 'src', 'fileSize', 'format', 'duration', 'bitRate', 'samplingRate', 'channels'],
  video: ['videoId', 'title', 'description', 'path', 'src', 'cover', 'coverSrc', 'fileSize', 'format', 'duration', 'resolution', 'frameRate', 'code'],
  chapter: ['chapterId', 'contentId', 'title', 'wordCount', 'publishDate', 'link', 'index', 'current'],
  siteProperty: ['propName', 'propCode', 'propValue'],
  linkGroup: ['linkGroupId', 'name', 'code', 'sortFlag'],
  link: ['linkId', 'groupId', 'name', 'url', 'logo', 'src', 'sortFlag', 'description'],
  article: ['articleContent', 'pageNo', 'pageTotal', 'pageTitles'],
} as const;
export type FieldSetName = keyof typeof FIELD_SETS;

// --- Attributes shared by list tags -------------------------------------------------------------

const page: TagAttr = {
  name: 'page', type: 'bool', default: false,
  doc: d('Binds this list to the page\'s pagination: the page is rendered once per page of the list (one paged tag per template).',
    '将此列表绑定到页面分页：列表每一页生成一个页面（每个模板只能有一个分页标签）。',
    '將此清單繫結至頁面分頁：清單每一頁產生一個頁面（每個範本只能有一個分頁標籤）。'),
};
const size = (dflt = 10, max = 500): TagAttr => ({
  name: 'size', type: 'int', default: dflt, min: 1, max,
  doc: d('How many items: the page size when paged, otherwise the most it lists.', '条数：分页时为每页条数，否则为最多列出的条数。', '筆數：分頁時為每頁筆數，否則為最多列出的筆數。'),
});
const listAttrs = (dflt = 10, max = 500) => [page, size(dflt, max)] as const;
const contentId: TagAttr = {
  name: 'contentId', type: 'int', min: 1,
  doc: d('The content; by default the content of the page.', '内容 ID；默认为当前页面的内容。', '內容 ID；預設為目前頁面的內容。'),
};
const CONTENT_SORTS = ['Default', 'Recent', 'Views', 'Likes', 'Comments', 'Favorites'] as const;
const ATTRIBUTE_NAMES = Object.keys(CONTENT_ATTRIBUTES);
const contentFilters: readonly TagAttr[] = [
  {
    name: 'sort', type: 'enum', options: CONTENT_SORTS, default: 'Default',
    doc: d('Order: Default (the editors\' order), Recent (publish date), Views, Likes, Comments, Favorites; items on top come first unless topFlag is false.',
      '排序：Default（编辑排序）、Recent（发布时间）、Views、Likes、Comments、Favorites；除非 topFlag 为 false，置顶内容在前。',
      '排序：Default（編輯排序）、Recent（發布時間）、Views、Likes、Comments、Favorites；除非 topFlag 為 false，置頂內容在前。'),
  },
  {
    name: 'contentType', type: 'enumList', options: CONTENT_TYPES,
    doc: d('Only these content types (comma-separated).', '仅这些内容类型（逗号分隔）。', '僅這些內容類型（逗號分隔）。'),
  },
  {
    name: 'hasAttribute', type: 'enumList', options: ATTRIBUTE_NAMES,
    doc: d('Only contents with all these attributes (comma-separated: image, video, attach, hot, recommend).', '仅含所有这些属性的内容（逗号分隔：image、video、attach、hot、recommend）。', '僅含所有這些屬性的內容（逗號分隔：image、video、attach、hot、recommend）。'),
  },
  {
    name: 'noAttribute', type: 'enumList', options: ATTRIBUTE_NAMES,
    doc: d('Only contents with none of these attributes.', '仅不含这些属性的内容。', '僅不含這些屬性的內容。'),
  },
];
const contentListFilters: readonly TagAttr[] = [
  ...contentFilters,
  {
    name: 'topFlag', type: 'bool', default: true,
    doc: d('Put contents on top first.', '置顶内容排在前面。', '置頂內容排在前面。'),
  },
  {
    name: 'tag', type: 'string',
    doc: d('Only contents carrying this tag word.', '仅含此标签词的内容。', '僅含此標籤詞的內容。'),
  },
];
const level = (options: readonly string[], dflt: string, doc: Doc): TagAttr => ({ name: 'level', type: 'enum', options, default: dflt, doc });

const LIST_YIELD = d('Inside the body, `DataList` holds the items.', '标签体内，`DataList` 为结果列表。', '標籤體內，`DataList` 為結果清單。');
const withYield = (doc: Doc): Doc => ({ en: `${doc.en} ${LIST_YIELD.en}`, 'zh-CN': `${doc['zh-CN']}${LIST_YIELD['zh-CN']}`, 'zh-TW': `${doc['zh-TW']}${LIST_YIELD['zh-TW']}` });

export const TAGS: readonly TagDef[] = [
  {
    name: 'cms_site', block: true, yields: ['DataList'], item: 'site',
    attrs: [...listAttrs(), { name: 'id', type: 'int', min: 1, doc: d('The site the level is taken from; by default the current site.', '层级所依据的站点；默认为当前站点。', '層級所依據的網站；預設為目前網站。') },
      level(['Root', 'Current', 'Child'], 'Current', d('Root: top-level sites; Current: sites beside it; Child: sites below it.', 'Root：顶级站点；Current：同级站点；Child：下级站点。', 'Root：頂層網站；Current：同層網站；Child：下層網站。'))],
    doc: withYield(d(
      'Lists sites, in their sort order: only the page\'s own site and the sites below it (a page never shows another site\'s name, path or address); in a preview, only those of them the previewing user may view.',
      '列出站点，按排序：只列出页面所属站点及其下级站点（页面不会显示其他站点的名称、目录或地址）；预览时只列出其中预览者有权查看的站点。',
      '列出網站，依排序：只列出頁面所屬網站及其下層網站（頁面不會顯示其他網站的名稱、目錄或網址）；預覽時只列出其中預覽者有權檢視的網站。',
    )),
    example: '{% cms_site level: \'Root\' %}{% for s in DataList %}<a href="{{ s.link }}">{{ s.name }}</a>{% endfor %}{% endcms_site %}',
  },
  {
    name: 'cms_catalog', block: true, yields: ['DataList'], item: 'catalog',
    attrs: [...listAttrs(), { name: 'id', type: 'int', min: 1, doc: d('The catalog the level is taken from; by default the page\'s catalog.', '层级所依据的栏目；默认为当前页面的栏目。', '層級所依據的欄目；預設為目前頁面的欄目。') },
      { name: 'alias', type: 'string', doc: d('The catalog by its alias, instead of id.', '以别名指定栏目（代替 id）。', '以別名指定欄目（代替 id）。') },
      level(['Root', 'Current', 'Child', 'CurrentAndChild', 'Self'], 'Current', d('Root: top-level catalogs; Current: catalogs beside it; Child: catalogs below it; CurrentAndChild: it and every catalog below; Self: it alone. Without a catalog, Current and Child list the top level.',
        'Root：顶级栏目；Current：同级栏目；Child：下级栏目；CurrentAndChild：自身及所有下级；Self：仅自身。无栏目时 Current、Child 列出顶级栏目。',
        'Root：頂層欄目；Current：同層欄目；Child：下層欄目；CurrentAndChild：自身及所有下層；Self：僅自身。無欄目時 Current、Child 列出頂層欄目。'))],
    doc: withYield(d('Lists the site\'s visible catalogs (those not marked "ignored by tags"), in their sort order.', '列出站点中可见且未被标签忽略的栏目，按排序。', '列出網站中可見且未被標籤忽略的欄目，依排序。')),
    example: '{% cms_catalog level: \'Root\' %}{% for c in DataList %}<a href="{{ c.link }}"{% if c.current %} class="active"{% endif %}>{{ c.name }}</a>{% endfor %}{% endcms_catalog %}',
  },
  {
    name: 'cms_content', block: true, yields: ['DataList'], item: 'content',
    attrs: [...listAttrs(),
      { name: 'catalogId', type: 'int', min: 1, doc: d('The catalog; by default the page\'s catalog (the whole site on the home page).', '栏目 ID；默认为当前页面的栏目（首页为整个站点）。', '欄目 ID；預設為目前頁面的欄目（首頁為整個網站）。') },
      { name: 'catalogAlias', type: 'string', doc: d('The catalog by its alias, instead of catalogId.', '以别名指定栏目（代替 catalogId）。', '以別名指定欄目（代替 catalogId）。') },
      level(['Root', 'Current', 'Child', 'CurrentAndChild'], 'Current', d('Root: the whole site; Current: the catalog; Child: catalogs right below it; CurrentAndChild: the catalog and everything below.',
        'Root：整个站点；Current：该栏目；Child：其直接下级栏目；CurrentAndChild：该栏目及其所有下级。',
        'Root：整個網站；Current：該欄目；Child：其直接下層欄目；CurrentAndChild：該欄目及其所有下層。')),
      ...contentListFilters],
    doc: withYield(d('Lists published contents. Filters are a fixed vocabulary (no SQL): catalog, level, types, attributes, tag word, order.',
      '列出已发布的内容。筛选条件为固定词汇（不接受 SQL）：栏目、层级、类型、属性、标签词、排序。',
      '列出已發布的內容。篩選條件為固定詞彙（不接受 SQL）：欄目、層級、類型、屬性、標籤詞、排序。')),
    example: '{% cms_content catalogAlias: \'news\', size: 10, sort: \'Recent\' %}{% for a in DataList %}<a href="{{ a.link }}">{{ a.title }}</a>{% endfor %}{% endcms_content %}',
  },
  {
    name: 'cms_content_closest', block: true, yields: ['Data', 'DataList'], item: 'content',
    attrs: [contentId, { name: 'type', type: 'enum', options: ['Prev', 'Next'], required: true, doc: d('Prev: the one before it in the list order; Next: the one after it.', 'Prev：列表顺序中的上一篇；Next：下一篇。', 'Prev：清單順序中的上一篇；Next：下一篇。') },
      ...contentFilters],
    doc: d('The published content before or after a content in its catalog. Inside the body `Data` is that content (empty at either end), `DataList` a list of it.',
      '内容所在栏目中前一篇或后一篇已发布内容。标签体内 `Data` 为该内容（到头时为空），`DataList` 为含它的列表。',
      '內容所在欄目中前一篇或後一篇已發布內容。標籤體內 `Data` 為該內容（到頭時為空），`DataList` 為含它的清單。'),
    example: '{% cms_content_closest type: \'Next\' %}{% if Data %}<a href="{{ Data.link }}">{{ Data.title }}</a>{% endif %}{% endcms_content_closest %}',
  },
  {
    name: 'cms_content_rela', block: true, yields: ['DataList'], item: 'content',
    attrs: [...listAttrs(), contentId],
    doc: withYield(d('The related contents of a content that are published, in the editors\' order.', '内容的相关内容（仅已发布），按编辑设定的顺序。', '內容的相關內容（僅已發布），依編輯設定的順序。')),
    example: '{% cms_content_rela %}{% for a in DataList %}<a href="{{ a.link }}">{{ a.title }}</a>{% endfor %}{% endcms_content_rela %}',
  },
  {
    name: 'cms_article', block: true, yields: ['ArticleContent', 'Data'], item: 'article',
    attrs: [contentId, { name: 'page', type: 'bool', default: false, doc: d('Split the body at its page breaks: page N of the content shows part N.', '按分页符拆分正文：内容的第 N 页显示第 N 段。', '依分頁符號拆分正文：內容的第 N 頁顯示第 N 段。') }],
    doc: d('An article\'s body (sanitised HTML with internal links resolved) in `ArticleContent`; print it with `{{ ArticleContent | raw }}`.',
      '文章正文（已清理的 HTML，内部链接已解析）置于 `ArticleContent`；用 `{{ ArticleContent | raw }}` 输出。',
      '文章正文（已清理的 HTML，內部連結已解析）置於 `ArticleContent`；以 `{{ ArticleContent | raw }}` 輸出。'),
    example: '{% cms_article page: true %}{{ ArticleContent | raw }}{% endcms_article %}{% page_bar %}',
  },
  ...(['image', 'audio', 'video'] as const).map((kind): TagDef => ({
    name: `cms_${kind}`, block: true, yields: ['DataList'], item: kind,
    attrs: [...listAttrs(100, 1000), contentId],
    doc: withYield({
      image: d('The pictures of an image album, in order.', '图集中的图片，按顺序。', '圖集中的圖片，依順序。'),
      audio: d('The tracks of an audio content, in order.', '音频内容的音轨，按顺序。', '音訊內容的音軌，依順序。'),
      video: d('The videos of a video content, in order.', '视频内容中的视频，按顺序。', '影片內容中的影片，依順序。'),
    }[kind]),
    example: {
      image: '{% cms_image %}{% for p in DataList %}<img src="{{ p.src }}" alt="{{ p.title }}">{% endfor %}{% endcms_image %}',
      audio: '{% cms_audio %}{% for t in DataList %}<audio src="{{ t.src }}" controls></audio>{% endfor %}{% endcms_audio %}',
      video: '{% cms_video %}{% for v in DataList %}<video src="{{ v.src }}" poster="{{ v.coverSrc }}" controls></video>{% endfor %}{% endcms_video %}',
    }[kind],
  })),
  {
    name: 'cms_chapter', block: true, yields: ['DataList'], item: 'chapter',
    attrs: [...listAttrs(100, 5000), contentId],
    doc: withYield(d('The published chapters of a book, in order, each with the link of its page.', '书籍中已发布的章节，按顺序，各带其页面链接。', '書籍中已發布的章節，依順序，各帶其頁面連結。')),
    example: '{% cms_chapter %}<ol>{% for c in DataList %}<li><a href="{{ c.link }}">{{ c.title }}</a></li>{% endfor %}</ol>{% endcms_chapter %}',
  },
  {
    name: 'cms_include', block: false, yields: [],
    attrs: [
      { name: 'file', type: 'string', required: true, doc: d('The template to include, by its name in this pipe; parameters may follow as a query string (`nav.template.html?current=news`), read there as `Request.current`.',
        '要包含的模板（本发布通道中的名称）；可在后面以查询字符串附带参数（`nav.template.html?current=news`），在被包含模板中以 `Request.current` 读取。',
        '要包含的範本（本發布通道中的名稱）；可在後面以查詢字串附帶參數（`nav.template.html?current=news`），在被包含範本中以 `Request.current` 讀取。') },
      { name: 'cache', type: 'bool', default: true, doc: d('Render it once per publish run for the same file and parameters (it sees the site, not the page).', '在一次发布中，相同文件和参数只渲染一次（它只看到站点，而非当前页面）。', '在一次發布中，相同檔案和參數只渲染一次（它只看到網站，而非目前頁面）。') },
    ],
    doc: d('Inserts another template\'s output, rendered with the site\'s variables and `Request` (its parameters). It is rendered into the page itself: no SSI is needed, and pages using it are republished when it changes.',
      '插入另一个模板的输出，以站点变量和 `Request`（其参数）渲染。直接渲染进页面，无需 SSI；它变更时，使用它的页面会被重新发布。',
      '插入另一個範本的輸出，以網站變數和 `Request`（其參數）渲染。直接渲染進頁面，無需 SSI；它變更時，使用它的頁面會被重新發布。'),
    example: '{% cms_include file: \'common/header.template.html\' %}',
  },
  {
    name: 'cms_site_property', block: true, yields: ['DataList'], item: 'siteProperty',
    attrs: [...listAttrs(), { name: 'code', type: 'string', doc: d('Only the property with this code.', '仅此编码的属性。', '僅此編碼的屬性。') }],
    doc: withYield(d('The site\'s custom properties (name, code, value).', '站点的自定义属性（名称、编码、值）。', '網站的自訂屬性（名稱、編碼、值）。')),
    example: '{% cms_site_property code: \'icp\' %}{{ DataList.first.propValue }}{% endcms_site_property %}',
  },
  {
    name: 'cms_link_group', block: true, yields: ['DataList'], item: 'linkGroup',
    attrs: [...listAttrs(), { name: 'code', type: 'string', doc: d('Only the group with this code.', '仅此编码的分组。', '僅此代碼的群組。') }],
    doc: withYield(d('The site\'s friend-link groups, by their sort.', '站点的友链分组，按排序。', '網站的友站連結群組，依排序。')),
    example: '{% cms_link_group %}{% for g in DataList %}{{ g.name }}{% endfor %}{% endcms_link_group %}',
  },
  {
    name: 'cms_link', block: true, yields: ['DataList'], item: 'link',
    attrs: [...listAttrs(), { name: 'code', type: 'string', required: true, doc: d('The code of the friend-link group.', '友链分组编码。', '友站連結群組代碼。') }],
    doc: withYield(d('The links of a friend-link group, by their sort; `src` is the logo\'s address.', '友链分组的链接，按排序；`src` 为 Logo 地址。', '友站連結群組的連結，依排序；`src` 為 Logo 位址。')),
    example: '{% cms_link code: \'partners\' %}{% for l in DataList %}<a href="{{ l.url }}">{{ l.name }}</a>{% endfor %}{% endcms_link %}',
  },
  {
    name: 'page_bar', block: false, yields: [],
    attrs: [
      { name: 'type', type: 'enum', options: ['Simple', 'Mini'], default: 'Simple', doc: d('Simple: numbers with first and last links; Mini: numbers only.', 'Simple：页码及首页、末页链接；Mini：仅页码。', 'Simple：頁碼及首頁、末頁連結；Mini：僅頁碼。') },
      { name: 'target', type: 'enum', options: ['_self', '_blank'], default: '_self', doc: d('Where the links open.', '链接打开位置。', '連結開啟位置。') },
      { name: 'first', type: 'string', default: '«', doc: d('Label of the first-page link.', '首页链接文字。', '首頁連結文字。') },
      { name: 'last', type: 'string', default: '»', doc: d('Label of the last-page link.', '末页链接文字。', '末頁連結文字。') },
    ],
    doc: d('The pagination of the page\'s paged list or article: `div.pagination` with `a.page_link` (`page_active` for the current page, `page_first`, `page_last`), at most 7 numbers around the current page.',
      '当前页分页列表或文章的分页栏：`div.pagination` 内含 `a.page_link`（当前页 `page_active`、`page_first`、`page_last`），当前页前后最多 7 个页码。',
      '目前頁分頁清單或文章的分頁列：`div.pagination` 內含 `a.page_link`（目前頁 `page_active`、`page_first`、`page_last`），目前頁前後最多 7 個頁碼。'),
    example: '{% cms_content page: true, size: 20 %}…{% endcms_content %}{% page_bar type: \'Simple\' %}',
  },
];

// --- Filters ------------------------------------------------------------------------------------

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

// --- Variables per page type --------------------------------------------------------------------

const ALL = PAGE_TYPES;
export const VARIABLES: readonly VariableDef[] = [
  { name: 'Site', pageTypes: ALL, type: 'object', fields: 'site', doc: d('The site: its fields, `link`, `logoSrc` and `extend_<key>` for its Extend settings.', '站点：其字段、`link`、`logoSrc` 以及扩展设置 `extend_<key>`。', '網站：其欄位、`link`、`logoSrc` 以及擴充設定 `extend_<key>`。') },
  { name: 'Catalog', pageTypes: ['catalog', 'content', 'dynamic'], type: 'object', fields: 'catalog', doc: d('The page\'s catalog: its fields, `link`, `listLink` and `extend_<key>`.', '当前页面的栏目：其字段、`link`、`listLink` 以及 `extend_<key>`。', '目前頁面的欄目：其欄位、`link`、`listLink` 以及 `extend_<key>`。') },
  { name: 'Content', pageTypes: ['content', 'dynamic'], type: 'object', fields: 'content', doc: d('The page\'s content, with `link`; a book\'s own fields are in `Content.book`.', '当前页面的内容，带 `link`；书籍字段在 `Content.book`。', '目前頁面的內容，帶 `link`；書籍欄位在 `Content.book`。') },
  { name: 'Chapter', pageTypes: ['content'], type: 'object', fields: 'chapter', doc: d('On a book\'s chapter page: the chapter, with its text in `Chapter.content` (print with `| raw`); empty on the book\'s own page.', '书籍章节页：该章节，正文在 `Chapter.content`（用 `| raw` 输出）；书籍主页面上为空。', '書籍章節頁：該章節，正文在 `Chapter.content`（以 `| raw` 輸出）；書籍主頁面上為空。') },
  { name: 'PageNo', pageTypes: ALL, type: 'number', doc: d('The page number, from 1.', '当前页码，从 1 开始。', '目前頁碼，從 1 開始。') },
  { name: 'PageSize', pageTypes: ['catalog', 'content'], type: 'number', doc: d('Items per page, after the paged tag.', '分页标签之后：每页条数。', '分頁標籤之後：每頁筆數。') },
  { name: 'PageTotal', pageTypes: ['catalog', 'content'], type: 'number', doc: d('How many pages, after the paged tag (or the paged article).', '分页标签（或分页文章）之后：总页数。', '分頁標籤（或分頁文章）之後：總頁數。') },
  { name: 'FirstPage', pageTypes: ['catalog', 'content'], type: 'string', doc: d('The link of page 1.', '第 1 页的链接。', '第 1 頁的連結。') },
  { name: 'OtherPage', pageTypes: ['catalog', 'content'], type: 'string', doc: d('The link of page N, with {0} for N.', '第 N 页的链接，{0} 代表 N。', '第 N 頁的連結，{0} 代表 N。') },
  { name: 'Prefix', pageTypes: ALL, type: 'string', doc: d('The pipe\'s address prefix (absolute or relative, per the pipe settings), ending in /.', '发布通道的地址前缀（按通道设置为绝对或相对），以 / 结尾。', '發布通道的位址前綴（依通道設定為絕對或相對），以 / 結尾。') },
  { name: 'ResourcePrefix', pageTypes: ALL, type: 'string', doc: d('Where the site\'s resources are served (the resource domain, else the bucket\'s public address when the site stores in one, else the prefix), ending in /.', '站点资源的地址（资源域名；否则站点使用对象存储时为存储桶的公开地址；否则为前缀），以 / 结尾。', '網站資源的位址（資源網域；否則網站使用物件儲存時為儲存桶的公開位址；否則為前綴），以 / 結尾。') },
  { name: 'ApiPrefix', pageTypes: ALL, type: 'string', doc: d('The address of the site\'s API, ending in /.', '站点 API 的地址，以 / 结尾。', '網站 API 的位址，以 / 結尾。') },
  { name: 'PublishPipeCode', pageTypes: ALL, type: 'string', doc: d('The publish pipe being rendered (pc, h5…).', '正在渲染的发布通道（pc、h5…）。', '正在渲染的發布通道（pc、h5…）。') },
  { name: 'IsPreview', pageTypes: ALL, type: 'bool', doc: d('True in a preview, false when publishing.', '预览时为 true，发布时为 false。', '預覽時為 true，發布時為 false。') },
  { name: 'TimeMillis', pageTypes: ALL, type: 'number', doc: d('When the publish run started (ms since 1970), the same on every page of the run.', '本次发布开始的时间（毫秒），同一次发布的每个页面相同。', '本次發布開始的時間（毫秒），同一次發布的每個頁面相同。') },
  { name: 'Request', pageTypes: ['include', 'dynamic'], type: 'object', doc: d('In an included template: the parameters given after `?` in cms_include\'s file; on a dynamic page: the query parameters of the request (text, first value of each).', '被包含模板中：cms_include 的 file 中 `?` 之后的参数；动态页面中：请求的查询参数（文本，每个取第一个值）。', '被包含範本中：cms_include 的 file 中 `?` 之後的參數；動態頁面中：請求的查詢參數（文字，每個取第一個值）。') },
];

/** The tag definition of a name, if it is one of ours. */
export const tagDef = (name: string) => TAGS.find((t) => t.name === name);
/** Variables a template of this page type sees. */
export const variablesOf = (type: PageType) => VARIABLES.filter((v) => v.pageTypes.includes(type));
/** A doc in the locale (English when missing). */
export const docIn = (doc: Doc, locale: Locale) => doc[locale] || doc.en;
