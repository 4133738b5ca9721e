import type { languages } from 'monaco-editor/editor';

/**
 * HTML with Liquid, for templates: a Monarch tokenizer that reads HTML (tags, attributes,
 * comments, embedded script and style) and, anywhere in it — text, attribute values, inside a
 * tag — Liquid's `{{ output }}`, `{% tag %}` (with `-` whitespace control), `{% comment %}` and
 * `{% raw %}` blocks and `{% # inline comments %}`. Inside Liquid it tells the tag name, filters
 * after `|`, named attributes (`catalogid: 12`), strings, numbers, keywords and variables apart.
 * Pure data: Monaco reads it when the editor loads (components/code/monaco-setup.ts).
 */

const liquidOpen: languages.IMonarchLanguageRule[] = [
  [/\{%-?\s*comment\s*-?%\}/, { token: 'comment.liquid', next: '@liquidComment' }],
  [/\{%-?\s*raw\s*-?%\}/, { token: 'delimiter.liquid', next: '@liquidRaw' }],
  [/\{%-?\s*#/, { token: 'comment.liquid', next: '@liquidInlineComment' }],
  [/\{\{-?/, { token: 'delimiter.liquid', next: '@liquidOutput' }],
  [/\{%-?/, { token: 'delimiter.liquid', next: '@liquidTag' }],
];

export const liquidHtmlLanguage: languages.IMonarchLanguage = {
  defaultToken: '',
  tokenPostfix: '.html',
  ignoreCase: true,
  liquidKeywords: ['and', 'or', 'not', 'contains', 'in', 'with', 'as', 'by', 'true', 'false', 'nil', 'null', 'empty', 'blank', 'else', 'limit', 'offset', 'reversed'],
  tokenizer: {
    root: [
      ...liquidOpen,
      [/<!DOCTYPE/, 'metatag', '@doctype'],
      [/<!--/, 'comment', '@comment'],
      [/(<)((?:[\w-]+:)?[\w-]+)(\s*)(\/>)/, ['delimiter', 'tag', '', 'delimiter']],
      [/(<)(script)/, ['delimiter', { token: 'tag', next: '@script' }]],
      [/(<)(style)/, ['delimiter', { token: 'tag', next: '@style' }]],
      [/(<)((?:[\w-]+:)?[\w-]+)/, ['delimiter', { token: 'tag', next: '@otherTag' }]],
      [/(<\/)((?:[\w-]+:)?[\w-]+)/, ['delimiter', { token: 'tag', next: '@otherTag' }]],
      [/</, 'delimiter'],
      [/[^<{]+/, ''],
      [/\{/, ''],
    ],

    // Liquid
    liquidOutput: [
      [/-?\}\}/, { token: 'delimiter.liquid', next: '@pop' }],
      { include: '@liquidExpression' },
    ],
    liquidTag: [
      [/\s+/, ''],
      [/-?%\}/, { token: 'delimiter.liquid', next: '@pop' }],
      [/[a-zA-Z_]\w*/, { token: 'keyword.tag.liquid', switchTo: '@liquidTagBody' }],
    ],
    liquidTagBody: [
      [/-?%\}/, { token: 'delimiter.liquid', next: '@pop' }],
      { include: '@liquidExpression' },
    ],
    liquidExpression: [
      [/\s+/, ''],
      [/"[^"]*"?|'[^']*'?/, 'string.liquid'],
      [/-?\d+(?:\.\d+)?/, 'number.liquid'],
      [/(\|)(\s*)([a-zA-Z_]\w*)/, ['delimiter.liquid', '', 'predefined.filter.liquid']],
      [/[a-zA-Z_][\w-]*(?=\s*:)/, 'attribute.name.liquid'],
      [/[a-zA-Z_][\w-]*/, { cases: { '@liquidKeywords': 'keyword.liquid', '@default': 'variable.liquid' } }],
      [/==|!=|<=|>=|<|>|\.\.|[.,:=()[\]]/, 'delimiter.liquid'],
      [/./, 'invalid.liquid'],
    ],
    liquidComment: [
      [/\{%-?\s*endcomment\s*-?%\}/, { token: 'comment.liquid', next: '@pop' }],
      [/[^{]+/, 'comment.liquid'],
      [/\{/, 'comment.liquid'],
    ],
    liquidInlineComment: [
      [/-?%\}/, { token: 'comment.liquid', next: '@pop' }],
      [/[^%-]+|./, 'comment.liquid'],
    ],
    liquidRaw: [
      [/\{%-?\s*endraw\s*-?%\}/, { token: 'delimiter.liquid', next: '@pop' }],
      [/[^{]+/, ''],
      [/\{/, ''],
    ],

    // HTML, with Liquid allowed inside tags and attribute values
    doctype: [
      [/[^>]+/, 'metatag.content'],
      [/>/, 'metatag', '@pop'],
    ],
    comment: [
      [/-->/, 'comment', '@pop'],
      [/[^-]+/, 'comment.content'],
      [/./, 'comment.content'],
    ],
    otherTag: [
      [/\/?>/, 'delimiter', '@pop'],
      ...liquidOpen,
      [/"/, 'attribute.value', '@attributeDouble'],
      [/'/, 'attribute.value', '@attributeSingle'],
      [/[\w-]+/, 'attribute.name'],
      [/=/, 'delimiter'],
      [/[ \t\r\n]+/, ''],
    ],
    attributeDouble: [
      ...liquidOpen,
      [/[^"{]+/, 'attribute.value'],
      [/\{/, 'attribute.value'],
      [/"/, 'attribute.value', '@pop'],
    ],
    attributeSingle: [
      ...liquidOpen,
      [/[^'{]+/, 'attribute.value'],
      [/\{/, 'attribute.value'],
      [/'/, 'attribute.value', '@pop'],
    ],
    script: [
      [/"([^"]*)"/, 'attribute.value'],
      [/'([^']*)'/, 'attribute.value'],
      [/[\w-]+/, 'attribute.name'],
      [/=/, 'delimiter'],
      [/>/, { token: 'delimiter', next: '@scriptEmbedded', nextEmbedded: 'text/javascript' }],
      [/[ \t\r\n]+/, ''],
      [/(<\/)(script\s*)(>)/, ['delimiter', 'tag', { token: 'delimiter', next: '@pop' }]],
    ],
    scriptEmbedded: [
      [/<\/script/, { token: '@rematch', next: '@pop', nextEmbedded: '@pop' }],
      [/[^<]+/, ''],
    ],
    style: [
      [/"([^"]*)"/, 'attribute.value'],
      [/'([^']*)'/, 'attribute.value'],
      [/[\w-]+/, 'attribute.name'],
      [/=/, 'delimiter'],
      [/>/, { token: 'delimiter', next: '@styleEmbedded', nextEmbedded: 'text/css' }],
      [/[ \t\r\n]+/, ''],
      [/(<\/)(style\s*)(>)/, ['delimiter', 'tag', { token: 'delimiter', next: '@pop' }]],
    ],
    styleEmbedded: [
      [/<\/style/, { token: '@rematch', next: '@pop', nextEmbedded: '@pop' }],
      [/[^<]+/, ''],
    ],
  },
};

/** Brackets, comments and auto-closing for templates: HTML's, plus Liquid's delimiters. */
export const liquidHtmlConfiguration: languages.LanguageConfiguration = {
  comments: { blockComment: ['<!--', '-->'] },
  brackets: [['<!--', '-->'], ['{{', '}}'], ['{%', '%}'], ['<', '>'], ['{', '}'], ['(', ')'], ['[', ']']],
  // `{{` closes as `}}` through the single brace pair, so typing the closing braces steps over them.
  autoClosingPairs: [
    { open: '{', close: '}' },
    { open: '[', close: ']' },
    { open: '(', close: ')' },
    { open: '"', close: '"' },
    { open: "'", close: "'" },
  ],
  surroundingPairs: [
    { open: '"', close: '"' },
    { open: "'", close: "'" },
    { open: '<', close: '>' },
    { open: '{', close: '}' },
  ],
};

/** Colours of Liquid's tokens on the light theme (the HTML ones are the theme's own). */
export const liquidThemeRules = [
  { token: 'delimiter.liquid', foreground: 'b5179e', fontStyle: 'bold' },
  { token: 'keyword.tag.liquid', foreground: '8250df', fontStyle: 'bold' },
  { token: 'keyword.liquid', foreground: '8250df' },
  { token: 'predefined.filter.liquid', foreground: '953800' },
  { token: 'attribute.name.liquid', foreground: '0a7f5a' },
  { token: 'variable.liquid', foreground: '0550ae' },
  { token: 'string.liquid', foreground: 'a31515' },
  { token: 'number.liquid', foreground: '098658' },
  { token: 'comment.liquid', foreground: '6a737d', fontStyle: 'italic' },
  { token: 'invalid.liquid', foreground: 'cf222e' },
];
