import { describe, expect, it } from 'vitest';
import { activateLanguage, currentLanguage, defineNamespace, i18n, i18nSnapshot, loadNamespaces, subscribeI18n, textsArrived, textSnapshot, translate } from './i18n.ts';
import auth from './ns/auth.ts';
import request from './ns/request.ts';

describe('i18n core', () => {
  it('renders zh-CN from the statically imported catalogue', () => {
    expect(currentLanguage()).toBe('zh-CN');
    expect(auth.t('login.submit')).toBe('登 录');
    expect(auth.key('login.submit')).toBe('auth:login.submit');
    expect(translate('request:httpStatus', { status: 502 })).toBe('系统接口502异常');
  });

  it('fetches other languages on demand and notifies listeners', async () => {
    const seen: string[] = [];
    const off = subscribeI18n(() => seen.push(i18nSnapshot()));
    await loadNamespaces('en', ['auth']);
    expect(auth.fixed('en')('login.submit')).toBe('Sign in');
    await activateLanguage('zh-TW');
    expect(currentLanguage()).toBe('zh-TW');
    expect(request.t('networkError')).toBe('後端介面連線異常');
    // a namespace declared after the switch is fetched for the current language
    const home = defineNamespace('home', (await import('../../../shared/i18n/locales/zh-CN/home.ts')).default);
    // …and the page knows when it has come (it is shown only then: islands/i18n/boot.ts).
    expect(home.t('pageTitle')).toBe('首页');
    await textsArrived();
    expect(home.t('pageTitle')).toBe('首頁');
    expect(seen.length).toBeGreaterThan(0);
    off();
    await activateLanguage('zh-CN');
    expect(i18n.language).toBe('zh-CN');
  });

  it('redraws React text for a new language or catalogue, not for another namespace declared in zh-CN', async () => {
    const before = { any: i18nSnapshot(), texts: textSnapshot() };
    // A screen's chunk declares its namespace as it loads: titles drawn from its keys may change…
    defineNamespace('castanea-test-late', { title: '迟到' });
    expect(i18nSnapshot()).not.toBe(before.any);
    // …but texts of namespaces already declared cannot, so components using them need not render again.
    expect(textSnapshot()).toBe(before.texts);
    expect(translate('castanea-test-late:title')).toBe('迟到');
    await activateLanguage('en');
    expect(textSnapshot()).not.toBe(before.texts);
    await new Promise((r) => setTimeout(r, 20));
    // In English a namespace declared late fetches its English texts, then draws again.
    const settled = textSnapshot();
    defineNamespace('castanea-test-later', { title: '更迟' });
    expect(textSnapshot()).toBe(settled);
    await new Promise((r) => setTimeout(r, 20));
    expect(textSnapshot(), 'its catalogue (here: none) was looked for').not.toBe(settled);
    await activateLanguage('zh-CN');
  });

  it('answers a text looked up before anew once its language\'s catalogue or a new text arrives', () => {
    const ns = defineNamespace('castanea-test-looked', { greet: '你好', row: { edit: '修改' } });
    // Until English comes, English falls back to zh-CN…
    expect(ns.fixed('en')('greet')).toBe('你好');
    expect(translate('castanea-test-looked:row.edit', undefined, 'en')).toBe('修改');
    i18n.addResourceBundle('en', 'castanea-test-looked', { greet: 'Hello', row: { edit: 'Edit' } }, true, false);
    // …and the texts looked up then are not answered again once it has come.
    expect(ns.fixed('en')('greet')).toBe('Hello');
    expect(translate('castanea-test-looked:row.edit', undefined, 'en')).toBe('Edit');
    // A text replaced (a definition's texts registered again) is drawn as replaced.
    i18n.addResourceBundle('en', 'castanea-test-looked', { greet: 'Hi' }, true, true);
    expect(ns.fixed('en')('greet')).toBe('Hi');
    // With parameters, as before.
    expect(ns.fixed('zh-CN')('greet', { name: 'x' })).toBe('你好');
  });
});
