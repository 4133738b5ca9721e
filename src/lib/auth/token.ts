import { BASE_PATH, TOKEN_COOKIE } from '../../../shared/constants.ts';

/**
 * The session token lives in the `Admin-Token` cookie (spec §3) so the inline head guard can see
 * it before any module loads. Scripts must read it: the console sends it as the Authorization
 * header, which is the only way the API accepts it (never as a cookie, so there is no CSRF).
 * What limits its exposure (README "Choices where the spec is silent"): the console's CSP, which
 * lets no injected script run; Path=/admin, so it is never sent to the API, uploads or published
 * pages (nor in their logs) and scripts of pages outside the console do not see it in
 * document.cookie; SameSite=Strict; Secure over HTTPS; and server sessions that expire and can
 * be revoked. It is a session cookie, gone when the browser closes.
 */
const COOKIE_PATH = BASE_PATH.replace(/\/+$/, '');
/** Where earlier versions put it; cleared on sign-out so no copy outlives the session. */
const LEGACY_PATH = '/';

export function getToken(): string {
  if (typeof document === 'undefined') return '';
  const prefix = `${TOKEN_COOKIE}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) return decodeURIComponent(item.slice(prefix.length));
  }
  return '';
}

export function setToken(token: string): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${TOKEN_COOKIE}=${encodeURIComponent(token)}; Path=${COOKIE_PATH}; SameSite=Strict${secure}`;
}

export function removeToken(): void {
  for (const path of [COOKIE_PATH, LEGACY_PATH]) document.cookie = `${TOKEN_COOKIE}=; Path=${path}; Max-Age=0; SameSite=Strict`;
}
