import { posix } from 'node:path';

/**
 * The repository's Markdown (README.md, docs/*.md) link to each other by file ("docs/testing.md",
 * "architecture.md#database"), as GitHub shows them. The console renders the same files at
 * /admin/docs/ (README) and /admin/docs/<name>/ (docs/<name>.md), where those links would 404:
 * this points them at the rendered pages. Links to anything else stay as written.
 *
 * `source` is the linking file's path in the repository (`README.md`, `docs/testing.md`).
 */
export function docsPageHref(href: string, source: string, base: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:|^\/|^#/i.test(href)) return null;
  const [path, fragment] = href.split('#', 2) as [string, string | undefined];
  if (!path.toLowerCase().endsWith('.md')) return null;
  const target = posix.normalize(posix.join(posix.dirname(source), path));
  const hash = fragment ? `#${fragment}` : '';
  if (target === 'README.md') return `${base}docs/${hash}`;
  const m = /^docs\/([^/]+)\.md$/.exec(target);
  return m ? `${base}docs/${docsSlug(m[1]!)}/${hash}` : null;
}

/** A docs file's page name: `architecture.md` → `architecture`, `README.md` (the index) → `readme`. */
export const docsSlug = (name: string) => name.toLowerCase();

/** Every `href="…"` of rendered HTML through `docsPageHref` (Markdown renders hrefs double-quoted). */
export const rewriteDocsLinks = (html: string, source: string, base: string) =>
  html.replace(/href="([^"]*)"/g, (whole, href: string) => {
    const page = docsPageHref(href, source, base);
    return page ? `href="${page}"` : whole;
  });
