import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { resourceOperations, type ResourceHooks } from '../../../core/resource.ts';
import { routesOf } from '../../../core/resource-routes.ts';
import { defineRoute, noData, type AnyRoute } from '../../../core/route.ts';
import { fail } from '../../../core/errors.ts';
import { readOf, writeOf, type SiteOp, type SiteRef } from '../../../core/operation.ts';
import { id, requiredText } from '../../../../shared/validators/common.ts';
import { MAILBOX_AUDIT, MAILBOX_LIMITS, MailboxReview, mailboxResource } from '../../../../shared/resources/cms/mailbox.ts';
import { sendToChannel, SendFailure } from '../../messaging/index.ts';
import { editsSite } from '../site/current.ts';
import { cmsMailbox } from './schema.ts';

const API = mailboxResource.api;
/** Reviewing a message and answering it: the Review button's key (menu 3221). */
const AUDIT = MAILBOX_AUDIT;
const LOG = { title: mailboxResource.title } as const;

/** A site's messages are part of the site: deleting them needs Edit on it, reading them View. */
const access: ResourceHooks<SiteRef>['access'] = { remove: editsSite };

/** The mailbox of the current site: list (by review status), one message, delete. Readers add them (public-routes.ts). */
export const mailbox = resourceOperations<SiteRef>(mailboxResource, cmsMailbox, { siteColumn: 'siteId', access });

/** Messages of the current site by id, every one of them, else "not found" (nothing is changed). */
async function messagesOf(op: SiteOp, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  const rows = await op.tx.select().from(cmsMailbox).where(and(eq(cmsMailbox.siteId, op.site.siteId), inArray(cmsMailbox.mailboxId, unique)));
  if (rows.length !== unique.length) throw fail('mailbox.notFound');
  return rows;
}

export const reviewBody = z.object({
  mailboxIds: z.array(id()).min(1).max(1000),
  reviewStatus: z.enum([MailboxReview.UNREVIEWED, MailboxReview.REVIEWED]),
});

/** Marks messages reviewed, or back to unreviewed (spec §4: both ways; the console asks first). */
export async function setReview(op: SiteOp, body: z.output<typeof reviewBody>): Promise<number> {
  const rows = await messagesOf(op, body.mailboxIds);
  const reviewed = body.reviewStatus === MailboxReview.REVIEWED;
  await op.tx.update(cmsMailbox).set({
    reviewStatus: body.reviewStatus,
    reviewBy: reviewed ? op.actor.userName : null,
    reviewTime: reviewed ? new Date() : null,
    updateBy: op.actor.userName, updateTime: new Date(),
  }).where(inArray(cmsMailbox.mailboxId, rows.map((r) => r.mailboxId)));
  return rows.length;
}

export const replyBody = z.object({
  mailboxId: id(),
  /** empty: "Re: <the message's subject>" in the replier's language */
  subject: z.string().trim().max(MAILBOX_LIMITS.title).optional(),
  content: requiredText(MAILBOX_LIMITS.reply),
});

/**
 * Answers a message by e-mail through the messaging platform's default e-mail config (System →
 * Messaging), to the address the reader left; the reply is kept on the message and the message
 * counts as reviewed. Nothing is recorded when the mail does not go out (the reason is said).
 */
export async function replyByMail(op: SiteOp, body: z.output<typeof replyBody>): Promise<void> {
  const [msg] = await messagesOf(op, [body.mailboxId]);
  if (!msg!.email) throw fail('mailbox.noEmail');
  const subject = body.subject || op.t('mailbox.replySubject', { title: msg!.title });
  try {
    await sendToChannel(op.services.db, 'email', { subject, text: body.content, to: msg!.email }, { allowedHosts: op.services.config.messagingAllowedHosts });
  } catch (err) {
    const reason = err instanceof SendFailure ? op.t(err.key, err.params) : String(err);
    throw fail('mailbox.replyFailed', { reason });
  }
  const now = new Date();
  await op.services.db.update(cmsMailbox).set({
    replyContent: body.content, replyBy: op.actor.userName, replyTime: now,
    reviewStatus: MailboxReview.REVIEWED, reviewBy: msg!.reviewBy ?? op.actor.userName, reviewTime: msg!.reviewTime ?? now,
    updateBy: op.actor.userName, updateTime: now,
  }).where(eq(cmsMailbox.mailboxId, msg!.mailboxId));
}

export const routes: AnyRoute[] = [
  ...routesOf(mailbox),
  defineRoute({
    method: 'PUT', url: `${API}/review`, perm: AUDIT, site: true, body: reviewBody, log: { ...LOG, type: 'UPDATE' }, grants: [editsSite],
    reply: z.number().int().min(0),
    handler: (ctx) => writeOf(ctx, (op) => setReview(op as SiteOp, ctx.body)),
  }),
  defineRoute({
    method: 'POST', url: `${API}/reply`, perm: AUDIT, site: true, body: replyBody, log: { ...LOG, type: 'OTHER' }, grants: [editsSite],
    // A read context: no transaction stays open while the mail server answers.
    reply: noData,
    handler: (ctx) => replyByMail(readOf(ctx) as SiteOp, ctx.body),
  }),
];
