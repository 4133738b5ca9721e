import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { CustomFormStatus } from '../../../../shared/cms/custom-form.ts';
import { choicesOf, fieldsOf } from '../xmodel/values.ts';
import { cmsCustomForm } from './schema.ts';
import type { FormMarkup } from './form-html.ts';

/** What a published form's markup shows: its fields with their choices. */
export async function markupOf(db: DbOrTx, form: typeof cmsCustomForm.$inferSelect): Promise<FormMarkup> {
  const fields = await fieldsOf(db, form.modelId);
  const choices = await choicesOf(db, fields);
  return {
    siteId: form.siteId, formId: form.formId, code: form.code, name: form.name, needCaptcha: form.needCaptcha, submitText: form.submitText, templates: form.templates ?? {},
    fields: fields.map((f) => ({ code: f.code, label: f.label, fieldType: f.fieldType, required: f.required, maxLength: f.maxLength, choices: choices[f.dictType ?? ''] ?? [] })),
  };
}

/** The markup of the site's published form of that code, or null (unknown, offline, another site's). */
export async function publishedMarkup(db: DbOrTx, siteId: number, code: string): Promise<FormMarkup | null> {
  const [form] = await db.select().from(cmsCustomForm).where(and(eq(cmsCustomForm.siteId, siteId), eq(cmsCustomForm.code, code), eq(cmsCustomForm.status, CustomFormStatus.PUBLISHED)));
  return form ? markupOf(db, form) : null;
}
