/**
 * OpenCC's conversion made cheap for text that is mostly characters it never changes. opencc-js
 * walks its dictionaries' tries at every character of a text (four passes for Taiwan → mainland),
 * English and most simplified Chinese included, which made it a third of the analyzer's time.
 *
 * A character that is in no key of any of the converter's dictionaries is never replaced and no
 * replacement spans it: each pass (longest match, left to right) gives it back as it is and starts
 * afresh after it. So a text converts as the runs of the other characters converted alone, with
 * the rest copied: the very result of converting it whole. Runs are short (a median of one
 * character in the bench's mixed text) and recur, so each is remembered.
 *
 * An ideographic description character (U+2FF0–U+2FFF) makes opencc-js skip the sequence it
 * starts as one: a text with one is converted whole.
 */

/** A dictionary as opencc-js takes it: "from to|from to…" or [from, to] pairs; a group is a list of them. */
type Dicts = unknown;

/** The characters of every key of these dictionaries (code points), for however they are nested. */
export function keyCharacters(dicts: Dicts): Set<number> {
  const chars = new Set<number>();
  const addKey = (key: string) => {
    for (const ch of key) chars.add(ch.codePointAt(0)!);
  };
  const visit = (d: unknown) => {
    if (typeof d === 'string') {
      for (const entry of d.split('|')) addKey(entry.split(' ')[0]!);
    } else if (Array.isArray(d)) {
      // A [from, to] pair: both counted (more characters only means fewer skipped).
      if (d.length === 2 && typeof d[0] === 'string' && typeof d[1] === 'string' && !d[0].includes(' ') && !d[1].includes(' ')) {
        addKey(d[0]);
        addKey(d[1]);
      } else for (const x of d) visit(x);
    } else if (d && typeof d === 'object') {
      for (const x of Object.values(d)) visit(x);
    } else if (d !== undefined && d !== null) {
      throw new Error('keyCharacters: not a dictionary');
    }
  };
  visit(dicts);
  return chars;
}

const IDC = /[\u2FF0-\u2FFF]/;
/** Runs remembered at most, and the longest one remembered (longer ones are converted each time). */
const MEMO_MAX = 50_000;
const MEMO_RUN = 24;

const hex = (cp: number) => `\\u{${cp.toString(16)}}`;

/** `convert` applied only to the runs of characters in `active` (see above). */
export function convertByRuns(convert: (s: string) => string, active: Set<number>): (s: string) => string {
  // One character class of ranges: the regular expression engine finds the runs far faster than a loop over the text.
  const cps = [...active].sort((a, b) => a - b);
  let ranges = '';
  for (let i = 0; i < cps.length;) {
    let j = i;
    while (j + 1 < cps.length && cps[j + 1] === cps[j]! + 1) j++;
    ranges += j > i ? `${hex(cps[i]!)}-${hex(cps[j]!)}` : hex(cps[i]!);
    i = j + 1;
  }
  if (!ranges) return (s) => s;
  const runs = new RegExp(`[${ranges}]+`, 'gu');
  const memo = new Map<string, string>();
  const run = (r: string) => {
    if (r.length > MEMO_RUN) return convert(r);
    let v = memo.get(r);
    if (v === undefined) {
      if (memo.size >= MEMO_MAX) memo.clear();
      v = convert(r);
      memo.set(r, v);
    }
    return v;
  };
  return (s: string) => (IDC.test(s) ? convert(s) : s.replace(runs, run));
}
