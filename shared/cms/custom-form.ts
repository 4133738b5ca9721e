import { z } from 'zod';
import { id } from '../validators/common.ts';

/** Who may submit a custom form: anyone, or members only (refused until members exist). */
export const FORM_SUBMITTERS = ['anyone', 'members'] as const;
/** A custom form's status (spec: published or offline; a new form is offline). */
export const CustomFormStatus = { OFFLINE: '0', PUBLISHED: '1' } as const;
/** Bounds of a public submission. */
export const CUSTOM_FORM_LIMITS = { dailyMax: 10_000, captchaMax: 10, uuidMax: 64, submitTextMax: 50 } as const;

/** A field's name in a published form's markup: `data.<code>` (a no-script post sends it flat). */
export const FORM_FIELD_PREFIX = 'data.';

/** The theme's template a new form gets in every pipe that has it (the default theme ships it). */
export const DEFAULT_FORM_TEMPLATE = 'customform/form.template.html';

/**
 * A posted HTML form's flat body (`siteId`, `formId`, `data.name`, …: urlencoded or multipart) as
 * the nested submission; a JSON body that already has `data` is left as sent.
 */
export function nestFormBody(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body) || 'data' in body) return body;
  const out: Record<string, unknown> = {};
  const data: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) {
    if (k.startsWith(FORM_FIELD_PREFIX)) data[k.slice(FORM_FIELD_PREFIX.length)] = v;
    else out[k] = v;
  }
  return { ...out, data };
}

/**
 * A reader's submission (the public endpoint): the site and the form, the values by field code,
 * and the captcha when the form asks for one (JSON, or a posted form's flat fields). Values are
 * checked against the form's model after.
 */
export const formSubmitBody = z.preprocess(nestFormBody, z.object({
  siteId: id(),
  formId: id(),
  data: z.record(z.string().max(50), z.unknown()),
  code: z.string().max(CUSTOM_FORM_LIMITS.captchaMax).optional(),
  uuid: z.string().max(CUSTOM_FORM_LIMITS.uuidMax).optional(),
}));
export type FormSubmit = z.output<typeof formSubmitBody>;

/** An entry's stored value as one line of text (a checkbox's choices joined): the console shows it as text, never as HTML. */
export const entryValueText = (v: unknown): string => (Array.isArray(v) ? v.map(String).join(', ') : v === null || v === undefined ? '' : String(v));
