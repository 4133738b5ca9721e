import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../shared/i18n/locales.ts';
import { modules } from '../server/modules/index.ts';
import { SHIPPED } from '../server/modules/shipped.ts';
import { screenTextsOf } from '../shared/resources/texts.ts';

// Every text exists in every language, and none is empty: the console's namespaces
// (src/lib/i18n/locales/<lng>/<ns>.ts), the server's messages (server/core/messages/<lng>.ts) and
// those each module contributes (ServerModule.messages, e.g. server/modules/cms/messages/<lng>.ts).

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const LOCALE_DIR = join(ROOT, 'shared/i18n/locales');

type Tree = { [k: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else if (v && typeof v === 'object') for (const [kk, vv] of leaves(v, key)) out.set(kk, vv);
    else out.set(key, v as never);
  }
  return out;
}

const load = async (file: string) => leaves(((await import(file)) as { default: Tree }).default);
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

/** Compares one catalogue across languages; returns human-readable problems. */
async function compare(name: string, files: Record<string, string>): Promise<string[]> {
  const catalogues = new Map<string, Map<string, string>>();
  for (const [lng, file] of Object.entries(files)) catalogues.set(lng, await load(file));
  return compareLoaded(name, catalogues);
}

function compareLoaded(name: string, catalogues: Map<string, Map<string, string>>): string[] {
  const problems: string[] = [];
  const allKeys = new Set([...catalogues.values()].flatMap((c) => [...c.keys()]));
  for (const key of allKeys) {
    const ref = catalogues.get('zh-CN')?.get(key);
    for (const [lng, cat] of catalogues) {
      const value = cat.get(key);
      if (value === undefined) problems.push(`${name}: "${key}" is missing in ${lng}`);
      else if (typeof value !== 'string' || value.trim() === '') problems.push(`${name}: "${key}" is empty in ${lng}`);
      else if (ref !== undefined && placeholders(value).join() !== placeholders(ref).join()) {
        problems.push(`${name}: "${key}" in ${lng} has placeholders {${placeholders(value)}} but zh-CN has {${placeholders(ref)}}`);
      }
    }
  }
  return problems;
}

const namespaces = () => {
  const perLocale = Object.fromEntries(LOCALES.map((lng) => [lng, readdirSync(join(LOCALE_DIR, lng)).filter((f) => f.endsWith('.ts')).sort()]));
  return perLocale as Record<string, string[]>;
};

describe('i18n catalogues are complete', () => {
  it('every locale has the same namespace files', () => {
    const files = namespaces();
    for (const lng of LOCALES) expect(files[lng], lng).toEqual(files['zh-CN']);
    expect(files['zh-CN']!.length).toBeGreaterThan(0);
  });

  it('every console namespace has the same keys in zh-CN, zh-TW and en, none empty', async () => {
    const problems: string[] = [];
    for (const file of namespaces()['zh-CN']!) {
      problems.push(...(await compare(`console ${file}`, Object.fromEntries(LOCALES.map((lng) => [lng, join(LOCALE_DIR, lng, file)])))));
    }
    expect(problems).toEqual([]);
  });

  it('the server messages have the same keys in every language, none empty', async () => {
    const problems = await compare('server messages', Object.fromEntries(LOCALES.map((lng) => [lng, join(ROOT, 'server/core/messages', `${lng}.ts`)])));
    expect(problems).toEqual([]);
  });

  it("each module's server messages have the same keys in every language, none empty", () => {
    const contributing = modules.filter((m) => m.messages);
    expect(contributing.map((m) => m.name)).toContain('cms');
    const problems = contributing.flatMap((m) =>
      compareLoaded(`${m.name} messages`, new Map(LOCALES.map((lng) => [lng, leaves(m.messages![lng] as Tree)]))));
    expect(problems).toEqual([]);
  });

  it("definitions' texts are complete in every language and label every field a screen shows", async () => {
    // The types already refuse a language left out; an empty text or an unlabelled field is found here.
    const defs = SHIPPED.definitions.filter((d) => d.texts);
    expect(defs.map((d) => d.name)).toContain('link');
    const problems = compareLoaded('definition texts', new Map(LOCALES.map((lng) => [lng, leaves(screenTextsOf(defs, lng) as Tree)])));
    const fields = await load(join(LOCALE_DIR, 'zh-CN', 'fields.ts'));
    for (const d of defs) {
      for (const [name, f] of Object.entries(d.fields)) {
        const shown = f.column || f.form || f.filter;
        if (shown && !f.label && !d.texts!.fields?.[name] && !fields.has(name)) problems.push(`${d.name}: field ${name} has no label`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('finds a missing key or an empty text (self-check)', async () => {
    const { writeFileSync, mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'i18n-keys-'));
    writeFileSync(join(dir, 'a.ts'), "export default { a: 'x', b: { c: 'y' } };");
    writeFileSync(join(dir, 'b.ts'), "export default { a: '', b: {} };");
    const problems = await compare('fixture', { 'zh-CN': join(dir, 'a.ts'), en: join(dir, 'b.ts') });
    expect(problems).toEqual(['fixture: "a" is empty in en', 'fixture: "b.c" is missing in en']);
  });

  it('every literal "ns:key" used in the console exists in zh-CN', async () => {
    const nsNames = namespaces()['zh-CN']!.map((f) => f.replace(/\.ts$/, ''));
    const zh = new Map<string, Map<string, string>>();
    for (const ns of nsNames) zh.set(ns, await load(join(LOCALE_DIR, 'zh-CN', `${ns}.ts`)));
    const pattern = new RegExp(`["'\`](${nsNames.join('|')}):([\\w.-]+)["'\`]`, 'g');
    const missing: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const full = join(dir, name);
        if (statSync(full).isDirectory()) {
          if (name !== 'locales') walk(full);
          continue;
        }
        if (!/\.(ts|tsx|astro)$/.test(name) || name.endsWith('.test.ts')) continue;
        const source = readFileSync(full, 'utf8');
        for (const m of source.matchAll(pattern)) {
          // crud('cms:catalog') names permission keys, not a text.
          if (source.slice(Math.max(0, m.index - 5), m.index) === 'crud(') continue;
          if (!zh.get(m[1]!)?.has(m[2]!)) missing.push(`${relative(ROOT, full)}: ${m[1]}:${m[2]}`);
        }
      }
    };
    walk(join(ROOT, 'src'));
    walk(join(ROOT, 'shared'));
    expect(missing).toEqual([]);
  });
});
