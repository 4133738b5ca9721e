import { loader } from '@monaco-editor/react';
import * as monaco from 'monaco-editor/editor';
import 'monaco-editor/features/register.all';
import 'monaco-editor/languages/definitions/html/register';
import 'monaco-editor/languages/definitions/css/register';
import 'monaco-editor/languages/definitions/javascript/register';
import 'monaco-editor/languages/definitions/xml/register';
import 'monaco-editor/languages/features/css/register';
import 'monaco-editor/languages/features/html/register';
import 'monaco-editor/languages/features/json/register';
import EditorWorker from 'monaco-editor/editor/editor.worker.js?worker';
import CssWorker from 'monaco-editor/languages/features/css/css.worker.js?worker';
import HtmlWorker from 'monaco-editor/languages/features/html/html.worker.js?worker';
import JsonWorker from 'monaco-editor/languages/features/json/json.worker.js?worker';
import { LIQUID_HTML } from '../../lib/code/languages.ts';
import { liquidHtmlConfiguration, liquidHtmlLanguage, liquidThemeRules } from '../../lib/code/liquid-html.ts';
import { monacoLoaded } from '../../lib/code/monaco-hooks.ts';

/**
 * Monaco, bundled with the console (README "The code editor"): @monaco-editor/react is pointed at
 * this copy (`loader.config({ monaco })`), so it never fetches the editor from a public CDN, and
 * its web workers are the build's own files (same origin: the console's CSP allows workers from
 * 'self' and blob:). Only the languages the workbench edits are included — HTML with Liquid, HTML,
 * CSS, JavaScript (highlighting only: no TypeScript service, which is megabytes), JSON, XML and
 * plain text. This module is reached only through a dynamic import from CodeEditor.tsx, so only
 * the pages that show an editor download any of it (tests/budget.test.ts holds the others to that).
 */

// Monaco's own typings declare the global `MonacoEnvironment`.
globalThis.MonacoEnvironment = {
  getWorker(_id: string, label: string) {
    if (label === 'css' || label === 'scss' || label === 'less') return new CssWorker();
    if (label === 'html' || label === 'handlebars' || label === 'razor') return new HtmlWorker();
    if (label === 'json') return new JsonWorker();
    return new EditorWorker();
  },
};

export const CODE_THEME = 'castanea-light';

monaco.languages.register({ id: LIQUID_HTML, extensions: ['.template.html'], aliases: ['HTML (Liquid)', 'liquid-html'] });
monaco.languages.setMonarchTokensProvider(LIQUID_HTML, liquidHtmlLanguage);
monaco.languages.setLanguageConfiguration(LIQUID_HTML, liquidHtmlConfiguration);
/**
 * Monaco's light theme writes a few tokens under 4.5:1 on white (attribute names and SQL strings in
 * #ff0000, 4.0:1; annotations and meta tags in #808080, 3.9:1; SQL operators 3.6:1) and dims the
 * last line's number: the same hues, darkened until they pass (issue 28, WCAG 1.4.3).
 */
const READABLE_VS_RULES = [
  { token: 'attribute.name', foreground: 'cd0000' },
  { token: 'metatag.content.html', foreground: 'cd0000' },
  { token: 'string.sql', foreground: 'cd0000' },
  { token: 'annotation', foreground: '6e6e6e' },
  { token: 'metatag.html', foreground: '6e6e6e' },
  { token: 'metatag.xml', foreground: '6e6e6e' },
  { token: 'operator.sql', foreground: '5c6b7a' },
];
monaco.editor.defineTheme(CODE_THEME, {
  base: 'vs',
  inherit: true,
  rules: [...READABLE_VS_RULES, ...liquidThemeRules],
  colors: { 'editorLineNumber.dimmedForeground': '#237893' },
});

loader.config({ monaco: monaco as never });
monacoLoaded(monaco);

export { monaco };
