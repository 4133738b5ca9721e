import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../../shared/i18n/locales.ts';
import { FIELD_SETS, FILTERS, FUNCTION_ALIASES, OMITTED_FUNCTIONS, TAGS, VARIABLES, type Doc } from '../../../../shared/cms/template-registry.ts';
import { CmsLiquid, DEFAULT_LIMITS, type EngineHost } from './engine.ts';
import { CMS_TAGS } from './tags/index.ts';

// Issue 11 §1: one registry describes every tag, attribute, filter and variable, and the engine,
// the editor and the reference screen all read it — so what the engine accepts and what the
// registry documents can never drift apart.
const liquid = new CmsLiquid({} as EngineHost, DEFAULT_LIMITS);

function documented(doc: Doc, what: string) {
  for (const lng of LOCALES) expect(doc[lng]?.trim(), `${what} in ${lng}`).toBeTruthy();
}

describe('the template registry', () => {
  it('documents exactly the tags the engine has, each attribute in three languages', () => {
    expect(TAGS.map((t) => t.name).sort()).toEqual(Object.keys(CMS_TAGS).sort());
    for (const tag of TAGS) {
      documented(tag.doc, tag.name);
      expect(new Set(tag.attrs.map((a) => a.name.toLowerCase())).size, `${tag.name}: attribute names differ by case only`).toBe(tag.attrs.length);
      for (const attr of tag.attrs) {
        documented(attr.doc, `${tag.name}.${attr.name}`);
        if (attr.type === 'enum' || attr.type === 'enumList') expect(attr.options?.length, `${tag.name}.${attr.name} options`).toBeGreaterThan(0);
        if (attr.type === 'enum' && attr.default !== undefined) expect(attr.options).toContain(attr.default);
      }
      if (tag.item) expect(FIELD_SETS[tag.item].length).toBeGreaterThan(0);
      // Every example parses: the registry shows nothing the engine refuses.
      expect(() => liquid.parse(tag.example, 'example.template.html'), tag.example).not.toThrow();
    }
  });

  it('documents filters the engine answers to, aliases included, and none it lacks', () => {
    for (const f of FILTERS) {
      documented(f.doc, f.name);
      documented(f.input, `${f.name} input`);
      for (const arg of f.args) documented(arg.doc, `${f.name}(${arg.name})`);
      for (const name of [f.name, ...(f.aliases ?? [])]) expect(liquid.filters[name], name).toBeTypeOf('function');
      expect(() => liquid.parse(f.example, 'example.template.html'), f.example).not.toThrow();
    }
    for (const alias of Object.keys(FUNCTION_ALIASES)) expect(liquid.filters[alias], alias).toBeTypeOf('function');
    for (const omitted of OMITTED_FUNCTIONS) {
      documented(omitted.doc, omitted.name);
      expect(liquid.filters[omitted.name], `${omitted.name} is left out`).toBeUndefined();
    }
  });

  it('documents the variables of every page type', () => {
    for (const v of VARIABLES) {
      documented(v.doc, v.name);
      expect(v.pageTypes.length).toBeGreaterThan(0);
    }
    expect(VARIABLES.filter((v) => v.pageTypes.includes('content')).map((v) => v.name)).toEqual(expect.arrayContaining(['Site', 'Catalog', 'Content', 'PageNo', 'Prefix', 'ResourcePrefix']));
  });
});
