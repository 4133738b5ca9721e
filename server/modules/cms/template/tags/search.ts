import { freeze, type Obj } from '../present.ts';
import { templateDate } from '../dates.ts';
import { CmsBlockTag, type TagRun } from './base.ts';
import type { HotWord } from '../../searchlog/words.ts';
import type { SearchPage } from '../../search-public/recent.ts';
import type { SearchLinkInfo } from '../../search/query.ts';

const EMPTY: readonly Obj[] = freeze([]);
const PAGE_MAX = 100;

/** A hit's address in the page's pipe (a preview's: the preview of it), as the page's other links. */
function linkOf(run: TagRun, info: SearchLinkInfo): string {
  try {
    return run.host.links.contentLink(info, { path: info.catalogPath }, (u) => run.host.resolve(u, run.state));
  } catch {
    return '';
  }
}

/** The search page's address in this pipe (`<pipe address>_search`), with the query when given. */
export const searchLinkOf = (run: TagRun, q?: string) => `${run.host.links.siteLink}_search${q ? `?q=${encodeURIComponent(q)}` : ''}`;

/**
 * `cms_search_content`: one page of hits of the site's full-text search (published contents only,
 * ranked by relevance then recency) for `query`, or of contents carrying the tag word in mode Tag.
 * `level: 'CurrentAndChild'` takes the catalog's sub-catalogs too (ChestnutCMS ignored it). Yields
 * `DataList` (each hit with `titleHighlight` and `snippet`: escaped text in which only `<em>` marks
 * the words — print them with `| raw`), `Total`, `TotalExact` (false: `Total` is an estimate, a common
 * word's count on a large site) and `PageTotal`. An empty query lists nothing.
 */
export class SearchContentTag extends CmsBlockTag {
  protected produce(run: TagRun) {
    const q = String(run.values.query ?? '').trim().slice(0, 100);
    const size = run.values.size as number;
    if (!q) return { DataList: EMPTY, Total: 0, TotalExact: true, PageTotal: 0 };
    const found = run.host.data<SearchPage>(run.state, {
      kind: 'search', q, catalogId: (run.values.catalogId as number | undefined) ?? null, includeChildren: run.values.level === 'CurrentAndChild',
      contentType: (run.values.contentType as string | undefined) ?? '', onlyTitle: run.values.onlyTitle as boolean, tag: run.values.mode === 'Tag',
      page: run.values.pageNo as number, size,
    });
    if (!found) return { DataList: EMPTY, Total: 0, TotalExact: true, PageTotal: 0 };
    const rows = found.rows.map(({ linkInfo, ...r }) => freeze({
      ...r, link: linkOf(run, linkInfo), publishDate: templateDate(r.publishDate ? new Date(r.publishDate) : null), logoSrc: r.logo ? run.host.resolve(String(r.logo), run.state) : '',
    }));
    // As far as a reader may page (search-public/params.ts PAGE_MAX).
    return { DataList: freeze(rows), Total: found.total, TotalExact: found.totalExact, PageTotal: Math.min(PAGE_MAX, Math.ceil(found.total / size)) };
  }
}

/** `cms_search_word`: the site's hot search words, those set on top first, then the most searched; `link` searches the word. */
export class SearchWordTag extends CmsBlockTag {
  protected produce(run: TagRun) {
    const rows = run.host.data<HotWord[]>(run.state, { kind: 'searchWords', limit: run.values.size as number });
    return { DataList: rows ? freeze(rows.map((w) => freeze({ ...w, link: searchLinkOf(run, w.word) }))) : EMPTY };
  }
}
