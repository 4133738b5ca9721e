import { TOKEN_COOKIE } from '../constants.ts';

/**
 * The session token lives in the `Admin-Token` cookie (spec §3) so the inline head guard can see
 * it before any module loads. It is a session cookie on path / like the original console's.
 */

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
  document.cookie = `${TOKEN_COOKIE}=${encodeURIComponent(token)}; Path=/; SameSite=Lax${secure}`;
}

export function removeToken(): void {
  document.cookie = `${TOKEN_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}
