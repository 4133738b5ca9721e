import { hasKey, translate } from '../../../lib/i18n/i18n.ts';
import { issueText, type FieldErrors } from '../../../lib/forms/validate.ts';
import { toFieldIssues } from '../../../../shared/validators/issues.ts';
import type { z } from 'zod';
import '../../../lib/i18n/ns/fields.ts';
import '../../../lib/i18n/ns/validation.ts';

/**
 * A content field's label as the editor shows it and names it in messages: the content's own
 * (`fields:content.<name>`, a part's item field by its own name: `images.path` → `path`), else the
 * chapter's for chapter forms; never a shared label meant for another screen.
 */
export function contentLabel(name: string, scope: 'content' | 'chapter' = 'content'): string {
  if (name === 'book.price') return translate('fields:content.priceYuan');
  const leaf = name.split('.').pop()!;
  for (const key of [`fields:${scope}.${name}`, `fields:${scope}.${leaf}`, `fields:content.${leaf}`]) if (hasKey(key)) return translate(key);
  return name;
}

const labelsOf = (scope: 'content' | 'chapter') => new Proxy({} as Record<string, string>, { get: (_, name) => contentLabel(String(name), scope) });

/** Validates a body with its shared schema: the first message per field, each naming its field. */
export function validateBody(schema: z.ZodType, body: unknown, scope: 'content' | 'chapter' = 'content'): FieldErrors {
  const r = schema.safeParse(body);
  if (r.success) return {};
  const errors: FieldErrors = {};
  for (const issue of toFieldIssues(r.error)) errors[issue.field] ??= issueText(issue, labelsOf(scope));
  return errors;
}
