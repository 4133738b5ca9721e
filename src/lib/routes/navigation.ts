import { navigate } from 'astro:transitions/client';
import { BASE_PATH, HOME_PATH, REDIRECT_PATH } from '../../../shared/constants.ts';
import { confirmLeave } from './leave-guard.ts';

/** The route path under the console base: /admin/system/user/ → /system/user */
export function routePath(pathname: string): string {
  const inside = pathname.startsWith(BASE_PATH) ? pathname.slice(BASE_PATH.length) : pathname.replace(/^\/+/, '');
  return `/${inside}`.replace(/(.)\/+$/, '$1');
}

/** A route's URL: '/system/post?x=1' → '/admin/system/post?x=1'; the root is Home (spec §2: '' redirects to index). */
export const hrefOf = (route: string) => (route === '/' || route === '' ? HOME_PATH : `${BASE_PATH}${route.replace(/^\/+/, '')}`);

/** Moves to a route inside the shell: only the page swaps (Astro's client router). A page with unsaved work asks first. */
export async function go(route: string, replace = false): Promise<void> {
  if (!(await confirmLeave())) return;
  return navigate(hrefOf(route), { history: replace ? 'replace' : 'auto' });
}

/** Reloads the current page's content through /redirect + full path (spec §2); unsaved work is asked about first. */
export async function refreshRoute(fullPath: string): Promise<void> {
  if (!(await confirmLeave())) return;
  return navigate(`${REDIRECT_PATH}${fullPath.startsWith('/') ? '' : '/'}${fullPath}`, { history: 'replace' });
}
