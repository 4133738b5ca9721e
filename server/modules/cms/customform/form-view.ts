import { FORM_FIELD_PREFIX } from '../../../../shared/cms/custom-form.ts';
import { FALLBACK_SUBMIT, FORM_CAPTCHA_PATH, FORM_SUBMIT_PATH, type FormMarkup } from './form-html.ts';

/** A field as a form's template sees it (`form.fields`). */
export interface FormViewField {
  code: string;
  label: string;
  fieldType: string;
  required: boolean;
  /** null: no limit */
  maxLength: number | null;
  choices: { value: string; label: string }[];
  /** the input's name (`data.<code>`, as the submit endpoint reads a no-script post) */
  name: string;
  /** the input's id, unique on a page with several forms (`cf-<form>-<field>`) */
  id: string;
}

/**
 * What a custom form's template renders (`form`, default theme customform/form.template.html):
 * plain values only, printed escaped by the sandboxed engine; where it posts (`action`, the page's
 * own origin) and where its captcha comes from (`captcha`, '' when it needs none).
 */
export interface FormView {
  siteId: number;
  formId: number;
  code: string;
  name: string;
  action: string;
  captcha: string;
  submitText: string;
  fields: FormViewField[];
}

export function formView(f: FormMarkup): FormView {
  return {
    siteId: f.siteId, formId: f.formId, code: f.code, name: f.name, action: FORM_SUBMIT_PATH,
    captcha: f.needCaptcha === 'Y' ? `${FORM_CAPTCHA_PATH}?siteId=${f.siteId}&formId=${f.formId}` : '',
    submitText: f.submitText.trim() || FALLBACK_SUBMIT,
    fields: f.fields.map((x) => ({
      code: x.code, label: x.label, fieldType: x.fieldType, required: x.required === 'Y', maxLength: x.maxLength || null,
      choices: x.choices.map((c) => ({ value: c.value, label: c.label })), name: `${FORM_FIELD_PREFIX}${x.code}`, id: `cf-${f.code}-${x.code}`,
    })),
  };
}
