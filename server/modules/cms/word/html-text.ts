import { Parser } from 'htmlparser2';

/** A run of text in an HTML source: `start`/`end` are offsets in the source, `end` exclusive. */
export interface TextRun {
  start: number;
  end: number;
  /** the source's characters, entities blanked to NUL of the same length so no word spans one */
  text: string;
}

/** Elements whose text is never a reader's prose (and is not touched). */
const NEVER = ['script', 'style', 'textarea', 'template', 'noscript', 'svg', 'math'];

const ENTITY = /&(?:#\d{1,8}|#x[0-9a-f]{1,8}|[a-z][a-z0-9]{1,31});/gi;

/**
 * The text runs of an HTML fragment, found by htmlparser2 (never a regular expression over the
 * HTML): what lies inside tags, attributes and the `skip` elements (links, headings…) is not
 * text. Offsets are the source's, so a caller can splice the source and keep the rest byte for byte.
 */
export function textRuns(html: string, skip: readonly string[] = []): TextRun[] {
  const skipped = new Set([...NEVER, ...skip]);
  const runs: TextRun[] = [];
  let depth = 0;
  const parser = new Parser({
    onopentagname(name) {
      if (skipped.has(name)) depth++;
    },
    onclosetag(name, implied) {
      // A void element closes right after it opens (implied): it held no text either way.
      if (skipped.has(name) && depth > 0) depth--;
      void implied;
    },
    ontext() {
      if (depth > 0) return;
      const start = parser.startIndex;
      const end = parser.endIndex + 1;
      const last = runs.at(-1);
      if (last && last.end === start) last.end = end;
      else runs.push({ start, end, text: '' });
    },
  }, { decodeEntities: false, lowerCaseTags: true });
  parser.end(html);
  for (const r of runs) r.text = html.slice(r.start, r.end).replace(ENTITY, (e) => '\0'.repeat(e.length));
  return runs;
}

/** The reader's text of an HTML fragment (runs joined by a space), for checks that only report words. */
export function plainText(html: string): string {
  return textRuns(html).map((r) => r.text.replace(/\0+/g, ' ')).join(' ');
}
