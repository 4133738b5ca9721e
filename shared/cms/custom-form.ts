import { z } from 'zod';
import { id } from '../validators/common.ts';

/** Who may submit a custom form: anyone, or members only (refused until members exist). */
export const FORM_SUBMITTERS = ['anyone', 'members'] as const;
/** A custom form's status (spec: published or offline; a new form is offline). */
export const CustomFormStatus = { OFFLINE: '0', PUBLISHED: '1' } as const;
/** Bounds of a public submission. */
export const CUSTOM_FORM_LIMITS = { dailyMax: 10_000, captchaMax: 10, uuidMax: 64 } as const;

/**
 * A reader's submission (the public endpoint): the site and the form, the values by field code,
 * and the captcha when the form asks for one. Values are checked against the form's model after.
 */
export const formSubmitBody = z.object({
  siteId: id(),
  formId: id(),
  data: z.record(z.string().max(50), z.unknown()),
  code: z.string().max(CUSTOM_FORM_LIMITS.captchaMax).optional(),
  uuid: z.string().max(CUSTOM_FORM_LIMITS.uuidMax).optional(),
});
export type FormSubmit = z.output<typeof formSubmitBody>;
