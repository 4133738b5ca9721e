import { freeze } from '../present.ts';
import { CmsBlockTag, type TagRun } from './base.ts';
import { sliceOf } from './lists.ts';

type Item = Record<string, unknown>;

/**
 * `{% cms_link code: 'partners' %}…{% endcms_link %}`: the links of the page's site's group of
 * that code, by their sort (ChestnutCMS `cms_link`); `src` is the logo's address for this page
 * (the stored internal link resolved as the page's pipe serves the file).
 */
export class LinkTag extends CmsBlockTag {
  protected produce(run: TagRun) {
    const rows = run.host.data<Item[]>(run.state, { kind: 'links', code: String(run.values.code ?? ''), limit: 1000, offset: 0 });
    return { DataList: sliceOf(run, 'cms_link', (rows ?? []).map((r) => freeze({ ...r, src: typeof r.logo === 'string' && r.logo ? run.host.resolve(r.logo, run.state) : '' }))) };
  }
}

/** `{% cms_link_group %}`: the site's friend-link groups (one with `code`), by their sort. */
export class LinkGroupTag extends CmsBlockTag {
  protected produce(run: TagRun) {
    const rows = run.host.data<Item[]>(run.state, { kind: 'linkGroups', code: String(run.values.code ?? ''), limit: 1000, offset: 0 });
    return { DataList: sliceOf(run, 'cms_link_group', (rows ?? []).map((r) => freeze({ ...r }))) };
  }
}
