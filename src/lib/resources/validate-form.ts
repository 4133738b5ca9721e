import { issueText, validate, type FieldErrors } from '../forms/validate.ts';
import type { ResourceDef } from '../../../shared/resources/define.ts';
import { inputSchema } from '../../../shared/resources/schemas.ts';
import { entries, labelOf, type Row } from './client.ts';

/**
 * The forms' check of a resource's values, with the definition's Zod schemas: loaded with a form,
 * not with the list (client.ts stays free of Zod).
 */

/**
 * Localised errors by field, from the definition's input schema and its checks across fields
 * (the server checks the same); one message per field, the schema's first.
 */
export function validateForm(def: ResourceDef, mode: 'create' | 'update', values: Row): FieldErrors {
  const labels = Object.fromEntries(entries(def).map(([n, f]) => [n, labelOf(n, f)]));
  const errors = validate(inputSchema(def, mode), values, labels);
  for (const issue of def.check?.(values) ?? []) errors[issue.field] ??= issueText(issue, labels);
  return errors;
}

