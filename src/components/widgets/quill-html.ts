/**
 * What the rich-text editor hands its form: Quill's semantic HTML (real <ul>/<ol> lists, nested by
 * indent, rather than its internal <ol><li data-list="bullet">, which a sanitiser that drops data-
 * attributes would turn into numbered lists), with the spaces Quill 2 writes as &nbsp; given back:
 * a published page must wrap its lines. A run of spaces keeps its width (first a space, then
 * non-breaking ones); a non-breaking space typed as such is a character, never the entity, so it stays.
 */
export function semanticHtml(quill: { getSemanticHTML(): string; getLength(): number }): string {
  if (quill.getLength() <= 1) return '';
  return quill.getSemanticHTML().replace(/(?:&nbsp;)+/g, (run) => ` ${'&nbsp;'.repeat(run.length / 6 - 1)}`);
}
