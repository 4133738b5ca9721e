import sanitizeHtml from 'sanitize-html';

/** A colour: #rgb/#rrggbb(aa), rgb()/rgba() of plain numbers, or a colour name. Never a url() or expression(). */
const COLOR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(,\s*(0|1|0?\.\d+)\s*)?\)$/i, /^[a-z]{3,20}$/i];
const LENGTH = [/^\d{1,3}(\.\d{1,2})?(px|em|rem|%|pt)$/];

/**
 * The inline styles an editor's formatting needs (alignment, colours, weight, slant, underline,
 * size, indent), each with values of a strict shape: nothing that positions, overlays, loads a
 * URL or runs an expression survives (sanitize-html drops any other property and any other value).
 */
const ALLOWED_STYLES: Record<string, RegExp[]> = {
  'text-align': [/^(left|right|center|justify|start|end)$/],
  color: COLOR,
  'background-color': COLOR,
  'font-weight': [/^(normal|bold|bolder|lighter|[1-9]00)$/],
  'font-style': [/^(normal|italic|oblique)$/],
  'text-decoration': [/^(none|underline|line-through|overline)( (underline|line-through|overline))*$/],
  'font-size': LENGTH,
  'padding-left': LENGTH,
};

/** The attributes rich text keeps, per tag (article bodies add a few table and list ones). */
export const RICH_TEXT_ATTRIBUTES: Readonly<Record<string, string[]>> = {
  '*': ['style', 'class', 'title'],
  a: ['href', 'target', 'rel', 'name'],
  img: ['src', 'alt', 'width', 'height'],
  video: ['src', 'controls', 'width', 'height', 'poster'],
  audio: ['src', 'controls'],
  source: ['src', 'type'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
};

/**
 * Rich text as editors produce it (headings, lists, links, images, tables, inline styles), with
 * scripts, event handlers and javascript: URLs removed: what is stored is safe to show anywhere.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: sanitizeHtml.defaults.allowedTags.concat(['img', 'h1', 'h2', 'span', 'u', 's', 'sub', 'sup', 'video', 'audio', 'source']),
    allowedAttributes: RICH_TEXT_ATTRIBUTES,
    allowedStyles: { '*': ALLOWED_STYLES },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https', 'data'] },
    allowProtocolRelative: false,
  });
}
