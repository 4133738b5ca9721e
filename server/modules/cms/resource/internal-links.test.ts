import { describe, expect, it } from 'vitest';
import { editorLinks, ResourceSites, type ResourceSite } from './internal-links.ts';

// Issue 26 item 3: what an editor's content stores (internal links) and what the console shows.
const web: ResourceSite = { siteId: 1, path: 'web', resourceUrl: null, configProps: {} };
const other: ResourceSite = { siteId: 2, path: 'other', resourceUrl: 'https://res.other.example/', configProps: {} };
const bucket: ResourceSite = { siteId: 3, path: 'pics', resourceUrl: null, configProps: { FileStorageType: 'MinIO', StorageDomain: 'http://127.0.0.1:9000/media' } };
const key = 'resources/image/2026/01/31/12.png';

describe('internal links of resources', () => {
  const links = editorLinks(new ResourceSites(web, [other, bucket]));

  it('stores the addresses of the site\'s own resources as iurls, with the storage they showed', () => {
    expect(links.store(`/prod-api/web/${key}`)).toBe(`iurl://${key}?sid=1&storage=Local`);
    expect(links.store(`/web/${key}`)).toBe(`iurl://${key}?sid=1&storage=Local`);
    expect(links.store(key)).toBe(`iurl://${key}?sid=1`);
  });

  it('stores another site\'s resource as that site\'s, never as this site\'s', () => {
    expect(links.store(`/prod-api/other/${key}`)).toBe(`iurl://${key}?sid=2&storage=Local`);
    expect(links.store(`https://res.other.example/${key}`)).toBe(`iurl://${key}?sid=2`);
    expect(links.store(`http://127.0.0.1:9000/media/${key}`)).toBe(`iurl://${key}?sid=3&storage=S3`);
  });

  it('leaves anything else as it is: other servers, unknown site folders, keys that are not the library\'s', () => {
    for (const url of [`https://cdn.example.com/${key}`, `/prod-api/nosuch/${key}`, '/web/resources/../secret.png', '/web/resources/Image/X.PNG', `/web/${key}?v=2`, 'https://example.com/a.html', '']) {
      expect(links.store(url)).toBe(url);
    }
  });

  it('turns console previews of contents, catalogs and sites into their iurls, and back', () => {
    const html = '<p><a href="/prod-api/cms/preview/content/12">c</a><a href="/prod-api/cms/preview/catalog/3">k</a><a href="/prod-api/cms/preview/content/12?pp=pc">kept</a></p>';
    const stored = links.storeHtml(html);
    expect(stored).toBe('<p><a href="iurl://content?id=12">c</a><a href="iurl://catalog?id=3">k</a><a href="/prod-api/cms/preview/content/12?pp=pc">kept</a></p>');
    expect(links.showHtml(stored)).toBe(html);
  });

  it('rewrites src, href and poster in HTML and gives the console\'s addresses back, losslessly', () => {
    const html = `<p><img src="/prod-api/web/${key}" /><a href="/web/resources/file/2026/01/31/4.pdf">pdf</a><video src="http://127.0.0.1:9000/media/resources/video/2026/01/31/5.mp4" poster="/prod-api/other/${key}"></video><img src="https://cdn.example.com/x.png" /></p>`;
    const stored = links.storeHtml(html);
    expect(stored).not.toContain('/prod-api/');
    expect(stored).toContain(`<img src="iurl://${key}?sid=1&amp;storage=Local" />`);
    expect(stored).toContain('<img src="https://cdn.example.com/x.png" />');
    const shown = links.showHtml(stored);
    expect(shown).toBe(html.replace('href="/web/resources/', 'href="/prod-api/web/resources/'));
    expect(links.storeHtml(shown)).toBe(stored);
  });

  it('shows a field at the address the console puts below the API, a bucket\'s at its public address', () => {
    expect(links.show(`iurl://${key}?sid=1&storage=Local`)).toBe(`/web/${key}`);
    expect(links.show(`iurl://${key}`)).toBe(`/web/${key}`);
    expect(links.show(`iurl://${key}?sid=3`)).toBe(`http://127.0.0.1:9000/media/${key}`);
    // A Local file of a site that moved to a bucket stays where it was.
    expect(links.show(`iurl://${key}?sid=3&storage=Local`)).toBe(`/pics/${key}`);
    expect(links.show('https://cdn.example.com/x.png')).toBe('https://cdn.example.com/x.png');
  });
});
