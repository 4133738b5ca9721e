import { describe, expect, it } from 'vitest';
import { CONTENT_FIRST_GETS } from './first-gets.ts';
import { PAGE_GETS_MAX } from '../../../lib/early-fetch.ts';

// The early answers are taken only by a call to the very same URL: these are the Contents screen's
// first calls for a user with the default preferences and no remembered catalog.
describe("the Contents page's first calls", () => {
  it('are the tree, the site-wide first page and the two dictionaries, within what a page may add', () => {
    expect(CONTENT_FIRST_GETS).toEqual([
      '/cms/catalog/treeData',
      '/cms/content/list?pageNum=1&pageSize=20',
      '/system/dict/data/type/CMSContentStatus',
      '/system/dict/data/type/CMSContentAttribute',
    ]);
    expect(CONTENT_FIRST_GETS.length).toBeLessThanOrEqual(PAGE_GETS_MAX);
  });
});
