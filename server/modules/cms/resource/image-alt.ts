import { and, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { cmsResource } from './schema.ts';
import type { ResourceSites } from './internal-links.ts';

/**
 * Alt text of the library's images (issue 28 item 5), given when a body is saved: an `<img>` of a
 * site's resource library with no alt or an empty one gets the resource's title (its `name`), so
 * the editor shows it and an author's later alt wins; a resource whose title is only its file name
 * (with or without the suffix, as an upload names it by default) has none and gets `alt=""`
 * (decorative) rather than a file name. An author's own alt and images from elsewhere are kept.
 * The library has no description column, so the title is the only source. One query per body.
 */

/** An image tag as the sanitiser writes it: attributes double-quoted, `>` escaped inside them. */
const IMG = /<img\b[^>]*>/gi;
/** Its attributes, each consumed whole (so a value never passes for another attribute). */
const ATTR = /\s([\w:-]+)(?:="([^"]*)")?/g;
const attrsOf = (tag: string) => new Map([...tag.slice(4).matchAll(ATTR)].map((a) => [a[1]!.toLowerCase(), a[2] ?? '']));

/** An attribute's value as the sanitiser writes it (sanitize-html escapes these four). */
const attrText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A resource's title for an alt text: null when it is only the file's name. */
export function titleOf(r: { name: string; fileName: string }): string | null {
  const name = r.name.trim();
  const file = r.fileName.trim().toLowerCase();
  if (!name || name.toLowerCase() === file || name.toLowerCase() === file.replace(/\.[^.]*$/, '')) return null;
  return name;
}

/** Sanitised HTML with its internal links stored (`links.storeHtml`), the library's images given their alt text. */
export async function withImageAlts(tx: DbOrTx, html: string, sites: ResourceSites): Promise<string> {
  if (!/<img\b/i.test(html)) return html;
  const wanted = new Map<string, { siteId: number; key: string }>();
  const resourceOf = (tag: string) => {
    const attrs = attrsOf(tag);
    if (attrs.get('alt')?.trim()) return null;
    const src = attrs.get('src');
    const r = src ? sites.find(src.replace(/&amp;/g, '&')) : null;
    return r ? { siteId: r.site.siteId, key: r.key } : null;
  };
  for (const [tag] of html.matchAll(IMG)) {
    const r = resourceOf(tag);
    if (r) wanted.set(`${r.siteId}:${r.key}`, r);
  }
  if (!wanted.size) return html;
  const all = [...wanted.values()];
  const rows = await tx.select({ siteId: cmsResource.siteId, path: cmsResource.path, name: cmsResource.name, fileName: cmsResource.fileName }).from(cmsResource)
    .where(and(inArray(cmsResource.siteId, [...new Set(all.map((r) => r.siteId))]), inArray(cmsResource.path, [...new Set(all.map((r) => r.key))])));
  const titles = new Map(rows.map((row) => [`${row.siteId}:${row.path}`, titleOf(row)]));
  return html.replace(IMG, (tag) => {
    const r = resourceOf(tag);
    const title = r ? titles.get(`${r.siteId}:${r.key}`) : undefined;
    if (title === undefined) return tag; // not in the library (or not a candidate): left as it is
    const alt = `alt="${title === null ? '' : attrText(title)}"`;
    if (!attrsOf(tag).has('alt')) return tag.replace(/\s*\/?>$/, (end) => ` ${alt}${end}`);
    return `<img${tag.slice(4).replace(ATTR, (whole, name: string) => (name.toLowerCase() === 'alt' ? ` ${alt}` : whole))}`;
  });
}
