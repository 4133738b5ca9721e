import { API_BASE, http, request } from '../../lib/request.ts';
import { DEFAULT_PASSWORD_POLICY, type PasswordPolicy } from '../../../shared/validators/password-policy.ts';
import type { ProfileBody, UpdatePasswordBody } from '../../../shared/validators/profile.ts';
import type { Preferences, PreferencesBody } from '../../../shared/validators/preference.ts';
import { $user, toSessionUser } from '../../stores/session.ts';

/** GET /system/user/profile */
export interface Profile {
  userId: number;
  userName: string;
  nickName: string;
  email?: string;
  phoneNumber?: string;
  sex?: string;
  avatarSrc?: string;
  deptName?: string;
  roleGroup?: string;
  postGroup?: string;
  createTime?: string;
}

export const fetchProfile = async () => (await http.get<Profile>('/system/user/profile')).data!;
export const saveProfile = (body: ProfileBody) => http.put('/system/user/profile', body);
export const changePassword = (body: UpdatePasswordBody) => http.put('/system/user/profile/updatePwd', body);

export interface SecurityCurrent extends PasswordPolicy {
  forceModifyPassword: boolean;
  isPasswordExpired: boolean;
}

/** The enabled password rules; the built-in defaults if the call fails (the server checks again). */
export async function fetchSecurity(): Promise<SecurityCurrent> {
  try {
    const d = (await http.get<Partial<SecurityCurrent>>('/system/security/config/current')).data ?? {};
    return {
      passwordLenMin: Number(d.passwordLenMin ?? DEFAULT_PASSWORD_POLICY.passwordLenMin),
      passwordLenMax: Number(d.passwordLenMax ?? DEFAULT_PASSWORD_POLICY.passwordLenMax),
      passwordRule: String(d.passwordRule ?? 'NONE'),
      passwordSensitive: Array.isArray(d.passwordSensitive) ? d.passwordSensitive.map(String) : [],
      weakPasswords: String(d.weakPasswords ?? ''),
      forceModifyPassword: d.forceModifyPassword === true,
      isPasswordExpired: d.isPasswordExpired === true,
    };
  } catch {
    return { ...DEFAULT_PASSWORD_POLICY, forceModifyPassword: false, isPasswordExpired: false };
  }
}

export async function uploadAvatar(file: Blob, name: string): Promise<string> {
  const form = new FormData();
  form.append('avatarfile', file, name);
  const res = await request<{ imgUrl?: string }>({ url: '/system/user/profile/avatar', method: 'POST', data: form });
  return res.data?.imgUrl ?? '';
}

export const fetchPreferences = async () => (await http.get<Preferences>('/system/user/preference')).data!;
export const savePreferences = async (body: PreferencesBody) => (await http.put<Preferences>('/system/user/preference', body)).data!;

/**
 * Where an avatar (or any uploaded file) can be fetched: absolute URLs as they are; our own
 * /profile/… names below the API base, so a console served from a CDN still reaches them.
 */
export function fileUrl(src: string | undefined | null): string {
  if (!src) return '';
  if (/^(https?:)?\/\//.test(src) || src.startsWith('data:') || src.startsWith('blob:')) return src;
  // Avatars, and a site's Local resources (`/<site path>/resources/…`): the console reads them below
  // the API, since its own origin serves no site file (README "Two origins").
  return src.startsWith('/profile/') || SITE_RESOURCE.test(src) ? `${API_BASE}${src}` : src;
}

const SITE_RESOURCE = /^\/[A-Za-z0-9]+\/resources\//;

/**
 * Re-reads the session's user after a change that affects the frame (nickname, avatar, the end of
 * a forced password change), so the header and the password demand follow at once.
 */
export async function refreshSessionUser(extra: { isPasswordExpired?: boolean } = {}): Promise<void> {
  const res = await request<{ user?: Record<string, unknown>; isPasswordExpired?: unknown }>({ url: '/getInfo', relogin: false });
  const d = res.data ?? {};
  $user.set(toSessionUser(d.user ?? {}, { isPasswordExpired: extra.isPasswordExpired ?? d.isPasswordExpired }));
}
