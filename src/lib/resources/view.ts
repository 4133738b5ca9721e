import type { FieldDef, ResourceDef } from '../../../shared/resources/define.ts';

/**
 * A definition as a list draws it: without its fields' input schemas and variant shapes or its
 * checks across fields, which only its forms use. What is left is data, so a prebuilt page
 * carries it to its island (ResourcePage.astro) and the list draws without loading the definition,
 * which holds Zod schemas; a form loads the definition itself when it opens.
 */
export function resourceView(def: ResourceDef): ResourceDef {
  const { check: _check, ...rest } = def;
  const fields = Object.fromEntries(
    Object.entries(def.fields).map(([name, { input: _input, variants: _variants, ...field }]) => [name, field satisfies FieldDef]),
  );
  return { ...rest, fields };
}
