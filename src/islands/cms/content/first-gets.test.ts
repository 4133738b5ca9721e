import { describe, expect, it } from 'vitest';
import { CONTENT_FIRST_GETS } from './first-gets.ts';
import { PAGE_GETS_MAX, pageGetsAttribute, sessionGetsAttribute } from '../../../lib/early-fetch.ts';

// The early answers are taken only by a call to the very same URL: these are the Contents screen's
// first calls for a user with the default preferences and no remembered catalog.
describe("the Contents page's first calls", () => {
  it('are the tree, the site-wide first page, the two dictionaries and the preferences, within what a page may add', () => {
    expect(CONTENT_FIRST_GETS).toEqual([
      '/cms/catalog/treeData',
      '/cms/content/list?pageNum=1&pageSize=20',
      '/system/dict/data/type/CMSContentStatus',
      '/system/dict/data/type/CMSContentAttribute',
      '/system/user/preference',
    ]);
    // The preferences are the session's own call: the head script asks for them anyway.
    expect(JSON.parse(pageGetsAttribute(CONTENT_FIRST_GETS)!)).toHaveLength(4);
    expect(JSON.parse(sessionGetsAttribute(CONTENT_FIRST_GETS)!)).toEqual(['/system/user/preference']);
    expect(CONTENT_FIRST_GETS.length - 1).toBeLessThanOrEqual(PAGE_GETS_MAX);
  });
});
