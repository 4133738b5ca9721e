import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT_ATTRIBUTES } from '../../../core/sanitize.ts';

/** CSS an editor may keep: layout and emphasis, nothing that loads or positions anything. */
const SAFE_STYLE = {
  'text-align': [/^(?:left|right|center|justify)$/],
  color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i],
  'background-color': [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i],
  'font-weight': [/^(?:bold|normal|[1-9]00)$/],
  'font-style': [/^(?:italic|normal)$/],
  'text-decoration': [/^(?:underline|line-through|none)$/],
  'padding-left': [/^\d{1,3}(?:\.\d+)?(?:em|px)$/],
  'text-indent': [/^\d{1,3}(?:\.\d+)?(?:em|px)$/],
  width: [/^\d{1,4}(?:\.\d+)?(?:px|%)$/],
};

/**
 * An article body as editors produce it (and as pasting from Word gives it: headings, lists,
 * tables), with scripts, event handlers, `javascript:` and `data:` URLs, SVG, forms and frames
 * removed. Links and images may be http(s), site-relative or internal (iurl://).
 */
export function sanitizeArticle(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'span', 'a', 'img', 'figure', 'figcaption', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'colgroup', 'col', 'video', 'audio', 'source', 'track', 'div'],
    // A video's or audio's captions (WCAG 1.2.2) are kept: a <track> of a caption file, its kind one of the four a player shows.
    allowedAttributes: { ...RICH_TEXT_ATTRIBUTES, th: ['colspan', 'rowspan', 'scope'], col: ['span'], ol: ['start', 'type'], track: ['src', 'kind', 'srclang', 'label', 'default'] },
    allowedStyles: { '*': SAFE_STYLE },
    allowedSchemes: ['http', 'https', 'mailto', 'iurl'],
    allowedSchemesAppliedToAttributes: ['href', 'src', 'poster'],
    allowProtocolRelative: false,
    selfClosing: [...sanitizeHtml.defaults.selfClosing, 'track'],
    // A track whose file went (a script URL) says nothing.
    exclusiveFilter: (frame) => frame.tag === 'track' && !frame.attribs.src,
    // Word's pastes carry mso-* classes and conditional comments; classes other than ours go.
    allowedClasses: { '*': ['page-break', /^align-/, /^ql-/] },
    transformTags: {
      a: (tag, attribs) => ({ tagName: tag, attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs }),
      track: (tag, attribs) => ({ tagName: tag, attribs: /^(?:captions|subtitles|descriptions|chapters)$/.test(attribs.kind ?? '') ? attribs : { ...attribs, kind: 'captions' } }),
    },
  });
}

/**
 * A third-party player's code: one iframe with an http(s) src and its size, sandboxed; anything
 * else (scripts, handlers, other tags) is dropped. Empty when no usable iframe remains.
 */
export function sanitizeVideoCode(code: string): string {
  const clean = sanitizeHtml(code, {
    allowedTags: ['iframe'],
    allowedAttributes: { iframe: ['src', 'width', 'height', 'allowfullscreen', 'frameborder', 'allow', 'sandbox', 'referrerpolicy'] },
    allowedSchemes: ['http', 'https'],
    allowedSchemesAppliedToAttributes: ['src'],
    allowProtocolRelative: false,
    transformTags: { iframe: (tag, attribs) => ({ tagName: tag, attribs: { ...attribs, sandbox: 'allow-scripts allow-same-origin allow-presentation allow-popups', referrerpolicy: 'no-referrer' } }) },
  }).trim();
  return /^<iframe\b[^>]*\bsrc="https?:\/\//i.test(clean) ? clean : '';
}
