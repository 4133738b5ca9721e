/**
 * How deeply a request body may nest arrays and objects. No form of the console sends more than a
 * few levels; a body of 100,000 nested brackets parses (V8's JSON.parse does not recurse) but then
 * overflows the stack of every recursive walk over it (the NUL check, zod, the operation log's
 * masking), which answered a generic "internal" error.
 */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_LIST = 0x5b; // [
const OPEN_OBJECT = 0x7b; // {
const CLOSE_LIST = 0x5d; // ]
const CLOSE_OBJECT = 0x7d; // }

/**
 * Whether JSON text nests deeper than `max` levels, read before it is parsed (brackets inside
 * strings do not count): one pass, no recursion, so it answers for malformed text too.
 */
export function nestsDeeperThan(text: string, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_LIST || c === OPEN_OBJECT) {
      if (++depth > max) return true;
    } else if (c === CLOSE_LIST || c === CLOSE_OBJECT) {
      depth--;
    }
  }
  return false;
}
