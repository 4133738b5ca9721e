import { describe, expect, it } from 'vitest';
import { catalogueOf, declaredNamespaces, pageCatalogues, pageLanguage, recordChunks } from './catalogue-chunks.ts';

const ROOT = '/repo';
const chunk = (fileName: string, ...modules: string[]) => ({ fileName, moduleIds: modules.map((m) => `${ROOT}/${m}`) });

describe('the texts a page built in another language preloads', () => {
  recordChunks([
    chunk('_assets/shell.A.js', 'src/lib/i18n/ns/shell.ts', 'shared/i18n/locales/zh-CN/shell.ts', 'src/islands/shell/ShellTop.tsx'),
    chunk('_assets/base.B.js', 'src/lib/i18n/i18n.ts', 'src/lib/i18n/ns/common.ts', 'src/lib/i18n/ns/validation.ts'),
    chunk('_assets/home.C.js', 'src/lib/i18n/ns/home.ts'),
    chunk('_assets/texts-en-shell.D.js', 'shared/i18n/locales/en/shell.ts', 'shared/i18n/locales/en/common.ts'),
    chunk('_assets/home.F.js', 'shared/i18n/locales/en/home.ts'),
    chunk('_assets/validation.G.js', 'shared/i18n/locales/en/validation.ts'),
    chunk('_assets/shell.H.js', 'shared/i18n/locales/zh-TW/shell.ts'),
  ]);

  it('knows which chunk declares which namespace, and where each language\'s catalogue is, zh-CN\'s being in the code', () => {
    expect(declaredNamespaces(['_assets/shell.A.js', '_assets/base.B.js']).sort()).toEqual(['common', 'shell', 'validation']);
    expect(catalogueOf('en', 'shell')).toBe('_assets/texts-en-shell.D.js');
    expect(catalogueOf('en', 'common')).toBe('_assets/texts-en-shell.D.js');
    expect(catalogueOf('zh-TW', 'shell')).toBe('_assets/shell.H.js');
    expect(catalogueOf('zh-CN', 'shell')).toBeUndefined();
  });

  it('reads the page\'s language and the namespaces its prerender drew from its <html>', () => {
    expect(pageLanguage('<!DOCTYPE html><html lang="en" data-built-lang="en" data-texts="common,home,shell"><head>')).toEqual({ lng: 'en', drawn: ['common', 'home', 'shell'] });
    expect(pageLanguage('<html lang="zh-CN">')).toEqual({ lng: null, drawn: [] });
  });

  it('names the catalogues of what the page drew and what its modules declare, in its language; none on a zh-CN page', () => {
    const en = '<html lang="en" data-built-lang="en" data-texts="home,shell">';
    // Two namespaces in one file: named once.
    expect(pageCatalogues(en, ['_assets/shell.A.js', '_assets/base.B.js'])).toEqual(['_assets/texts-en-shell.D.js', '_assets/home.F.js', '_assets/validation.G.js']);
    // zh-TW has only a shell catalogue here: the others are not named.
    expect(pageCatalogues(en.replaceAll('"en"', '"zh-TW"'), ['_assets/base.B.js'])).toEqual(['_assets/shell.H.js']);
    expect(pageCatalogues('<html lang="zh-CN" data-built-lang="zh-CN" data-texts="home,shell">', ['_assets/base.B.js'])).toEqual([]);
  });
});
