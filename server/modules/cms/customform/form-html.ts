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
  fields: FormMarkupField[];
}

/** The reader's submit endpoint, relative to the API's origin (`data-submit` of the form). */
export const FORM_SUBMIT_PATH = '/prod-api/api/customform/submit';

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
 * A published form's markup (the include file and the `cms_custom_form` tag print the same): a
 * labelled field per model field except files (public submissions take none yet), the site and
 * form ids as data attributes, and where a page's script posts it as JSON (`data-submit`). A
 * choice group is a fieldset named by its legend.
 */
export function formHtml(f: FormMarkup): string {
  const rows = f.fields.filter((x) => x.fieldType !== 'file' && x.fieldType !== 'image').map((x) => {
    const id = `cf-${escapeHtml(f.code)}-${escapeHtml(x.code)}`;
    const mark = x.required === 'Y' ? ' <span aria-hidden="true">*</span>' : '';
    if (x.fieldType === 'radio' || x.fieldType === 'checkbox') {
      return `<fieldset class="cf-field"><legend>${escapeHtml(x.label)}${mark}</legend>${input(x, id)}</fieldset>`;
    }
    return `<p class="cf-field"><label for="${id}">${escapeHtml(x.label)}${mark}</label> ${input(x, id)}</p>`;
  });
  const captcha = f.needCaptcha === 'Y' ? '<p class="cf-captcha" data-captcha="/prod-api/api/customform/captcha"><label for="cf-captcha-' + escapeHtml(f.code) + '">Captcha</label> <input id="cf-captcha-' + escapeHtml(f.code) + '" name="code" autocomplete="off"><input type="hidden" name="uuid"></p>' : '';
  return `<form class="cms-custom-form" data-site-id="${f.siteId}" data-form-id="${f.formId}" data-submit="${FORM_SUBMIT_PATH}" aria-label="${escapeHtml(f.name)}">${rows.join('')}${captcha}<p><button type="submit">OK</button></p></form>\n`;
}
