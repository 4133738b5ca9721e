import { describe, expect, it } from 'vitest';
import { docsPageHref, rewriteDocsLinks } from './docs-links.ts';

const at = (href: string, source: string) => docsPageHref(href, source, '/admin/');

describe('links between the repository docs, as the console renders them', () => {
  it("sends the README's links to docs/*.md to their pages, keeping the fragment", () => {
    expect(at('docs/testing.md', 'README.md')).toBe('/admin/docs/testing/');
    expect(at('docs/deploying.md#configuration-in-detail', 'README.md')).toBe('/admin/docs/deploying/#configuration-in-detail');
    expect(at('docs/README.md', 'README.md')).toBe('/admin/docs/readme/');
  });

  it('resolves links between docs and back to the README', () => {
    expect(at('architecture.md#database', 'docs/templates.md')).toBe('/admin/docs/architecture/#database');
    expect(at('../README.md', 'docs/testing.md')).toBe('/admin/docs/');
  });

  it('leaves outside links, anchors on the page and links to code alone', () => {
    expect(at('https://astro.build', 'README.md')).toBeNull();
    expect(at('#headers', 'docs/two-origins.md')).toBeNull();
    expect(at('../server/app.ts', 'docs/architecture.md')).toBeNull();
    expect(at('/admin/', 'README.md')).toBeNull();
  });

  it('rewrites the hrefs of rendered HTML', () => {
    const html = '<p>See <a href="docs/api.md">the API</a> and <a href="https://x.org/a.md">x</a>.</p>';
    expect(rewriteDocsLinks(html, 'README.md', '/admin/')).toBe('<p>See <a href="/admin/docs/api/">the API</a> and <a href="https://x.org/a.md">x</a>.</p>');
  });
});
