import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../tests/helpers/server.ts';

const ts = useTestServer();
const H = { repeatSubmit: 'false' };

describe('i18n dictionary', () => {
  it('offers the three languages by their own names', async () => {
    expect((await ts.api('GET', '/system/i18n/dict/langOptions')).data).toEqual([
      { value: 'zh-CN', label: '简体中文' }, { value: 'zh-TW', label: '繁體中文' }, { value: 'en', label: 'English' },
    ]);
  });

  it('an override of a server message changes what the API says, at once', async () => {
    // (The seeded security config counts wrong passwords, so that is the message a wrong one gets.)
    const r = await ts.api('POST', '/system/i18n/dict', { token: ts.admin, body: { langTag: 'en', langKey: 'login.failedRetries', langValue: 'Those credentials did not work; {{left}} tries left' }, headers: H });
    expect(r.code, r.msg).toBe(200);
    const login = await ts.api('POST', '/login', { body: { username: 'admin', password: 'nope' }, headers: { 'accept-language': 'en' } });
    expect(login.msg).toBe('Those credentials did not work; 4 tries left');
  });

  it('a renamed menu title shows in the router tree; batch edits all languages of a key', async () => {
    await ts.api('PUT', '/system/i18n/dict/batch', { token: ts.admin, headers: H, body: [
      { langTag: 'en', langKey: 'MENU.NAME.1', langValue: 'Administration' },
      { langTag: 'zh-TW', langKey: 'MENU.NAME.1', langValue: '系統設定' },
    ] });
    const en = (await ts.api('GET', '/getRouters', { token: ts.admin, headers: { 'accept-language': 'en' } })).data as { path: string; meta?: { title: string } }[];
    expect(en.find((r) => r.path === '/system')!.meta!.title).toBe('Administration');
    const rows = (await ts.api('GET', '/system/i18n/dict/langKey/MENU.NAME.1', { token: ts.admin })).data as { langTag: string }[];
    expect(rows.map((r) => r.langTag).sort()).toEqual(['en', 'zh-CN', 'zh-TW']);
  });

  it('hands console overrides to the console, and refuses a duplicate key per language', async () => {
    await ts.api('POST', '/system/i18n/dict', { token: ts.admin, body: { langTag: 'en', langKey: 'auth:login.title', langValue: 'Welcome to Acme CMS' }, headers: H });
    expect((await ts.api('GET', '/system/i18n/dict/overrides', { query: { lang: 'en' } })).data).toEqual({ 'auth:login.title': 'Welcome to Acme CMS' });
    const dup = await ts.api('POST', '/system/i18n/dict', { token: ts.admin, body: { langTag: 'en', langKey: 'auth:login.title', langValue: 'x' }, headers: H });
    expect(dup.code).toBe(500);
  });
});
