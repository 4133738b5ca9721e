import { BASE_PATH, HOME_PATH, LOGIN_PATH } from '../../../shared/constants.ts';

/**
 * The `redirect` parameter of the sign-in page, checked: only a path inside the console is
 * followed (no other origin, no protocol-relative URL, not the sign-in page itself).
 */
export function safeRedirectTarget(raw: string | null | undefined): string {
  if (!raw) return HOME_PATH;
  let target: string;
  try {
    const url = new URL(raw, 'http://console.invalid');
    if (url.origin !== 'http://console.invalid') return HOME_PATH;
    target = url.pathname + url.search + url.hash;
  } catch {
    return HOME_PATH;
  }
  if (!target.startsWith(BASE_PATH) || target.startsWith('//')) return HOME_PATH;
  const route = target.slice(BASE_PATH.length).split(/[?#]/)[0]!.replace(/\/+$/, '');
  if (route === 'login' || route === 'register') return HOME_PATH;
  return target;
}

/** The sign-in page with a redirect back to `fullPath` (path + query). */
export const loginUrlFor = (fullPath: string) => `${LOGIN_PATH}?redirect=${encodeURIComponent(fullPath)}`;

/** /admin/redirect/<path>?q → /admin/<path>?q (spec §2: refreshing a page goes through /redirect). */
export function redirectRouteTarget(pathname: string, search: string): string | null {
  const prefix = `${BASE_PATH}redirect/`;
  if (!pathname.startsWith(prefix)) return null;
  const rest = pathname.slice(prefix.length).replace(/^\/+/, '');
  return `${BASE_PATH}${rest}${search}`;
}
