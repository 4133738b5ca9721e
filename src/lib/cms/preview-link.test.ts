import { describe, expect, it } from 'vitest';
import { previewApi, previewRoute, previewSandbox, targetOfQuery } from './preview-link.ts';

describe('preview links', () => {
  it('reads the server\'s links in a previewed page as the console page\'s targets, and back to the API', () => {
    const link = new URL('http://127.0.0.1:8090/admin/cms/preview?type=content&id=12&pp=pc&chapter=5&pi=2');
    const t = targetOfQuery(link.search);
    expect(t).toEqual({ type: 'content', id: 12, pp: 'pc', pi: 2, chapter: 5 });
    expect(previewRoute(t!)).toBe('/cms/preview?type=content&id=12&pp=pc&pi=2&chapter=5');
    expect(previewApi(t!)).toEqual({ path: '/cms/preview/content/12', params: { pp: 'pc', pi: '2', chapter: '5' } });
    expect(targetOfQuery('?type=catalog&id=3&pp=pc&list=Y')).toEqual({ type: 'catalog', id: 3, pp: 'pc', list: 'Y' });
  });

  it('drops what is not a target', () => {
    expect(targetOfQuery('type=pagewidget&id=1')).toBeNull();
    expect(targetOfQuery('type=content&id=x')).toBeNull();
    expect(targetOfQuery('type=content&id=0')).toBeNull();
    expect(targetOfQuery('type=content&id=7&pp=../x&pi=-1')).toEqual({ type: 'content', id: 7 });
  });

  it('frames previews without the same origin: scripts run in an origin of their own', () => {
    expect(previewSandbox(true)).not.toContain('allow-same-origin');
    expect(previewSandbox(true)).toContain('allow-top-navigation-by-user-activation');
    expect(previewSandbox(false)).not.toContain('allow-top-navigation');
  });
});
