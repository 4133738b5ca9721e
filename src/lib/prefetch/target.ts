import { BASE_PATH, FORBIDDEN_PATH, LOGIN_PATH, NOT_FOUND_PATH, REDIRECT_PATH, REGISTER_PATH } from '../../../shared/constants.ts';

/** Links whose hover or focus starts their page ahead of a click (shell/warm-nav.ts): the sidebar's menu and the tab bar carry it. */
export const PREFETCH_LINKS_ATTR = 'data-prefetch-links';

/**
 * Pages under the console's base that are not console pages (no shell, no early data: the sign-in
 * pages, the status pages, the README pages), and the refresh route, which only redirects.
 */
const NOT_CONSOLE = [LOGIN_PATH, REGISTER_PATH, FORBIDDEN_PATH, NOT_FOUND_PATH, `${BASE_PATH}docs`, REDIRECT_PATH];

/**
 * The URL (without its fragment) a menu link leads to, when it is a console page worth getting
 * ahead of a click; null otherwise: another origin, outside the console, a file, a page without the
 * shell, or the page shown now (a click there swaps nothing).
 */
export function prefetchTarget(href: string, here: string, base = BASE_PATH): string | null {
  let url: URL;
  let now: URL;
  try {
    now = new URL(here);
    url = new URL(href, now);
  } catch {
    return null;
  }
  if (url.origin !== now.origin || !/^https?:$/.test(url.protocol)) return null;
  const path = url.pathname.replace(/\/+$/, '');
  if (!url.pathname.startsWith(base) || path.length < base.length) return null;
  // A file (an asset, a download), not a page.
  if (/\.[a-z0-9]{1,6}$/i.test(path)) return null;
  if (NOT_CONSOLE.some((p) => path === p || path.startsWith(`${p}/`))) return null;
  if (path === now.pathname.replace(/\/+$/, '') && url.search === now.search) return null;
  url.hash = '';
  return url.href;
}

/** Whether the browser was asked to spare data (the Save-Data preference): then nothing is fetched ahead. */
export function savesData(nav: object | undefined = globalThis.navigator): boolean {
  return (nav as { connection?: { saveData?: unknown } } | undefined)?.connection?.saveData === true;
}

/** An entry kept `ttlMs` from when it was asked for: after that it is asked for again. */
export const isFresh = (at: number, ttlMs: number, now = Date.now()) => now - at <= ttlMs;
