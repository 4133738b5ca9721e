/**
 * Which language the code editor uses for a file, by its name: templates (`*.template.html`) get
 * HTML with Liquid, other files their suffix's language, anything else plain text. Shared by the
 * file manager (which files open in the editor) and the editor itself; no Monaco here, so pages
 * that only list files do not load it.
 */

export const LIQUID_HTML = 'liquid-html';

export type CodeLanguage = 'liquid-html' | 'html' | 'css' | 'javascript' | 'json' | 'xml' | 'plaintext';

const BY_SUFFIX: Readonly<Record<string, CodeLanguage>> = {
  html: 'html', htm: 'html', css: 'css', js: 'javascript', mjs: 'javascript', json: 'json', xml: 'xml', txt: 'plaintext',
};

export function languageOf(fileName: string): CodeLanguage {
  const name = fileName.toLowerCase();
  if (name.endsWith('.template.html')) return LIQUID_HTML;
  const dot = name.lastIndexOf('.');
  return (dot >= 0 && BY_SUFFIX[name.slice(dot + 1)]) || 'plaintext';
}
