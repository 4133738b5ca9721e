import sanitizeHtml from 'sanitize-html';

/**
 * Rich text as editors produce it (headings, lists, links, images, tables, inline styles), with
 * scripts, event handlers and javascript: URLs removed: what is stored is safe to show anywhere.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: sanitizeHtml.defaults.allowedTags.concat(['img', 'h1', 'h2', 'span', 'u', 's', 'sub', 'sup', 'video', 'audio', 'source']),
    allowedAttributes: {
      '*': ['style', 'class', 'title'],
      a: ['href', 'target', 'rel', 'name'],
      img: ['src', 'alt', 'width', 'height'],
      video: ['src', 'controls', 'width', 'height', 'poster'],
      audio: ['src', 'controls'],
      source: ['src', 'type'],
      td: ['colspan', 'rowspan'],
      th: ['colspan', 'rowspan'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https', 'data'] },
    allowProtocolRelative: false,
  });
}
