import { freeze } from '../present.ts';
import { bodyIdOf, CmsBlockTag, contentOf, pageOf, type TagRun } from './base.ts';
import { hotWordsNeed } from '../requests.ts';
import { linkHotWords, type PageHotWords } from '../../word/render-words.ts';

/** The page-break marker of article bodies (PAGE_BREAK, as the sanitiser writes it back). */
const PAGE_BREAK = /<hr\s+class="page-break"\s*\/?>/gi;

/** An article's body split at its page breaks (always at least one page). */
export function splitPages(html: string): string[] {
  const pages = html.split(PAGE_BREAK).map((p) => p.trim());
  const kept = pages.filter((p, i) => p !== '' || i === 0);
  return kept.length ? kept : [''];
}

/**
 * cms_article: the body of an article (a mapping copy shows its source's), its internal links
 * resolved and its hot words linked; with `page: true`, the part of the page's number, and the page renders once per part.
 */
export class ArticleTag extends CmsBlockTag {
  protected produce(run: TagRun) {
    const self = contentOf(run, 'cms_article');
    const empty = { ArticleContent: '', Data: freeze({ articleContent: '', pageNo: 1, pageTotal: 1, pageTitles: [] }) };
    if (!self || self.linkFlag === 'Y' || self.contentType !== 'article') {
      if (run.values.page) pageOf(run, 'cms_article', 1, 1);
      return empty;
    }
    const detail = run.host.data<{ contentHtml: string; pageTitles: string | null }>(run.state, { kind: 'article', contentId: bodyIdOf(self) });
    const pages = splitPages(detail?.contentHtml ?? '');
    let body: string;
    if (run.values.page) {
      const { offset } = pageOf(run, 'cms_article', pages.length, 1);
      body = pages[offset] ?? '';
    } else {
      body = pages.join('\n');
    }
    // Hot words become links in what is rendered, never in the stored body (word/hot-links.ts).
    body = linkHotWords(body, run.host.data<PageHotWords>(run.state, hotWordsNeed(Number(self.catalogId))));
    const articleContent = run.host.resolveHtml(body, run.state);
    const pageTitles = (detail?.pageTitles ?? '').split('\n').map((t) => t.trim()).filter(Boolean);
    return { ArticleContent: articleContent, Data: freeze({ articleContent, pageNo: run.state.pageNo, pageTotal: pages.length, pageTitles }) };
  }
}
