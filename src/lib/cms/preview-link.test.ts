import { describe, expect, it } from 'vitest';
import { previewApi, previewRoute, targetOfLink, targetOfQuery } from './preview-link.ts';

describe('preview links', () => {
  it('maps the server\'s links in a previewed page onto the console page, and back to the API', () => {
    const t = targetOfLink('/prod-api/cms/preview/content/12?pp=pc&pi=2&chapter=5');
    expect(t).toEqual({ type: 'content', id: 12, pp: 'pc', pi: 2, chapter: 5 });
    expect(previewRoute(t!)).toBe('/cms/preview?type=content&id=12&pp=pc&pi=2&chapter=5');
    expect(targetOfQuery('?type=content&id=12&pp=pc&pi=2&chapter=5')).toEqual(t);
    expect(previewApi(t!)).toEqual({ path: '/cms/preview/content/12', params: { pp: 'pc', pi: '2', chapter: '5' } });
    expect(targetOfLink('/prod-api/cms/preview/catalog/3?pp=pc&list=Y')).toEqual({ type: 'catalog', id: 3, pp: 'pc', list: 'Y' });
  });

  it('leaves every other link alone and drops what is not a target', () => {
    expect(targetOfLink('https://example.com/news/1.shtml')).toBeNull();
    expect(targetOfLink('/prod-api/cms/preview/pagewidget/1')).toBeNull();
    expect(targetOfLink('/prod-api/cms/preview/content/x')).toBeNull();
    expect(targetOfQuery('type=content&id=0')).toBeNull();
    expect(targetOfQuery('type=content&id=7&pp=../x&pi=-1')).toEqual({ type: 'content', id: 7 });
  });
});
