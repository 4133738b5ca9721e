import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeBrowser, json, type FakeBrowser } from '../lib/testing/fake-browser.ts';
import { $passwordDemand, $permissions, $roles, $token, $user, clearSession, fetchCaptcha, fetchLoginConfig, loadUserInfo, login, logout, toSessionUser } from './session.ts';
import { http, resetRepeatGuard } from '../lib/request.ts';

let browser: FakeBrowser;
let fetchMock: ReturnType<typeof vi.fn>;
const reply = (route: string, body: unknown) => {
  fetchMock.mockImplementation(async (input: unknown) => (String(input).includes(route) ? json(body) : json({ code: 200, msg: 'ok' })));
};

beforeEach(() => {
  browser = installFakeBrowser();
  fetchMock = vi.fn(async () => json({ code: 200, msg: 'ok' }));
  vi.stubGlobal('fetch', fetchMock);
  resetRepeatGuard();
  clearSession();
});
afterEach(() => vi.unstubAllGlobals());

describe('session store', () => {
  it('keeps the token from login in the Admin-Token cookie', async () => {
    reply('/login', { code: 200, msg: 'ok', data: 'tok-1' });
    await login({ username: 'admin', password: 'admin123', code: '12', uuid: 'u' });
    expect(browser.cookies.get('Admin-Token')).toBe('tok-1');
    expect($token.get()).toBe('tok-1');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/prod-api/login');
    expect((init as RequestInit & { headers: Headers }).headers.has('authorization')).toBe(false);
  });

  it('loads user, roles and permissions once; ids and flags may be strings', async () => {
    browser.cookies.set('Admin-Token', 't');
    reply('/getInfo', {
      code: 200,
      msg: 'ok',
      data: {
        user: { userId: '1', userName: 'admin', nickName: 'Admin', loginIp: '127.0.0.1', loginDate: '2024-01-02 03:04:05', forceModifyPassword: 'Y' },
        roles: [],
        permissions: ['*'],
      },
    });
    const [a, b] = await Promise.all([loadUserInfo(), loadUserInfo()]);
    expect(a).toBe(b);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect($user.get()).toMatchObject({ userId: '1', nickName: 'Admin', loginIp: '127.0.0.1', prevLoginDate: '', forceModifyPassword: true });
    expect($roles.get()).toEqual(['ROLE_DEFAULT']);
    expect($permissions.get()).toEqual(['*']);
    expect($passwordDemand.get()).toBe('force');
  });

  it('a call refused with 428 re-reads the user, so the password demand shows', async () => {
    browser.cookies.set('Admin-Token', 't');
    $user.set(toSessionUser({ userId: 1, forceModifyPassword: 'N' }));
    fetchMock.mockImplementation(async (input: unknown) =>
      String(input).includes('/getInfo')
        ? json({ code: 200, msg: 'ok', data: { user: { userId: 1, userName: 'u', forceModifyPassword: 'N' }, isPasswordExpired: true, roles: [], permissions: [] } })
        : json({ code: 428, msg: 'expired' }),
    );
    await expect(http.get('/system/user/list')).rejects.toMatchObject({ code: 428 });
    await vi.waitFor(() => expect($passwordDemand.get()).toBe('expired'));
  });

  it('password demand: expired wins over forced; none otherwise', () => {
    $user.set(toSessionUser({ userId: 1, forceModifyPassword: 'N' }));
    expect($passwordDemand.get()).toBeNull();
    $user.set(toSessionUser({ userId: 1, forceModifyPassword: 'Y' }, { isPasswordExpired: true }));
    expect($passwordDemand.get()).toBe('expired');
  });

  it('a failed getInfo rejects and can be retried', async () => {
    browser.cookies.set('Admin-Token', 't');
    reply('/getInfo', { code: 401, msg: 'no' });
    await expect(loadUserInfo()).rejects.toMatchObject({ kind: 'unauthorized' });
    reply('/getInfo', { code: 200, msg: 'ok', data: { user: { userId: 2, userName: 'x' }, roles: ['editor'], permissions: [] } });
    await expect(loadUserInfo()).resolves.toMatchObject({ userId: '2', nickName: 'x' });
  });

  it('logout ends the session locally even when the server call fails', async () => {
    browser.cookies.set('Admin-Token', 't');
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await logout();
    expect(browser.cookies.has('Admin-Token')).toBe(false);
    expect($token.get()).toBe('');
  });

  it('reads captcha and login config', async () => {
    reply('/captchaImage', { code: 200, msg: 'ok', data: { captchaEnabled: true, uuid: 'u1', img: 'AAA', imgType: 'image/svg+xml' } });
    await expect(fetchCaptcha()).resolves.toEqual({ enabled: true, uuid: 'u1', src: 'data:image/svg+xml;base64,AAA' });
    reply('/captchaImage', { code: 200, msg: 'ok', data: { captchaEnabled: false } });
    await expect(fetchCaptcha()).resolves.toMatchObject({ enabled: false, src: '' });
    reply('/login/config', { code: 200, msg: 'ok', data: { captcha: { enabled: true, type: 'Text' }, registerEnabled: true } });
    await expect(fetchLoginConfig()).resolves.toEqual({ captchaEnabled: true, captchaType: 'Text', registerEnabled: true });
  });
});
