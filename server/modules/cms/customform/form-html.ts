import { escapeHtml } from '../template/html.ts';

export interface FormMarkupField {
  code: string;
  label: string;
  fieldType: string;
  required: string;
  maxLength: number | null;
  choices: { value: string; label: string }[];
}
export interface FormMarkup {
  siteId: number;
  formId: number;
  code: string;
  name: string;
  needCaptcha: string;
  /** the button's words (the form's setting, in the site's language) */
  submitText: string;
  fields: FormMarkupField[];
  /** its template per pipe code; a pipe without one prints formHtml */
  templates: Record<string, string>;
}

/**
 * Where a published form posts and fetches its captcha: the page's own origin (the sites' server
 * answers both, public-site.ts); the API's origin answers the same under /prod-api.
 */
export const FORM_SUBMIT_PATH = '/api/customform/submit';
export const FORM_CAPTCHA_PATH = '/api/customform/captcha';
/** The button of a form saved before it had a button text of its own. */
export const FALLBACK_SUBMIT = 'Submit';

/** One field's input, every text escaped; names are `data.<code>` as the submit body nests them. */
function input(f: FormMarkupField, id: string): string {
  const name = escapeHtml(`data.${f.code}`);
  const req = f.required === 'Y' ? ' required' : '';
  const max = f.maxLength ? ` maxlength="${f.maxLength}"` : '';
  switch (f.fieldType) {
    case 'textarea':
    case 'richtext':
      return `<textarea id="${id}" name="${name}"${req}${max}></textarea>`;
    case 'number':
      return `<input id="${id}" name="${name}" type="number"${req}>`;
    case 'date':
      return `<input id="${id}" name="${name}" type="date"${req}>`;
    case 'file':
    case 'image':
      return `<input id="${id}" name="${name}" type="file"${f.fieldType === 'image' ? ' accept="image/*"' : ''}${req}>`;
    case 'switch':
      return `<input id="${id}" name="${name}" type="checkbox" value="Y">`;
    case 'select':
      return `<select id="${id}" name="${name}"${req}><option value=""></option>${f.choices.map((c) => `<option value="${escapeHtml(c.value)}">${escapeHtml(c.label)}</option>`).join('')}</select>`;
    case 'radio':
    case 'checkbox':
      return f.choices.map((c, i) => `<label><input id="${id}-${i}" name="${name}" type="${f.fieldType}" value="${escapeHtml(c.value)}"> ${escapeHtml(c.label)}</label>`).join(' ');
    default:
      return `<input id="${id}" name="${name}" type="text"${req}${max}>`;
  }
}

/**
 * The built-in markup of a published form, for a pipe the form has no template in (a theme older
 * than customform/form.template.html, which renders the same from `form`, form-view.ts). The include file and the `cms_custom_form` tag print the same): a
 * plain HTML form that works without script, posted as multipart to its page's origin with the
 * site and form ids hidden; a labelled field per model field (files and images as file inputs:
 * the server sniffs and stores them, uploads.ts). A choice group is a fieldset named by its legend. A captcha needs the page's script:
 * it fetches the image from `data-captcha` (JSON: uuid and image) into the label and the uuid into
 * the hidden input.
 */
export function formHtml(f: FormMarkup): string {
  const code = escapeHtml(f.code);
  const rows = f.fields.map((x) => {
    const id = `cf-${code}-${escapeHtml(x.code)}`;
    const mark = x.required === 'Y' ? ' <span aria-hidden="true">*</span>' : '';
    if (x.fieldType === 'radio' || x.fieldType === 'checkbox') {
      return `<fieldset class="cf-field"><legend>${escapeHtml(x.label)}${mark}</legend>${input(x, id)}</fieldset>`;
    }
    return `<p class="cf-field"><label for="${id}">${escapeHtml(x.label)}${mark}</label> ${input(x, id)}</p>`;
  });
  const captcha = f.needCaptcha === 'Y'
    ? `<p class="cf-captcha" data-captcha="${FORM_CAPTCHA_PATH}?siteId=${f.siteId}&amp;formId=${f.formId}"><label for="cf-captcha-${code}"><img alt="" class="cf-captcha-image"></label> <input id="cf-captcha-${code}" name="code" autocomplete="off" required><input type="hidden" name="uuid"></p>`
    : '';
  const hidden = `<input type="hidden" name="siteId" value="${f.siteId}"><input type="hidden" name="formId" value="${f.formId}">`;
  const button = escapeHtml(f.submitText.trim() || FALLBACK_SUBMIT);
  return `<form class="cms-custom-form" method="post" action="${FORM_SUBMIT_PATH}" enctype="multipart/form-data" data-site-id="${f.siteId}" data-form-id="${f.formId}" aria-label="${escapeHtml(f.name)}">${hidden}${rows.join('')}${captcha}<p><button type="submit">${button}</button></p></form>\n`;
}
