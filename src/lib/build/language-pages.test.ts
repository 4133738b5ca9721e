import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { inEachLanguage, languageOfPath, withLanguageCopies, languageRoute, OTHER_LOCALES, routeOfPage } from './language-pages.ts';

// Needs a build (`npm test` builds before the unit tests).
const DIST = fileURLToPath(new URL('../../../dist/', import.meta.url));

describe('pages in each language', () => {
  it('puts each page file at its route under each other language', () => {
    expect(routeOfPage('system/[...screen].astro')).toBe('/system/[...screen]');
    expect(routeOfPage('index.astro')).toBe('/');
    expect(routeOfPage('index/index.astro')).toBe('/index');
    expect(routeOfPage('login.astro')).toBe('/login');
    expect(languageRoute('en', '/system/[...screen]')).toBe('/_lang/en/system/[...screen]');
    expect(languageRoute('zh-TW', '/')).toBe('/_lang/zh-TW');
    expect(OTHER_LOCALES).toEqual(['zh-TW', 'en']);
    expect(withLanguageCopies(['login'])).toEqual(['login', '_lang/zh-TW/login', '_lang/en/login']);
    expect(['login.astro', 'system/[...screen].astro', 'index/index.astro', 'docs.astro', 'docs/[page].astro', 'index.astro'].filter(inEachLanguage)).toEqual(['login.astro', 'system/[...screen].astro', 'index/index.astro']);
  });

  it('renders a page in the language its path names, zh-CN elsewhere', () => {
    expect(languageOfPath('/admin/_lang/en/system/post/')).toBe('en');
    expect(languageOfPath('/_lang/zh-TW')).toBe('zh-TW');
    expect(languageOfPath('/admin/system/post/')).toBe('zh-CN');
    expect(languageOfPath('/admin/_lang/fr/system/post/')).toBe('zh-CN');
    expect(languageOfPath('/admin/docs/_lang/en')).toBe('en');
  });

  const pages = readdirSync(DIST, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name === 'index.html')
    .map((e) => relative(DIST, join(e.parentPath, e.name)).split(sep).join('/'))
    .filter((p) => !p.startsWith('_lang/'));

  it('builds every console page in every language, each naming the language it is drawn in and the texts it drew', () => {
    // (not the docs, nor /admin/ itself: it only sends the browser on to Home)
    const consolePages = pages.filter((p) => !p.startsWith('docs/') && p !== 'index.html');
    expect(consolePages.length).toBeGreaterThan(60);
    for (const page of consolePages) {
      for (const lng of ['zh-CN', ...OTHER_LOCALES]) {
        const file = lng === 'zh-CN' ? page : `_lang/${lng}/${page}`;
        const html = readFileSync(join(DIST, file), 'utf8');
        const root = /<html\b[^>]*>/.exec(html)?.[0] ?? '';
        expect(root, file).toContain(`lang="${lng}" data-built-lang="${lng}"`);
        expect(root, file).toMatch(/data-texts="[a-zA-Z,]*"/);
      }
    }
  });

  it('draws an English page in English: no Chinese text or name before its scripts run, but the languages’ own names', () => {
    const chinese = /[\u3400-\u9fff]/;
    const autonyms = new Set(['简体中文', '繁體中文']);
    for (const page of ['login/index.html', 'index/index.html', 'system/post/index.html', 'configs/content/index.html', 'system/user/index.html', 'cms/content/editor/index.html']) {
      const html = readFileSync(join(DIST, '_lang/en', page), 'utf8');
      // The page's markup: scripts (with the pre-paint's frame) and styles aside.
      const markup = html.replace(/<script\b(?:[^>"']|"[^"]*"|'[^']*')*>[\s\S]*?<\/script>/g, '').replace(/<style\b[^>]*>[\s\S]*?<\/style>/g, '');
      const texts = [...markup.matchAll(/>([^<]+)</g)].map((m) => m[1]!.trim()).filter((t) => chinese.test(t) && !autonyms.has(t));
      const names = [...markup.matchAll(/(?:aria-label|title|placeholder|alt)="([^"]*)"/g)].map((m) => m[1]!).filter((t) => chinese.test(t));
      expect([page, texts, names]).toEqual([page, [], []]);
      // The pre-paint's frame, where there is one, is in English too.
      const frame = /data-frame="([^"]*)"/.exec(html)?.[1];
      if (frame) expect(frame.replace(/&quot;/g, '"'), page).toContain('"lang":"en"');
    }
  });
});
