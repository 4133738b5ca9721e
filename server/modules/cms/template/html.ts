/**
 * Text helpers of the template filters, each linear in its input: no regular expression here can
 * backtrack (LiquidJS's strip_html could, CVE-2026-45617).
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** The text of HTML: tags, comments, scripts and styles removed; an unclosed tag ends the text. */
export function clearHtmlTag(input: unknown): string {
  const html = input === null || input === undefined ? '' : String(input);
  const lower = html.toLowerCase();
  let out = '';
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt < 0) {
      out += html.slice(i);
      break;
    }
    out += html.slice(i, lt);
    const next = html[lt + 1] ?? '';
    if (!/[A-Za-z/!?]/.test(next)) {
      out += '<';
      i = lt + 1;
      continue;
    }
    let end: number;
    if (lower.startsWith('<!--', lt)) {
      end = lower.indexOf('-->', lt + 4);
      end = end < 0 ? -1 : end + 3;
    } else if (lower.startsWith('<script', lt) || lower.startsWith('<style', lt)) {
      const close = lower.startsWith('<script', lt) ? '</script' : '</style';
      const at = lower.indexOf(close, lt);
      end = at < 0 ? -1 : lower.indexOf('>', at);
      end = end < 0 ? -1 : end + 1;
    } else {
      end = html.indexOf('>', lt);
      end = end < 0 ? -1 : end + 1;
    }
    if (end < 0) break;
    i = end;
  }
  return out;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', '#39': "'" };

/** HTML entities back to characters (named basics and numeric ones). */
export function htmlUnescape(input: unknown): string {
  const s = input === null || input === undefined ? '' : String(input);
  return s.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,6});/gi, (m, body: string) => {
    const lowered = body.toLowerCase();
    if (lowered.startsWith('#x') || lowered.startsWith('#')) {
      const code = lowered.startsWith('#x') ? Number.parseInt(lowered.slice(2), 16) : Number.parseInt(lowered.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
    }
    return ENTITIES[lowered] ?? m;
  });
}

/** Bytes for people: 512 B, 1.5 KB, 2.3 MB, 1.1 GB. */
export function displayFileSize(input: unknown): string {
  const n = Number(input);
  if (!Number.isFinite(n) || n < 0) return '';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let v = n;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${u === 0 ? v : Math.round(v * 10) / 10} ${units[u]}`;
}

/** The host of a URL ('' when it is none). */
export function getDomain(input: unknown): string {
  try {
    return new URL(String(input ?? '')).hostname;
  } catch {
    return '';
  }
}

/** JSON that can sit inside a <script> printed raw: <, >, & and the line separators escaped. */
export function safeJson(value: unknown): string {
  const json = JSON.stringify(value ?? null, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v)) ?? 'null';
  return json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** An internal link: `iurl://<type>?id=<id>` or `iurl://resources/…[?sid=<site id>&storage=Local|S3]`. */
export interface InternalUrl {
  type: 'site' | 'catalog' | 'content' | 'resource';
  id: number | null;
  /** for a resource: its key (resources/…) */
  path?: string;
  /** for a resource: the site whose library holds it (none: the page's site) */
  sid?: number | null;
  /** for a resource: the storage it was found in when it became an iurl (none: its site's storage) */
  storage?: 'Local' | 'S3' | null;
}

const idParam = (text: string | null) => (text && /^\d{1,15}$/.test(text) ? Number(text) : null);

export function parseIurl(url: string): InternalUrl | null {
  if (!url.startsWith('iurl://')) return null;
  const rest = url.slice('iurl://'.length);
  const q = rest.indexOf('?');
  const head = q < 0 ? rest : rest.slice(0, q);
  const params = new URLSearchParams(q < 0 ? '' : rest.slice(q + 1));
  const id = idParam(params.get('id'));
  if (head.startsWith('resources/')) {
    if (!/^resources\/[A-Za-z0-9_/.-]+$/.test(head) || head.includes('..')) return null;
    const storage = params.get('storage');
    return { type: 'resource', id, path: head, sid: idParam(params.get('sid')), storage: storage === 'Local' || storage === 'S3' ? storage : null };
  }
  if (head === 'site' || head === 'catalog' || head === 'content') return { type: head, id };
  return null;
}

/**
 * Rewrites the src, href and poster attributes of HTML (as the sanitiser writes it: quoted
 * values, `&` as `&amp;`): `rewrite` gets each value and returns its replacement, or null to keep it.
 */
export function rewriteUrlAttributes(html: string, rewrite: (url: string) => string | null): string {
  return html.replace(/\b(src|href|poster)=(["'])([^"'<>]{1,2000})\2/gi, (whole, attr: string, q: string, value: string) => {
    const next = rewrite(value.replace(/&amp;/g, '&'));
    return next === null ? whole : `${attr}=${q}${escapeHtml(next)}${q}`;
  });
}

/** Rewrites the src, href and poster attributes of HTML whose value is an internal link. */
export function rewriteInternalUrls(html: string, resolve: (url: string) => string): string {
  if (!html.includes('iurl://')) return html;
  return rewriteUrlAttributes(html, (url) => (url.startsWith('iurl://') ? resolve(url) || '#' : null));
}
