import {
  docIn, FIELD_SETS, FILTERS, PAGE_TYPES, TAGS, tagDef, VARIABLES, type PageType, type TagAttr, type TagDef,
} from '../../../shared/cms/template-registry.ts';
import type { Locale } from '../../../shared/i18n/locales.ts';

/**
 * What the workbench's editor suggests and explains in a template, worked out from the text alone
 * and the template language's registry (src/lib/cms/template-registry.ts): after `{%` the tags,
 * inside a CMS tag its attributes (those not given yet) and an attribute's values, after `|` the
 * filters, elsewhere in `{{ }}` and `{% %}` the variables of the template's page types and the
 * fields of `Site.`, `Catalog.`, `Content.`… No Monaco here: lib/code/liquid-monaco.ts turns these
 * into Monaco's completion items, hovers and markers, and unit tests read them directly.
 */

export type AssistContext =
  | { kind: 'tag'; prefix: string }
  | { kind: 'attr'; tag: TagDef; given: string[]; prefix: string }
  | { kind: 'value'; tag: TagDef; attr: TagAttr; prefix: string }
  | { kind: 'filter'; prefix: string }
  | { kind: 'variable'; prefix: string; blocks: TagDef[] }
  | { kind: 'field'; object: string; prefix: string };

export interface Suggestion {
  label: string;
  kind: 'tag' | 'attr' | 'value' | 'filter' | 'variable' | 'field' | 'keyword';
  /** the text inserted for the word being typed */
  insert: string;
  /** one line beside the label (type, default) */
  detail: string;
  /** the registry's documentation, in the reader's language (Markdown) */
  doc: string;
  /** ask for suggestions again once inserted (a tag's attributes, an attribute's values) */
  again?: boolean;
}

/** Liquid's own tags, offered after the CMS ones (documented by LiquidJS, not by our registry). */
const LIQUID_TAGS = ['if', 'elsif', 'else', 'endif', 'unless', 'endunless', 'for', 'endfor', 'break', 'continue', 'case', 'when', 'endcase',
  'assign', 'capture', 'endcapture', 'increment', 'decrement', 'cycle', 'tablerow', 'endtablerow', 'comment', 'endcomment', 'raw', 'endraw',
  'include', 'render', 'layout', 'block', 'endblock', 'liquid', 'echo'];

const lastOpen = (text: string) => {
  const tag = text.lastIndexOf('{%');
  const out = text.lastIndexOf('{{');
  const open = Math.max(tag, out);
  if (open < 0) return null;
  const inner = text.slice(open + 2);
  if (inner.includes('%}') || inner.includes('}}')) return null;
  return { isTag: tag > out, inner: inner.replace(/^-/, '') };
};

