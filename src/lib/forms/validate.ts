import type { z } from 'zod';
import { toFieldIssues, type FieldIssue } from '../../../shared/validators/issues.ts';
import { hasKey, translate } from '../i18n/i18n.ts';
import '../i18n/ns/validation.ts';
import '../i18n/ns/fields.ts';

export type FieldErrors = Record<string, string>;

/** `fields:<name>`; a sub-field of a JSON field (`config.port`) by its own name (`port`); else the name. */
function fieldText(name: string): string {
  const leaf = name.split('.').pop()!;
  const key = [name, leaf].find((k) => hasKey(`fields:${k}`));
  return key ? translate(`fields:${key}`) : name;
}

/**
 * Localised text of a shared-schema issue: `validation:<key>` with the field's label. A form may
 * name its fields its own way (the sign-in page says "Account"); otherwise `fields:<field>`.
 */
export function issueText(issue: FieldIssue, labels: Record<string, string> = {}): string {
  const label = (name: string) => labels[name] ?? fieldText(name);
  const key = hasKey(`validation:${issue.key}`) ? issue.key : 'invalid';
  const other = typeof issue.params.otherField === 'string' ? { other: label(issue.params.otherField) } : {};
  return translate(`validation:${key}`, { ...issue.params, ...other, field: label(issue.field) });
}

/** Validates with a shared zod schema; returns the first message per field (empty when valid). */
export function validate(schema: z.ZodType, values: unknown, labels?: Record<string, string>): FieldErrors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of toFieldIssues(result.error)) errors[issue.field] ??= issueText(issue, labels);
  return errors;
}

/** A required-field message for checks the schema leaves to the form (e.g. captcha when enabled). */
export const requiredText = (field: string, labels: Record<string, string> = {}) => issueText({ field, key: 'required', params: {} }, labels);
