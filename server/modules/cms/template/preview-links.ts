import { Parser } from 'htmlparser2';
import { escapeHtml } from './html.ts';

/**
 * Where the links of a previewed page open. The page is shown in a frame of the sites' origin
 * inside the console: a link to another preview (the console's preview page, urls.ts
 * `previewPage`) moves the console's page (`_top`, so its bar, title and Back follow) — or, in
 * the workbench, opens it in a new tab, so the unsaved text stays; any other link opens in a new
 * tab, never inside the frame or over the console. Anchors within the page (`#…`) stay.
 *
 * Only the start tags of `a` and `area` are rewritten, in place: the rest of the page is left
 * byte for byte as the template wrote it (htmlparser2 gives each tag's position).
 */
export function previewLinkTargets(html: string, opts: { previewPage: string; previewTarget: '_top' | '_blank' }): string {
  const edits: { start: number; end: number; text: string }[] = [];
  const parser = new Parser({
    onopentag(name, attribs) {
      if (name !== 'a' && name !== 'area') return;
      const href = (attribs.href ?? '').trim();
      if (!href || href.startsWith('#') || /^javascript:/i.test(href)) return;
      const toPreview = href.startsWith(`${opts.previewPage}?`);
      const target = toPreview ? opts.previewTarget : '_blank';
      const attrs: Record<string, string> = { ...attribs, target };
      if (target === '_blank') attrs.rel = [...new Set([...(attribs.rel ?? '').split(/\s+/).filter(Boolean), 'noopener'])].join(' ');
      const text = `<${name}${Object.entries(attrs).map(([k, v]) => ` ${k}="${escapeHtml(v)}"`).join('')}>`;
      edits.push({ start: parser.startIndex, end: parser.endIndex + 1, text });
    },
  }, { decodeEntities: true, lowerCaseAttributeNames: true });
  parser.end(html);
  if (!edits.length) return html;
  let out = '';
  let at = 0;
  for (const e of edits) {
    if (e.start < at) continue;
    out += html.slice(at, e.start) + e.text;
    at = e.end;
  }
  return out + html.slice(at);
}
