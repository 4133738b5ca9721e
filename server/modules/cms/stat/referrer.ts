/** Where a view came from, read from the page's `document.referrer` (the beacon's `r`). */
export interface Origin {
  /** the referring site's host name (lower case, no port), null when direct or from the site itself */
  refHost: string | null;
  source: 'direct' | 'search' | 'site';
  /** the search engine's name when the host is one */
  engine: string | null;
  /** the search words when the referrer carries them (most engines no longer send them) */
  word: string | null;
}

/**
 * Search engines by host and the query parameters that carry their words, in the order tried.
 * A host matches its suffix (`www.baidu.com`, `m.baidu.com`); Google's country domains are matched
 * by their name (`google.co.jp`).
 */
const ENGINES: readonly { name: string; host: RegExp; params: readonly string[] }[] = [
  { name: 'baidu', host: /(^|\.)baidu\.com$/, params: ['wd', 'word', 'kw'] },
  { name: 'google', host: /(^|\.)google\.[a-z.]+$/, params: ['q'] },
  { name: 'bing', host: /(^|\.)bing\.com$/, params: ['q'] },
  { name: '360', host: /(^|\.)(so\.com|360\.cn)$/, params: ['q'] },
  { name: 'sogou', host: /(^|\.)sogou\.com$/, params: ['query', 'keyword'] },
  { name: 'shenma', host: /(^|\.)sm\.cn$/, params: ['q'] },
  { name: 'yandex', host: /(^|\.)yandex\.[a-z.]+$/, params: ['text'] },
  { name: 'duckduckgo', host: /(^|\.)duckduckgo\.com$/, params: ['q'] },
  { name: 'yahoo', host: /(^|\.)search\.yahoo\.[a-z.]+$/, params: ['p'] },
  { name: 'naver', host: /(^|\.)naver\.com$/, params: ['query'] },
  { name: 'ecosia', host: /(^|\.)ecosia\.org$/, params: ['q'] },
];

/** The word as the statistics count it: trimmed, inner spaces made one, lower case, at most 100 characters. */
const wordOf = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase().slice(0, 100);

/**
 * Classifies a referrer: none, unparsable, not http(s) or one of `ownHosts` (a reader moving
 * within the site) is direct; a known engine is search, with its words when they are there;
 * anything else is another site, by host.
 */
export function originOf(referrer: string | undefined, ownHosts: ReadonlySet<string> = new Set()): Origin {
  const direct: Origin = { refHost: null, source: 'direct', engine: null, word: null };
  if (!referrer) return direct;
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return direct;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return direct;
  const host = url.hostname.toLowerCase().slice(0, 255);
  if (!host || ownHosts.has(host)) return direct;
  const engine = ENGINES.find((e) => e.host.test(host));
  if (!engine) return { refHost: host, source: 'site', engine: null, word: null };
  let word: string | null = null;
  for (const p of engine.params) {
    const v = url.searchParams.get(p);
    if (v && wordOf(v)) {
      word = wordOf(v);
      break;
    }
  }
  return { refHost: host, source: 'search', engine: engine.name, word };
}
