import { atom, computed } from 'nanostores';
import { request, setPasswordDemandHandler, setSessionEnder, RequestError } from '../lib/request.ts';
import { CAPTCHA_TIMEOUT_MS, DEFAULT_ROLE } from '../../shared/constants.ts';
import { getToken, removeToken, setToken } from '../lib/auth/token.ts';
import { toId, type Id } from '../lib/ids.ts';
import type { LoginBody, RegisterBody } from '../../shared/validators/auth.ts';

/** The signed-in user as getInfo describes them (ChestnutCMS SysUser, plus the previous sign-in). */
export interface SessionUser {
  userId: Id;
  userName: string;
  nickName: string;
  avatar: string;
  avatarSrc: string;
  loginIp: string;
  loginDate: string;
  prevLoginIp: string;
  prevLoginDate: string;
  /** 'Y' after an admin created or reset the password */
  forceModifyPassword: boolean;
  isPasswordExpired: boolean;
}

interface InfoReply {
  user?: Record<string, unknown>;
  roles?: unknown[];
  permissions?: unknown[];
  isPasswordExpired?: unknown;
}

export interface CaptchaInfo {
  enabled: boolean;
  uuid: string;
  /** a data: URL, or '' when the captcha is off */
  src: string;
}

export interface LoginConfig {
  captchaEnabled: boolean;
  captchaType: string;
  registerEnabled: boolean;
}

export const $token = atom<string>(getToken());
export const $user = atom<SessionUser | null>(null);
export const $roles = atom<string[]>([]);
export const $permissions = atom<string[]>([]);

/** Why the user must change their password now, if they must (spec §4). */
export const $passwordDemand = computed($user, (u): 'expired' | 'force' | null => (!u ? null : u.isPasswordExpired ? 'expired' : u.forceModifyPassword ? 'force' : null));

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const yes = (v: unknown) => v === true || v === 'Y' || v === 'y' || v === 'true';

export function toSessionUser(raw: Record<string, unknown>, extra: { isPasswordExpired?: unknown } = {}): SessionUser {
  return {
    userId: toId(raw.userId),
    userName: str(raw.userName),
    nickName: str(raw.nickName) || str(raw.userName),
    avatar: str(raw.avatar),
    avatarSrc: str(raw.avatarSrc),
    loginIp: str(raw.loginIp),
    loginDate: str(raw.loginDate),
    prevLoginIp: str(raw.prevLoginIp),
    prevLoginDate: str(raw.prevLoginDate),
    forceModifyPassword: yes(raw.forceModifyPassword),
    isPasswordExpired: yes(raw.isPasswordExpired ?? extra.isPasswordExpired),
  };
}

export async function fetchLoginConfig(): Promise<LoginConfig> {
  const res = await request<{ captcha?: { enabled?: unknown; type?: unknown }; registerEnabled?: unknown }>({ url: '/login/config', headers: { isToken: false } });
  const d = res.data ?? {};
  return { captchaEnabled: d.captcha?.enabled !== false && d.captcha?.enabled !== 'false', captchaType: str(d.captcha?.type), registerEnabled: yes(d.registerEnabled) };
}

export async function fetchCaptcha(): Promise<CaptchaInfo> {
  const res = await request<{ captchaEnabled?: unknown; uuid?: unknown; img?: unknown; imgType?: unknown }>({
    url: '/captchaImage',
    headers: { isToken: false },
    timeout: CAPTCHA_TIMEOUT_MS,
  });
  const d = res.data ?? {};
  // Like the original console: captcha on unless the server says it is off.
  const enabled = d.captchaEnabled === undefined ? true : d.captchaEnabled !== false && d.captchaEnabled !== 'false';
  const img = str(d.img);
  const src = !enabled || !img ? '' : img.startsWith('data:') ? img : `data:${str(d.imgType) || 'image/gif'};base64,${img}`;
  return { enabled, uuid: str(d.uuid), src };
}

/** Signs in and keeps the token; the caller navigates. */
export async function login(body: LoginBody): Promise<void> {
  const res = await request<string>({ url: '/login', method: 'POST', data: body, headers: { isToken: false, repeatSubmit: false } });
  const token = str(res.data);
  if (!token) throw new RequestError('code', res.msg || 'no token', { code: res.code });
  setToken(token);
  $token.set(token);
}

export async function register(body: RegisterBody): Promise<void> {
  await request({ url: '/register', method: 'POST', data: body, headers: { isToken: false } });
}

let loadingInfo: Promise<SessionUser> | null = null;

/**
 * Loads user, roles and permissions once per page (spec §4: with a token and nothing loaded yet).
 * A 401 here rejects quietly; the caller ends the session and sends the user to sign in.
 */
export function loadUserInfo(): Promise<SessionUser> {
  loadingInfo ??= (async () => {
    try {
      const res = await request<InfoReply>({ url: '/getInfo', relogin: false });
      const d = res.data ?? {};
      const user = toSessionUser(d.user ?? {}, { isPasswordExpired: d.isPasswordExpired });
      const roles = (d.roles ?? []).map(String);
      $roles.set(roles.length ? roles : [DEFAULT_ROLE]);
      $permissions.set((d.permissions ?? []).map(String));
      $user.set(user);
      return user;
    } catch (err) {
      loadingInfo = null;
      throw err;
    }
  })();
  return loadingInfo;
}

/** Forgets the session locally: token cookie, user, roles, permissions. */
export function clearSession(): void {
  removeToken();
  loadingInfo = null;
  $token.set('');
  $user.set(null);
  $roles.set([]);
  $permissions.set([]);
}

/** Ends the session on the server (best effort) and locally. */
export async function logout(): Promise<void> {
  try {
    if (getToken()) await request({ url: '/logout', method: 'POST', relogin: false, headers: { repeatSubmit: false } });
  } catch {
    // The token may already be invalid; signing out locally is what matters.
  } finally {
    clearSession();
  }
}

setSessionEnder(logout);

// A call refused because the password must be changed (the server's 428): unless the demand is
// already known, re-read the user, whose flags open the password demand.
setPasswordDemandHandler(() => {
  if ($passwordDemand.get()) return;
  loadingInfo = null;
  void loadUserInfo().catch(() => {});
});
