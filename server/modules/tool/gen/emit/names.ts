import { kebabOf } from '../../../../../shared/tool/gen-keys.ts';
import { SITE_COLUMN } from '../defaults.ts';
import { mapType, SERIALS, type MappedType } from '../column-types.ts';
import type { GenColumnRow, GenSpec } from '../model.ts';

/** A column with its mapped type (the spec was checked: every type maps). */
export type Col = GenColumnRow & { type: MappedType };

/**
 * Every name the generated files share, worked out once: the files' paths, the exported
 * identifiers, the API path, whether the resource keeps to the current site. The spec has passed
 * `checkSpec`, so each part is an identifier or a path segment of the allowed shapes.
 */
export function namesOf(spec: GenSpec) {
  const { table } = spec;
  const kebab = kebabOf(table.resourceName);
  const module = table.moduleName;
  const bare = table.tableName.startsWith(`${module}_`) ? table.tableName.slice(module.length + 1) : table.tableName;
  const columns: Col[] = spec.columns.map((c) => ({ ...c, type: mapType(c.columnType)! }));
  const siteScoped = module === 'cms' && columns.some((c) => c.columnName === SITE_COLUMN);
  return {
    kebab,
    module,
    siteScoped,
    columns,
    /** the resource's fields: every column but the site's, which the resource layer fills */
    fields: columns.filter((c) => !(siteScoped && c.columnName === SITE_COLUMN)),
    pk: columns.find((c) => c.isPk)!,
    defConst: `${table.resourceName}Resource`,
    tableConst: `${table.resourceName}Table`,
    opsConst: `${table.resourceName}Operations`,
    api: `/${module}/${bare}`,
    paths: {
      definition: `shared/resources/${module}/${kebab}.ts`,
      schema: `server/modules/${module}/${kebab}/schema.ts`,
      crud: `server/modules/${module}/${kebab}/crud.ts`,
      test: `server/modules/${module}/${kebab}/${kebab}.test.ts`,
      migration: `server/modules/${module}/${kebab}/${table.tableName}.sql`,
    },
  };
}
export type Names = ReturnType<typeof namesOf>;

/** Any text as a TypeScript string literal: a label with quotes, backslashes or `</script>` stays text. */
export const lit = (s: string) => JSON.stringify(s);

/** A field in the form: asked for there, not the key, and of a type a widget edits (booleans and JSON are shown only). */
export const editable = (c: Col) => c.inForm && !c.isPk && c.type.value !== 'boolean' && c.type.value !== 'json';

/** A serial column (numbered by a sequence its default names), written with its serial type. */
export const isSerial = (c: Col) => c.isIncrement && !!c.columnDefault?.startsWith('nextval(') && c.type.builder in SERIALS;
