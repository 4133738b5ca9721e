import { z } from 'zod';
import type { CmsEvents } from '../../../core/cms-events.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { AppError, failAt } from '../../../core/errors.ts';
import { checkCaptcha, issueCaptcha } from '../../auth/index.ts';
import { email, requiredText } from '../../../../shared/validators/common.ts';
import { v } from '../../../../shared/validators/issues.ts';
import { MAILBOX_LIMITS, mailboxResource } from '../../../../shared/resources/cms/mailbox.ts';
import { applyWordRules, wordSettingsOf } from '../word/on-save.ts';
import { cmsMailbox } from './schema.ts';

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((x) => (typeof x === 'string' && !x.trim() ? undefined : x), schema.optional());
/**
 * A phone number as readers write one, from anywhere: digits with spaces, dashes, dots or
 * brackets, a leading +. Not the console's mainland-mobile rule: a landline, a Taiwan or a
 * foreign number is a way to answer too.
 */
const READER_PHONE = /^\+?[\d(][\d\s().-]{3,28}\d$/;

/** A reader's "contact us" message as the public API takes it (labels: the Mailbox screen's). */
export const mailboxSubmitBody = z.object({
  title: requiredText(MAILBOX_LIMITS.title),
  name: requiredText(MAILBOX_LIMITS.name),
  phone: optional(z.string().trim().max(MAILBOX_LIMITS.phone, v('tooLong')).regex(READER_PHONE, v('invalid'))),
  email: optional(email().max(MAILBOX_LIMITS.email)),
  content: requiredText(MAILBOX_LIMITS.content),
  /** the captcha's answer and id (GET /api/mailbox/captcha) */
  code: z.string().max(10).optional(),
  uuid: z.string().max(64).optional(),
});
export type MailboxSubmit = z.output<typeof mailboxSubmitBody>;

/** Who sends a message: the site it is for (named by the request), the address, the member if signed in. */
export interface MailboxSender {
  siteId: number;
  ip: string;
  memberId?: number | null;
}

/**
 * Stores a reader's message, in one transaction: the captcha first (one guess per image, as custom
 * forms'), a way to answer (phone or e-mail), the site's sensitive-word rule over the texts (refused
 * or masked as the site says; readers' words are not corrected), then the row, unreviewed. Every
 * value is kept as typed, plain text: nothing is interpreted as HTML here or in the console.
 */
export async function submitMessage(db: DbOrTx, body: MailboxSubmit, from: MailboxSender, events?: CmsEvents): Promise<{ mailboxId: number }> {
  // Consumed outside the message's transaction: a refusal after it (a sensitive word) rolls the
  // message back, never the captcha's use, so a captcha allows one try whatever follows. The
  // refusal names the answer's field, so the form puts the reader back in it.
  try {
    await checkCaptcha(db, body.code, body.uuid);
  } catch (e) {
    if (e instanceof AppError) throw failAt('code', 'mailbox.captcha');
    throw e;
  }
  return db.transaction(async (tx) => {
    if (!body.phone && !body.email) throw failAt('email', 'mailbox.contactRequired');
    const values: Record<string, unknown> = { title: body.title, name: body.name, content: body.content };
    const settings = await wordSettingsOf(tx, from.siteId);
    const field = (key: string) => ({ field: key, html: false, get: () => values[key], set: (v: string) => { values[key] = v; } });
    await applyWordRules(tx, { ...settings, ErrorProneWordCheck: 'N' }, ['title', 'name', 'content'].map(field), mailboxResource.name);
    const [row] = await tx.insert(cmsMailbox).values({
      siteId: from.siteId,
      title: String(values.title), name: String(values.name), content: String(values.content),
      phone: body.phone ?? null, email: body.email ?? null,
      ip: from.ip, memberId: from.memberId ?? null, createBy: '',
    }).returning({ mailboxId: cmsMailbox.mailboxId });
    // Every message starts unreviewed: the message pushers subscribed to it are told, in this transaction.
    await events?.emit(tx, { type: 'MailboxPending', siteId: from.siteId, params: { title: String(values.title), name: String(values.name), content: String(values.content) }, link: '/admin/operations/mailbox' });
    return { mailboxId: row!.mailboxId };
  });
}

/** A captcha for the mailbox form (always asked: the form is open to anyone). */
export const mailboxCaptcha = (db: DbOrTx) => issueCaptcha(db);
