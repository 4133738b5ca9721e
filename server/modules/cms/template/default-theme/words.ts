import type { Locale } from '../../../../../shared/i18n/locales.ts';

/**
 * The few words the default theme prints (nav, headings, prev/next). They are written into the
 * templates when the theme is installed, in the language of the user who installs it, so a site's
 * templates are plain Liquid in its own language that anyone can edit (sites have no language
 * setting to read at render time). `[[key]]` in a theme file is replaced by the word.
 *
 * `lang` is the site's language as the theme knows it (the `lang` of its pages); `other_lang` the
 * language a content is taken to be in when its title is written in another script than the
 * site's (theme/lang_of.template.html): English on a Chinese site, Chinese on an English one.
 */
export const THEME_WORDS: Record<Locale, Record<string, string>> = {
  'zh-CN': {
    lang: 'zh-CN', home: '首页', latest: '最新', more: '更多', empty: '暂无内容', author: '作者', source: '来源',
    neighbours: '上一篇和下一篇', prev: '上一篇', next: '下一篇', related: '相关内容',
    type_article: '文章', type_image: '图集', type_audio: '音频', type_video: '视频', type_book: '图书',
    chapters: '目录', toc: '目录', prev_chapter: '上一章', next_chapter: '下一章', start_reading: '开始阅读', intro: '简介', no_chapters: '暂无章节',
    translators: '译者', publisher: '出版社', publication_date: '出版日期', words: '字数', status: '状态', completed: '已完结', ongoing: '连载中',
    skip: '跳到主要内容', breadcrumb: '当前位置', sections: '栏目导航', pages: '分页', other_lang: 'en', download: '下载',
    search: '搜索', search_label: '搜索本站', search_catalog: '栏目', all_catalogs: '全部栏目', sub_catalogs: '含下级栏目', search_type: '类型', all_types: '全部类型', titles_only: '仅搜索标题',
    results_count: '共找到 {n} 条结果', results_count_about: '找到约 {n} 条结果', no_results: '没有找到与“{q}”相关的内容', search_hint: '输入关键词搜索本站内容', hot_searches: '热门搜索', prev_page: '上一页', next_page: '下一页', search_pages: '搜索结果分页',
  },
  'zh-TW': {
    lang: 'zh-TW', home: '首頁', latest: '最新', more: '更多', empty: '暫無內容', author: '作者', source: '來源',
    neighbours: '上一篇和下一篇', prev: '上一篇', next: '下一篇', related: '相關內容',
    type_article: '文章', type_image: '圖集', type_audio: '音訊', type_video: '影片', type_book: '圖書',
    chapters: '目錄', toc: '目錄', prev_chapter: '上一章', next_chapter: '下一章', start_reading: '開始閱讀', intro: '簡介', no_chapters: '暫無章節',
    translators: '譯者', publisher: '出版社', publication_date: '出版日期', words: '字數', status: '狀態', completed: '已完結', ongoing: '連載中',
    skip: '跳到主要內容', breadcrumb: '目前位置', sections: '欄目導覽', pages: '分頁', other_lang: 'en', download: '下載',
    search: '搜尋', search_label: '搜尋本站', search_catalog: '欄目', all_catalogs: '全部欄目', sub_catalogs: '含下層欄目', search_type: '類型', all_types: '全部類型', titles_only: '僅搜尋標題',
    results_count: '共找到 {n} 筆結果', results_count_about: '找到約 {n} 筆結果', no_results: '找不到與「{q}」相關的內容', search_hint: '輸入關鍵字搜尋本站內容', hot_searches: '熱門搜尋', prev_page: '上一頁', next_page: '下一頁', search_pages: '搜尋結果分頁',
  },
  en: {
    lang: 'en', home: 'Home', latest: 'Latest', more: 'More', empty: 'Nothing here yet', author: 'Author', source: 'Source',
    neighbours: 'Previous and next', prev: 'Previous', next: 'Next', related: 'Related',
    type_article: 'Article', type_image: 'Gallery', type_audio: 'Audio', type_video: 'Video', type_book: 'Book',
    chapters: 'Contents', toc: 'Contents', prev_chapter: 'Previous chapter', next_chapter: 'Next chapter', start_reading: 'Start reading', intro: 'About this book', no_chapters: 'No chapters yet',
    translators: 'Translators', publisher: 'Publisher', publication_date: 'Published', words: 'Words', status: 'Status', completed: 'Completed', ongoing: 'Ongoing',
    skip: 'Skip to main content', breadcrumb: 'Breadcrumb', sections: 'Sections', pages: 'Pages', other_lang: 'zh', download: 'Download',
    search: 'Search', search_label: 'Search this site', search_catalog: 'Section', all_catalogs: 'All sections', sub_catalogs: 'Include subsections', search_type: 'Type', all_types: 'All types', titles_only: 'Titles only',
    results_count: '{n} results', results_count_about: 'About {n} results', no_results: 'Nothing found for “{q}”', search_hint: 'Type words to search this site', hot_searches: 'Popular searches', prev_page: 'Previous', next_page: 'Next', search_pages: 'Result pages',
  },
};
