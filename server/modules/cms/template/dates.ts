/**
 * Dates for templates, fast: templates see dates as "yyyy-MM-dd HH:mm:ss" in the server's time
 * zone (as the console shows them); `date` (strftime) and `dateFormat` (Java patterns) parse that
 * with one regular expression and format with month and day names computed once per language —
 * LiquidJS's own `date` builds an Intl.DateTimeFormat on every call with %B, 10–12 % of a publish's
 * CPU (shared/bench/publish). Patterns are compiled once and kept. Widths such as `%5000000d`
 * are not directives (CVE-2026-45357): they print as written.
 */

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** A date from what templates hold: our date strings, ISO strings, Dates, epoch milliseconds. */
export function toDate(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'number') return Number.isFinite(value) ? new Date(value) : null;
  if (typeof value !== 'string' || value === '') return null;
  if (value === 'now' || value === 'today') return new Date();
  const m = LOCAL.exec(value);
  if (m) return new Date(+m[1]!, +m[2]! - 1, +m[3]!, +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0));
  if (/^\d{1,15}$/.test(value)) return new Date(Number(value));
  if (value.length > 40) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

interface Names {
  months: string[];
  monthsShort: string[];
  days: string[];
  daysShort: string[];
  am: string;
  pm: string;
}

const namesCache = new Map<string, Names>();

/** Month and day names of a language, from Intl once (2024-01-07 was a Sunday). */
export function namesOf(locale: string): Names {
  const cached = namesCache.get(locale);
  if (cached) return cached;
  let lang = locale;
  try {
    Intl.DateTimeFormat.supportedLocalesOf([locale]);
  } catch {
    lang = 'en';
  }
  const fmt = (opts: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(lang, { ...opts, timeZone: 'UTC' });
  const month = fmt({ month: 'long' });
  const monthShort = fmt({ month: 'short' });
  const day = fmt({ weekday: 'long' });
  const dayShort = fmt({ weekday: 'short' });
  const hour = fmt({ hour: 'numeric', hour12: true });
  const period = (h: number) => hour.formatToParts(Date.UTC(2024, 0, 1, h)).find((p) => p.type === 'dayPeriod')?.value ?? (h < 12 ? 'AM' : 'PM');
  const names: Names = {
    months: Array.from({ length: 12 }, (_, i) => month.format(Date.UTC(2024, i, 15))),
    monthsShort: Array.from({ length: 12 }, (_, i) => monthShort.format(Date.UTC(2024, i, 15))),
    days: Array.from({ length: 7 }, (_, i) => day.format(Date.UTC(2024, 0, 7 + i))),
    daysShort: Array.from({ length: 7 }, (_, i) => dayShort.format(Date.UTC(2024, 0, 7 + i))),
    am: period(9),
    pm: period(15),
  };
  if (namesCache.size < 50) namesCache.set(locale, names);
  return names;
}

type Part = string | ((d: Date, n: Names) => string);
const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));
const pad3 = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : String(n));
const hour12 = (d: Date) => d.getHours() % 12 || 12;
const dayOfYear = (d: Date) => Math.floor((Date.UTC(d.getFullYear(), d.getMonth(), d.getDate()) - Date.UTC(d.getFullYear(), 0, 1)) / 86_400_000) + 1;
function zone(d: Date) {
  const off = -d.getTimezoneOffset();
  const a = Math.abs(off);
  return `${off < 0 ? '-' : '+'}${pad2(Math.floor(a / 60))}${pad2(a % 60)}`;
}

const STRFTIME: Record<string, Part> = {
  Y: (d) => String(d.getFullYear()),
  y: (d) => pad2(d.getFullYear() % 100),
  m: (d) => pad2(d.getMonth() + 1),
  '-m': (d) => String(d.getMonth() + 1),
  d: (d) => pad2(d.getDate()),
  '-d': (d) => String(d.getDate()),
  e: (d) => (d.getDate() < 10 ? ` ${d.getDate()}` : String(d.getDate())),
  '-e': (d) => String(d.getDate()),
  H: (d) => pad2(d.getHours()),
  '-H': (d) => String(d.getHours()),
  k: (d) => (d.getHours() < 10 ? ` ${d.getHours()}` : String(d.getHours())),
  I: (d) => pad2(hour12(d)),
  '-I': (d) => String(hour12(d)),
  l: (d) => (hour12(d) < 10 ? ` ${hour12(d)}` : String(hour12(d))),
  '-l': (d) => String(hour12(d)),
  M: (d) => pad2(d.getMinutes()),
  '-M': (d) => String(d.getMinutes()),
  S: (d) => pad2(d.getSeconds()),
  '-S': (d) => String(d.getSeconds()),
  L: (d) => pad3(d.getMilliseconds()),
  p: (d, n) => (d.getHours() < 12 ? n.am : n.pm),
  P: (d, n) => (d.getHours() < 12 ? n.am : n.pm).toLowerCase(),
  B: (d, n) => n.months[d.getMonth()]!,
  b: (d, n) => n.monthsShort[d.getMonth()]!,
  h: (d, n) => n.monthsShort[d.getMonth()]!,
  A: (d, n) => n.days[d.getDay()]!,
  a: (d, n) => n.daysShort[d.getDay()]!,
  j: (d) => pad3(dayOfYear(d)),
  '-j': (d) => String(dayOfYear(d)),
  u: (d) => String(d.getDay() || 7),
  w: (d) => String(d.getDay()),
  s: (d) => String(Math.floor(d.getTime() / 1000)),
  z: (d) => zone(d),
  F: (d) => `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}`,
  T: (d) => `${pad2(d.getHours())}:${pad2(d.getMinutes())}:${pad2(d.getSeconds())}`,
  D: (d) => `${pad2(d.getMonth() + 1)}/${pad2(d.getDate())}/${pad2(d.getFullYear() % 100)}`,
  '%': '%',
};

