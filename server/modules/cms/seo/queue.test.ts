import { describe, expect, it } from 'vitest';
import { addressesOf } from './queue.ts';

describe('the addresses of a changed page', () => {
  it('names an index page by its folder to search engines, by both to the CDN; another page by its file', () => {
    expect(addressesOf('index.shtml', 'indexnow')).toEqual(['']);
    expect(addressesOf('news/index.shtml', 'baidu')).toEqual(['news/']);
    expect(addressesOf('news/index.shtml', 'cdn')).toEqual(['news/', 'news/index.shtml']);
    expect(addressesOf('news/index_2.shtml', 'indexnow')).toEqual(['news/index_2.shtml']);
    expect(addressesOf('news/list.shtml', 'cdn')).toEqual(['news/list.shtml']);
    expect(addressesOf('news/reindex.shtml', 'indexnow')).toEqual(['news/reindex.shtml']);
  });
});
