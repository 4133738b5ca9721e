/**
 * The access rules of spec §2, decided before anything renders. This function is also serialised
 * into an inline <head> script (head-script.ts), so it must stay self-contained: no imports, no
 * closures, only its arguments.
 *
 * Returns where to go instead, or null to stay.
 */
export function accessRedirect(
  pathname: string,
  search: string,
  hasToken: boolean,
  base: string,
  publicRoutes: readonly string[],
  publicPrefixes: readonly string[],
): string | null {
  const inside = pathname.indexOf(base) === 0 ? pathname.slice(base.length) : pathname.replace(/^\/+/, '');
  const route = '/' + inside.replace(/\/+$/, '');
  if (hasToken) {
    // A signed-in user who opens the sign-in page goes to the root.
    return route === '/login' ? base : null;
  }
  if (publicRoutes.indexOf(route) >= 0) return null;
  for (const prefix of publicPrefixes) if ((route + '/').indexOf(prefix) === 0) return null;
  return base + 'login?redirect=' + encodeURIComponent(pathname + search);
}
