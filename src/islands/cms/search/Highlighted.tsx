import { highlightPieces } from '../../../lib/cms/highlight.ts';

/** The search's highlighted text as React text with <mark> around hits: no HTML from the server is parsed. */
export function Highlighted({ html, className }: { html: string | null | undefined; className?: string }) {
  return (
    <span className={className}>
      {highlightPieces(html).map((p, i) => (p.hit ? <mark key={i} className="search-hit">{p.text}</mark> : p.text))}
    </span>
  );
}
