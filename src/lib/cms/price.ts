/**
 * A book's price is stored in fen (spec §9) and entered in yuan with two decimals, as readers see
 * it on a shop page. Conversions go through the text so 19.99 never becomes 1998.9999 fen.
 */

/** "19.9" → 1990; "" → null; anything that is not a non-negative amount of at most two decimals → NaN. */
export function yuanToFen(text: string): number | null {
  const s = text.trim();
  if (s === '') return null;
  const m = /^(\d{1,8})(?:\.(\d{0,2}))?$/.exec(s);
  if (!m) return Number.NaN;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** 1990 → "19.90"; null → "". */
export function fenToYuan(fen: number | null | undefined): string {
  if (fen === null || fen === undefined || !Number.isFinite(fen)) return '';
  const whole = Math.trunc(fen / 100);
  return `${whole}.${String(Math.abs(fen % 100)).padStart(2, '0')}`;
}
