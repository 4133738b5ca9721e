/** Formatting shared by console and server. Dates default to y-m-d h:i:s (spec §9), in local time. */

const pad = (n: number) => String(n).padStart(2, '0');

const DEFAULT_PATTERN = '{y}-{m}-{d} {h}:{i}:{s}';

export function formatDateTime(value: Date | string | number | null | undefined, pattern = DEFAULT_PATTERN): string {
  if (value === null || value === undefined || value === '') return '';
  const d = value instanceof Date ? value : new Date(typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value);
  if (Number.isNaN(d.getTime())) return '';
  // The default pattern without the template machinery: every row of every list formats its dates.
  if (pattern === DEFAULT_PATTERN) return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  const parts: Record<string, string> = {
    y: String(d.getFullYear()),
    m: pad(d.getMonth() + 1),
    d: pad(d.getDate()),
    h: pad(d.getHours()),
    i: pad(d.getMinutes()),
    s: pad(d.getSeconds()),
  };
  return pattern.replace(/\{([ymdhis])\}/g, (_, k: string) => parts[k]!);
}

/** A duration in whole seconds as hours, minutes and seconds; unit words come from the caller's locale. */
export function formatDuration(totalSeconds: number, units: { h: string; m: string; s: string } = { h: 'h', m: 'm', s: 's' }): string {
  const secs = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(secs / 3600);
  const m = Math.floor((secs % 3600) / 60);
  const s = secs % 60;
  if (h) return `${h}${units.h}${m}${units.m}${s}${units.s}`;
  if (m) return `${m}${units.m}${s}${units.s}`;
  return `${s}${units.s}`;
}

const DURATION_UNITS = [['day', 86_400], ['hour', 3_600], ['minute', 60], ['second', 1]] as const;

/**
 * Whole seconds in the words of `locale`, largest units first and zero units left out:
 * "30 days", "1 day, 2 hours" / "1天2小时" (Intl: no unit words to translate).
 */
export function humanDuration(totalSeconds: number, locale: string): string {
  let rest = Math.max(0, Math.floor(totalSeconds));
  const words = (n: number, unit: string) => new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(n);
  const parts: string[] = [];
  for (const [unit, size] of DURATION_UNITS) {
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (n) parts.push(words(n, unit));
  }
  return parts.length ? new Intl.ListFormat(locale, { style: 'long', type: 'unit' }).format(parts) : words(0, 'second');
}
