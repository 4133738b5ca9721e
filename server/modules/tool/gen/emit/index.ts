import { checkSpec } from '../check.ts';
import type { GenFiles, GenSpec } from '../model.ts';
import { crudFile } from './crud.ts';
import { definitionFile } from './definition.ts';
import { migrationFile } from './migration.ts';
import { namesOf } from './names.ts';
import { schemaFile } from './schema.ts';
import { testFile } from './test.ts';

/**
 * Every file a resource costs (docs/add-a-screen.md): the definition, the table, its operations
 * and routes, its API test, and the table's DDL. Refuses a spec they could not carry (check.ts).
 */
export function generate(spec: GenSpec): GenFiles {
  checkSpec(spec);
  const n = namesOf(spec);
  return {
    [n.paths.definition]: definitionFile(spec, n),
    [n.paths.schema]: schemaFile(spec, n),
    [n.paths.crud]: crudFile(spec, n),
    [n.paths.test]: testFile(spec, n),
    [n.paths.migration]: migrationFile(spec, n),
  };
}
