import { and, count, eq, gte } from 'drizzle-orm';
import type { CmsEvents } from '../../../core/cms-events.ts';
import { z } from 'zod';
import { defineRoute, type AnyRoute } from '../../../core/route.ts';
import { AppError, fail, FieldFailure } from '../../../core/errors.ts';
import type { DbOrTx } from '../../../db/client.ts';
import type { RateLimit } from '../../../core/rate-limits.ts';
import { captchaReply, checkCaptcha, issueCaptcha } from '../../auth/index.ts';
import { CustomFormStatus, formSubmitBody, type FormSubmit } from '../../../../shared/cms/custom-form.ts';
import { id } from '../../../../shared/validators/common.ts';
import { fieldsOf, searchTextOf, validValues, XVALUE_LABELS } from '../xmodel/values.ts';
import { cmsCustomForm, cmsCustomFormData } from './schema.ts';
import { checkFormFiles } from './uploads.ts';
import { applyFormWordRules } from '../word/on-save.ts';

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
 * article body is; files, sent as multipart only, sniffed and stored in the site's storage), stored
 * with the address. A file stored for an entry that then fails is removed.
 */
async function submit(tx: DbOrTx, dataDir: string, body: FormSubmit, ip: string, captchaPassed: boolean, events?: CmsEvents): Promise<{ entryId: number }> {
  const form = await openForm(tx, body.siteId, body.formId, { lock: true });
  // The form as the transaction sees it may have started asking for a captcha since it was checked.
  if (form.needCaptcha === 'Y' && !captchaPassed) throw fail('customform.captcha');
  if (form.dailyLimit > 0 && (await todaysEntries(tx, form.formId, ip)) >= form.dailyLimit) throw fail('customform.overLimit', { max: form.dailyLimit });
  const fields = await fieldsOf(tx, form.modelId);
  const isFile = (f: { fieldType: string }) => f.fieldType === 'file' || f.fieldType === 'image';
  // Every field checked before anything is written: the text fields by the model's rules, the files by their bytes.
  let values: Record<string, unknown> = {};
  let issues: FieldFailure['issues'] = [];
  try {
    values = await validValues(tx, fields.filter((f) => !isFile(f)), body.data);
  } catch (e) {
    if (!(e instanceof FieldFailure)) throw e;
    issues = e.issues;
  }
  const files = await checkFormFiles(tx, dataDir, form.siteId, fields.filter(isFile), body.data);
  const order = fields.map((f) => f.label);
  issues = [...issues, ...files.issues].sort((a, b) => order.indexOf(a.field) - order.indexOf(b.field));
  if (issues.length) throw new FieldFailure(issues, XVALUE_LABELS);
  // The site's sensitive-word rule, as on content saves (both the API route and the sites' own origin come here).
  await applyFormWordRules(tx, form.siteId, fields.filter((f) => !isFile(f)), values, XVALUE_LABELS);
  const stored = await files.store();
  values = Object.fromEntries(fields.map((f) => [f.code, isFile(f) ? stored.values[f.code] ?? null : values[f.code] ?? null]));
  let row: { entryId: number } | undefined;
  try {
    [row] = await tx.insert(cmsCustomFormData).values({ siteId: form.siteId, formId: form.formId, values, search: searchTextOf(fields.filter((f) => !isFile(f)).map((f) => ({ ...f, searchable: 'Y' })), values), ip, createBy: '' }).returning({ entryId: cmsCustomFormData.entryId });
  } catch (err) {
    await stored.undo();
    throw err;
  }
  // The message pushers subscribed to submissions are told, in this transaction.
  await events?.emit(tx, { type: 'FormSubmitted', siteId: form.siteId, params: { form: form.name, entryId: row!.entryId }, link: `/admin/operations/customform/data?formId=${form.formId}` });
  return { entryId: row!.entryId };
}

/** A reader's checked submission stored, in its own transaction (every query on its handle). */
export async function submitEntry(db: DbOrTx, dataDir: string, body: FormSubmit, ip: string, events?: CmsEvents) {
  // The captcha is checked before the transaction, so a wrong answer spends the image (checkCaptcha
  // deletes it): inside, the refusal would roll the deletion back and one image would take guess
  // after guess.
  let captchaPassed = false;
  if ((await openForm(db, body.siteId, body.formId)).needCaptcha === 'Y') {
    try {
      await checkCaptcha(db, body.code, body.uuid);
    } catch (e) {
      if (e instanceof AppError) throw fail('customform.captcha');
      throw e;
    }
    captchaPassed = true;
  }
  return db.transaction((tx) => submit(tx, dataDir, body, ip, captchaPassed, events));
}

/** A captcha for a form that asks for one (the form published and open), else `captchaEnabled: false`. */
export async function captchaFor(db: DbOrTx, siteId: number, formId: number) {
  const form = await openForm(db, siteId, formId);
  if (form.needCaptcha !== 'Y') return { captchaEnabled: false };
  return issueCaptcha(db);
}

/** A stored submission's id (the API's route and the sites' own origin alike). */
export const submittedEntryReply = z.object({ entryId: z.int() });

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
    reply: captchaReply,
    handler: ({ db, query }) => captchaFor(db, query.siteId, query.formId),
  }),
  defineRoute({
    method: 'POST', url: '/api/customform/submit', perm: 'public', body: formSubmitBody, log: false, allowRepeat: true,
    limits: SUBMIT_LIMITS,
    reply: submittedEntryReply,
    handler: ({ db, body, ip, services }) => submitEntry(db, services.config.dataDir, body, ip, services.events),
  }),
];