/** Open CMS block tags before the cursor (innermost last): their body variables are in scope. */
function openBlocks(text: string): TagDef[] {
  const stack: TagDef[] = [];
  for (const m of text.matchAll(/\{%-?\s*(end)?(cms_\w+)/g)) {
    const def = tagDef(m[2]!);
    if (!def?.block) continue;
    if (m[1]) {
      const i = stack.lastIndexOf(def);
      if (i >= 0) stack.splice(i, 1);
    } else stack.push(def);
  }
  return stack;
}

/** An unterminated string at the end of `s`, if any (its quote). */
function openQuote(s: string): string | null {
  let q: string | null = null;
  for (const ch of s) {
    if (q) { if (ch === q) q = null; } else if (ch === '"' || ch === "'") q = ch;
  }
  return q;
}

/** Where the cursor is, from the text before it (the whole template up to the cursor). */
export function contextAt(before: string): AssistContext | null {
  const open = lastOpen(before);
  if (!open) return null;
  const { isTag, inner } = open;
  const pipe = /\|\s*(\w*)$/.exec(inner);
  if (pipe && !openQuote(inner)) return { kind: 'filter', prefix: pipe[1]! };
  if (isTag) {
    const name = /^\s*(\w*)$/.exec(inner);
    if (name) return { kind: 'tag', prefix: name[1]! };
    const head = /^\s*(\w+)\s+([\s\S]*)$/.exec(inner);
    const def = head ? tagDef(head[1]!) : undefined;
    if (def && head) {
      const rest = head[2]!;
      const value = /(\w+)\s*[:=]\s*(["']?)(\w*)$/.exec(rest);
      if (value) {
        const attr = def.attrs.find((a) => a.name.toLowerCase() === value[1]!.toLowerCase());
        if (attr && (attr.options || attr.type === 'bool')) return { kind: 'value', tag: def, attr, prefix: value[3]! };
        return null;
      }
      if (openQuote(rest)) return null;
      const word = /(?:^|[\s,])(\w*)$/.exec(rest);
      if (word) {
        const given = [...rest.matchAll(/(\w+)\s*[:=]/g)].map((m) => m[1]!.toLowerCase());
        return { kind: 'attr', tag: def, given, prefix: word[1]! };
      }
      return null;
    }
  }
  if (openQuote(inner)) return null;
  const field = /([A-Za-z_]\w*)\.(\w*)$/.exec(inner);
  if (field) return { kind: 'field', object: field[1]!, prefix: field[2]! };
  const word = /(?:^|[^\w.])(\w*)$/.exec(inner);
  return word ? { kind: 'variable', prefix: word[1]!, blocks: openBlocks(before) } : null;
}

const attrDetail = (a: TagAttr) =>
  [a.type === 'enum' || a.type === 'enumList' ? (a.options ?? []).join(' | ') : a.type, a.required ? 'required' : '', a.default !== undefined ? `= ${String(a.default)}` : '']
    .filter(Boolean).join('  ');

export function tagDoc(t: TagDef, locale: Locale): string {
  const attrs = t.attrs.map((a) => `- \`${a.name}\` ${attrDetail(a)}: ${docIn(a.doc, locale)}`).join('\n');
  return `**${t.name}**${t.block ? ` … end${t.name}` : ''}\n\n${docIn(t.doc, locale)}\n\n${attrs}\n\n\`\`\`liquid\n${t.example}\n\`\`\``;
}
const attrDoc = (t: TagDef, a: TagAttr, locale: Locale) => `**${t.name}** \`${a.name}\` ${attrDetail(a)}\n\n${docIn(a.doc, locale)}`;
function filterDoc(name: string, locale: Locale): string | null {
  const f = FILTERS.find((x) => x.name === name || x.aliases?.includes(name));
  if (!f) return null;
  const args = f.args.map((a) => `- \`${a.name}\` ${a.type}${a.required ? ' required' : ''}: ${docIn(a.doc, locale)}`).join('\n');
  return `**${f.name}**${f.aliases?.length ? ` (${f.aliases.join(', ')})` : ''} — ${docIn(f.input, locale)}\n\n${docIn(f.doc, locale)}${args ? `\n\n${args}` : ''}\n\n\`\`\`liquid\n${f.example}\n\`\`\``;
}
function variableDoc(name: string, locale: Locale): string | null {
  const v = VARIABLES.find((x) => x.name === name);
  return v ? `**${v.name}** (${v.type})\n\n${docIn(v.doc, locale)}` : null;
}

const startsWith = (label: string, prefix: string) => label.toLowerCase().startsWith(prefix.toLowerCase());

/** What to offer at the cursor. `pageTypes`: what the template renders (none known: every type). */
export function suggestionsAt(before: string, pageTypes: readonly PageType[], locale: Locale): Suggestion[] {
  const ctx = contextAt(before);
  if (!ctx) return [];
  const types = pageTypes.length ? pageTypes : PAGE_TYPES;
  switch (ctx.kind) {
    case 'tag':
      return [
        ...TAGS.map((t): Suggestion => ({ label: t.name, kind: 'tag', insert: `${t.name} `, detail: t.block ? `{% ${t.name} %} … {% end${t.name} %}` : `{% ${t.name} %}`, doc: tagDoc(t, locale), again: true })),
        ...TAGS.filter((t) => t.block).map((t): Suggestion => ({ label: `end${t.name}`, kind: 'keyword', insert: `end${t.name}`, detail: '', doc: '' })),
        ...LIQUID_TAGS.map((name): Suggestion => ({ label: name, kind: 'keyword', insert: name, detail: 'Liquid', doc: '' })),
      ].filter((s) => startsWith(s.label, ctx.prefix));
    case 'attr':
      return ctx.tag.attrs.filter((a) => !ctx.given.includes(a.name.toLowerCase()) && startsWith(a.name, ctx.prefix)).map((a) => ({
        label: a.name, kind: 'attr', insert: a.options ? `${a.name}: '` : `${a.name}: `, detail: attrDetail(a), doc: attrDoc(ctx.tag, a, locale), again: !!a.options || a.type === 'bool',
      }));
    case 'value': {
      const options = ctx.attr.type === 'bool' ? ['true', 'false'] : [...(ctx.attr.options ?? [])];
      return options.filter((o) => startsWith(o, ctx.prefix)).map((o) => ({ label: o, kind: 'value', insert: o, detail: `${ctx.tag.name} ${ctx.attr.name}`, doc: attrDoc(ctx.tag, ctx.attr, locale) }));
    }
    case 'filter':
      return FILTERS.flatMap((f) => [f.name, ...(f.aliases ?? [])].map((name): Suggestion => ({
        label: name, kind: 'filter', insert: name, detail: f.args.map((a) => a.name).join(', '), doc: filterDoc(name, locale) ?? '',
      }))).filter((s) => startsWith(s.label, ctx.prefix));
    case 'variable': {
      const vars = VARIABLES.filter((v) => v.pageTypes.some((p) => types.includes(p))).map((v): Suggestion => ({
        label: v.name, kind: 'variable', insert: v.name, detail: v.type, doc: variableDoc(v.name, locale) ?? '',
      }));
      const yielded = [...new Set(ctx.blocks.flatMap((b) => b.yields))].map((name): Suggestion => ({ label: name, kind: 'variable', insert: name, detail: ctx.blocks.at(-1)!.name, doc: '' }));
      return [...yielded, ...vars].filter((s) => startsWith(s.label, ctx.prefix));
    }
    case 'field': {
      const v = VARIABLES.find((x) => x.name === ctx.object);
      const fields: readonly string[] = v?.fields ? FIELD_SETS[v.fields] : [];
      return fields.filter((f) => startsWith(f, ctx.prefix)).map((f) => ({ label: f, kind: 'field', insert: f, detail: ctx.object, doc: '' }));
    }
  }
}

/**
 * The documentation of the word at `col` (1-based) of `line`: a CMS tag, one of its attributes, a
 * filter or a variable; null when it is none of these.
 */
export function hoverAt(line: string, col: number, locale: Locale): { doc: string; start: number; end: number } | null {
  const i = col - 1;
  let start = i;
  let end = i;
  while (start > 0 && /\w/.test(line[start - 1]!)) start--;
  while (end < line.length && /\w/.test(line[end]!)) end++;
  const word = line.slice(start, end);
  if (!word) return null;
  const span = { start: start + 1, end: end + 1 };
  const before = line.slice(0, start);
  const tag = tagDef(word.replace(/^end/, ''));
  if (tag && /\{%-?\s*$/.test(before)) return { doc: tagDoc(tag, locale), ...span };
  if (/\|\s*$/.test(before)) {
    const doc = filterDoc(word, locale);
    return doc ? { doc, ...span } : null;
  }
  const inTag = /\{%-?\s*(cms_\w+)\s[^%]*$/.exec(before);
  if (inTag && /^\s*[:=]/.test(line.slice(end))) {
    const def = tagDef(inTag[1]!);
    const attr = def?.attrs.find((a) => a.name.toLowerCase() === word.toLowerCase());
    if (def && attr) return { doc: attrDoc(def, attr, locale), ...span };
  }
  const doc = /\.\s*$/.test(before) ? null : variableDoc(word, locale);
  return doc ? { doc, ...span } : null;
}