const JAVA: Record<string, Part> = {
  yyyy: (d) => String(d.getFullYear()),
  yy: (d) => pad2(d.getFullYear() % 100),
  MMMM: (d, n) => n.months[d.getMonth()]!,
  MMM: (d, n) => n.monthsShort[d.getMonth()]!,
  MM: (d) => pad2(d.getMonth() + 1),
  M: (d) => String(d.getMonth() + 1),
  dd: (d) => pad2(d.getDate()),
  d: (d) => String(d.getDate()),
  HH: (d) => pad2(d.getHours()),
  H: (d) => String(d.getHours()),
  hh: (d) => pad2(hour12(d)),
  h: (d) => String(hour12(d)),
  mm: (d) => pad2(d.getMinutes()),
  m: (d) => String(d.getMinutes()),
  ss: (d) => pad2(d.getSeconds()),
  s: (d) => String(d.getSeconds()),
  SSS: (d) => pad3(d.getMilliseconds()),
  a: (d, n) => (d.getHours() < 12 ? n.am : n.pm),
  EEEE: (d, n) => n.days[d.getDay()]!,
  EEE: (d, n) => n.daysShort[d.getDay()]!,
  E: (d, n) => n.daysShort[d.getDay()]!,
  Z: (d) => zone(d),
};

const compiled = new Map<string, Part[]>();
const MAX_PATTERN = 200;

function compileStrftime(format: string): Part[] {
  const parts: Part[] = [];
  let text = '';
  for (let i = 0; i < format.length; i++) {
    const c = format[i]!;
    if (c === '%' && i + 1 < format.length) {
      const two = format.slice(i + 1, i + 3);
      const one = format[i + 1]!;
      const part = two.length === 2 && STRFTIME[two] ? two : STRFTIME[one] ? one : null;
      if (part) {
        if (text) parts.push(text);
        text = '';
        parts.push(STRFTIME[part]!);
        i += part.length;
        continue;
      }
    }
    text += c;
  }
  if (text) parts.push(text);
  return parts;
}

function compileJava(pattern: string): Part[] {
  const parts: Part[] = [];
  let text = '';
  for (let i = 0; i < pattern.length;) {
    const c = pattern[i]!;
    if (c === "'") {
      const end = pattern.indexOf("'", i + 1);
      const quoted = end < 0 ? pattern.slice(i + 1) : pattern.slice(i + 1, end);
      text += quoted === '' && end === i + 1 ? "'" : quoted;
      i = end < 0 ? pattern.length : end + 1;
      continue;
    }
    if (/[A-Za-z]/.test(c)) {
      let j = i;
      while (j < pattern.length && pattern[j] === c) j++;
      const run = pattern.slice(i, j);
      const part = JAVA[run] ?? (c === 'y' ? JAVA.yyyy : c === 'E' ? JAVA.EEEE : undefined);
      if (part) {
        if (text) parts.push(text);
        text = '';
        parts.push(part);
      } else {
        text += run;
      }
      i = j;
      continue;
    }
    text += c;
    i++;
  }
  if (text) parts.push(text);
  return parts;
}

function format(d: Date, parts: Part[], names: Names): string {
  let out = '';
  for (const p of parts) out += typeof p === 'string' ? p : p(d, names);
  return out;
}

function compiledOf(kind: 's' | 'j', pattern: string): Part[] {
  const key = kind + pattern;
  let parts = compiled.get(key);
  if (!parts) {
    parts = kind === 's' ? compileStrftime(pattern.slice(0, MAX_PATTERN)) : compileJava(pattern.slice(0, MAX_PATTERN));
    if (compiled.size < 1000) compiled.set(key, parts);
  }
  return parts;
}

/** Liquid's `date`: strftime directives, English names. A value that is no date is returned as it is. */
export function strftime(value: unknown, pattern = '%Y-%m-%d %H:%M:%S', locale = 'en'): unknown {
  const d = toDate(value);
  if (!d) return value;
  return format(d, compiledOf('s', String(pattern)), namesOf(locale));
}

/** ChestnutCMS's `dateFormat`: Java patterns (yyyy-MM-dd HH:mm:ss). */
export function javaDateFormat(value: unknown, pattern = 'yyyy-MM-dd HH:mm:ss', locale = 'en'): string {
  const d = toDate(value);
  if (!d) return value === null || value === undefined ? '' : String(value);
  return format(d, compiledOf('j', String(pattern)), namesOf(locale || 'en'));
}

/** How templates see a stored date: "yyyy-MM-dd HH:mm:ss", local time, or null. */
export function templateDate(value: Date | null | undefined): string | null {
  if (!value) return null;
  return `${value.getFullYear()}-${pad2(value.getMonth() + 1)}-${pad2(value.getDate())} ${pad2(value.getHours())}:${pad2(value.getMinutes())}:${pad2(value.getSeconds())}`;
}
