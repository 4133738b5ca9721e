/**
 * The search's highlighted text (server/modules/cms/search/highlight.ts: HTML-escaped, hits in
 * `<em>`) as plain pieces, each marked or not: drawn as React text and <mark>, so nothing the
 * server sends is ever parsed as HTML — a stray tag shows as text.
 */
export interface HighlightPiece {
  text: string;
  hit: boolean;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const unescape = (s: string) => s.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]!);

export function highlightPieces(html: string | null | undefined): HighlightPiece[] {
  if (!html) return [];
  const out: HighlightPiece[] = [];
  let hit = false;
  for (const part of html.split(/(<\/?em>)/)) {
    if (part === '<em>') hit = true;
    else if (part === '</em>') hit = false;
    else if (part) out.push({ text: unescape(part), hit });
  }
  return out;
}
