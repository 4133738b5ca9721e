import { and, count, eq, gte } from 'drizzle-orm';
import { z } from 'zod';
import { defineRoute, type AnyRoute } from '../../../core/route.ts';
import { AppError, fail, FieldFailure } from '../../../core/errors.ts';
import type { DbOrTx } from '../../../db/client.ts';
import type { RateLimit } from '../../../core/rate-limits.ts';
import { checkCaptcha, issueCaptcha } from '../../auth/index.ts';
import { CustomFormStatus, formSubmitBody, type FormSubmit } from '../../../../shared/cms/custom-form.ts';
import { id } from '../../../../shared/validators/common.ts';
import { fieldsOf, searchTextOf, validValues, XVALUE_LABELS } from '../xmodel/values.ts';
import { cmsCustomForm, cmsCustomFormData } from './schema.ts';

type Form = typeof cmsCustomForm.$inferSelect;

/** Entries from one address today (the server's day): what a form's daily limit counts. */
export async function todaysEntries(tx: DbOrTx, formId: number, ip: string, now = new Date()) {
  const since = new Date(now);
  since.setHours(0, 0, 0, 0);
  const [n] = await tx.select({ n: count() }).from(cmsCustomFormData).where(and(eq(cmsCustomFormData.formId, formId), eq(cmsCustomFormData.ip, ip), gte(cmsCustomFormData.createTime, since)));
  return Number(n?.n ?? 0);
}

/**
 * The published form of that site with that id, open now, that anyone may submit. Another site's
 * form, an unknown or offline one all read "not found": a reader learns nothing of other sites.
 */
async function openForm(tx: DbOrTx, siteId: number, formId: number, opts: { lock?: boolean } = {}, now = new Date()): Promise<Form> {
  const mine = tx.select().from(cmsCustomForm).where(and(eq(cmsCustomForm.formId, formId), eq(cmsCustomForm.siteId, siteId), eq(cmsCustomForm.status, CustomFormStatus.PUBLISHED)));
  // Locked for the submission's transaction: concurrent submissions of one form count the day's
  // entries one after the other, so the limit holds however many arrive at once.
  const [form] = await (opts.lock ? mine.for('update') : mine);
  if (!form) throw fail('customform.notFound');
  if (form.openTime && form.openTime > now) throw fail('customform.notOpen');
  if (form.closeTime && form.closeTime <= now) throw fail('customform.closed');
  // Members do not exist yet (their issue is open): a members-only form refuses everyone until then.
  if (form.submitters === 'members') throw fail('customform.membersOnly');
  return form;
}

/**
 * A reader's submission, in one transaction: the form open, the captcha (when asked), the day's
 * limit for the address, then every field checked against the model (rich text sanitized as an
 * article body is; files are not taken yet), stored with the address.
 */
async function submit(tx: DbOrTx, body: FormSubmit, ip: string): Promise<{ entryId: number }> {
  const form = await openForm(tx, body.siteId, body.formId, { lock: true });
  if (form.needCaptcha === 'Y') {
    try {
      await checkCaptcha(tx, body.code, body.uuid);
    } catch (e) {
      if (e instanceof AppError) throw fail('customform.captcha');
      throw e;
    }
  }
  if (form.dailyLimit > 0 && (await todaysEntries(tx, form.formId, ip)) >= form.dailyLimit) throw fail('customform.overLimit', { max: form.dailyLimit });
  const fields = await fieldsOf(tx, form.modelId);
  const withFile = fields.find((f) => (f.fieldType === 'file' || f.fieldType === 'image') && body.data[f.code] !== undefined && body.data[f.code] !== '');
  if (withFile) throw new FieldFailure([{ field: withFile.label, key: 'xFileRefused', params: {} }], XVALUE_LABELS);
  const values = await validValues(tx, fields, body.data);
  const [row] = await tx.insert(cmsCustomFormData).values({ siteId: form.siteId, formId: form.formId, values, search: searchTextOf(fields.map((f) => ({ ...f, searchable: 'Y' })), values), ip, createBy: '' }).returning({ entryId: cmsCustomFormData.entryId });
  return { entryId: row!.entryId };
}

/** A reader's checked submission stored, in its own transaction (every query on its handle). */
export const submitEntry = (db: DbOrTx, body: FormSubmit, ip: string) => db.transaction((tx) => submit(tx, body, ip));

/** A captcha for a form that asks for one (the form published and open), else `captchaEnabled: false`. */
export async function captchaFor(db: DbOrTx, siteId: number, formId: number) {
  const form = await openForm(db, siteId, formId);
  if (form.needCaptcha !== 'Y') return { captchaEnabled: false };
  return issueCaptcha(db);
}

/** The public routes' throttles, the same on both servers. */
export const SUBMIT_LIMITS: readonly RateLimit[] = [{ name: 'formSubmitPerIp', per: 'ip' }];
export const CAPTCHA_LIMITS: readonly RateLimit[] = [{ name: 'captchaPerIp', per: 'ip' }];

/**
 * What a published page's reader calls, without any console session (a token sent along is not
 * read): the captcha of a form that asks for one, and the submission. Both are throttled per address.
 */
export const publicRoutes: AnyRoute[] = [
  defineRoute({
    method: 'GET', url: '/api/customform/captcha', perm: 'public',
    query: z.object({ siteId: id(), formId: id() }),
    limits: CAPTCHA_LIMITS,
    handler: ({ db, query }) => captchaFor(db, query.siteId, query.formId),
  }),
  defineRoute({
    method: 'POST', url: '/api/customform/submit', perm: 'public', body: formSubmitBody, log: false, allowRepeat: true,
    limits: SUBMIT_LIMITS,
    handler: ({ db, body, ip }) => submitEntry(db, body, ip),
  }),
];
