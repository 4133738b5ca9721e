import { grantExp } from '../member/exp.ts';
import type { CmsEvents } from '../../../core/cms-events.ts';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { AppError, fail, failAt, FieldFailure, ReplyCode } from '../../../core/errors.ts';
import { checkCaptcha } from '../../auth/index.ts';
import { id } from '../../../../shared/validators/common.ts';
import { v } from '../../../../shared/validators/issues.ts';
import type { MemberCaller } from '../member/session.ts';
import { applyWordRules, wordSettingsOf } from '../word/on-save.ts';
import { cmsComment } from './schema.ts';
import { commentSource, recountComments, SOURCE_TYPE_NAMES } from './source.ts';

/** The most a comment may hold whatever a site's setting says (CommentMaxLength is at most 5000). */
const HARD_MAX = 5000;

/**
 * ChestnutCMS's SubmitCommentDTO: the source, the text, and for a reply the comment answered
 * (`parentId`: a top-level comment or a reply under one; ChestnutCMS's `commentId` is taken too).
 * An anonymous reader, where the site allows it, sends the captcha's `uuid` and `code`.
 */
/** A form's empty input (no reply chosen, no captcha) is no value. */
const blank = (x: unknown) => (x === '' || x === null ? undefined : x);
const sourceTypes = Object.keys(SOURCE_TYPE_NAMES) as [string, ...string[]];

export const submitCommentBody = z.object({
  sourceType: z.enum(sourceTypes, { error: v('invalid') }).default('cms_content').transform((t) => SOURCE_TYPE_NAMES[t]!),
  sourceId: id(),
  content: z.string({ error: v('required') }).max(HARD_MAX * 2, v('tooLong', { max: HARD_MAX })),
  parentId: z.preprocess(blank, id().optional()),
  commentId: z.preprocess(blank, id().optional()),
  code: z.preprocess(blank, z.string().max(10).optional()),
  uuid: z.preprocess(blank, z.string().max(64).optional()),
});
export type SubmitComment = z.output<typeof submitCommentBody>;

/** Who submits: the signed-in member or an anonymous reader, with what the request tells of them. */
export interface CommentAuthor {
  member: MemberCaller | null;
  /** the site the request named, if any: a content of another site is not found */
  siteId?: number | null;
  ip: string;
  userAgent: string;
}

/** PC or Mobile, as ChestnutCMS records the client. */
export const clientTypeOf = (userAgent: string) => (/Mobi|Android|iPhone|iPad|HarmonyOS/i.test(userAgent) ? 'Mobile' : 'PC');

/**
 * A reader's comment or reply, in one transaction. The content must be published (its stored site
 * is the comment's); the site's settings decide: comments off → refused; members only → a member
 * token needed (401), else an anonymous reader passes the captcha; the text's length; the site's
 * sensitive-word rule (refused or masked, as for form entries); audited first or shown at once.
 * The text is kept as typed (trimmed): it is never HTML, and every page shows it as text.
 */
export async function submitComment(db: Db, body: SubmitComment, author: CommentAuthor, events?: CmsEvents) {
  // An anonymous reader's captcha is checked before the transaction, so a wrong answer spends the
  // image (checkCaptcha deletes it): inside, the refusal would roll the deletion back and the same
  // image would take guess after guess.
  let captchaPassed = false;
  if (!author.member) {
    const { settings } = await commentSource(db, body.sourceId, { siteId: author.siteId });
    if (settings.enabled && !settings.needLogin) {
      try {
        await checkCaptcha(db, body.code, body.uuid);
      } catch (e) {
        // Named as the answer's field, so the page marks and focuses it.
        if (e instanceof AppError) throw failAt('code', 'comment.captcha');
        throw e;
      }
      captchaPassed = true;
    }
  }
  return db.transaction(async (tx) => {
    const source = await commentSource(tx, body.sourceId, { siteId: author.siteId, lock: true });
    const { settings } = source;
    if (!settings.enabled) throw fail('comment.disabled');
    // The settings again, as the transaction sees them (they may have changed since the captcha).
    if (!author.member && settings.needLogin) throw new AppError('comment.needLogin', {}, ReplyCode.UNAUTHORIZED);
    if (!author.member && !captchaPassed) throw failAt('code', 'comment.captcha');
    const values = { content: body.content.trim() };
    if (!values.content) throw new FieldFailure([{ field: 'content', key: 'required', params: {} }], 'comment');
    const max = Math.min(settings.maxLength, HARD_MAX);
    if ([...values.content].length > max) throw new FieldFailure([{ field: 'content', key: 'tooLong', params: { max } }], 'comment');
    const words = await wordSettingsOf(tx, source.siteId);
    // Readers' words are checked, not corrected (as form entries are).
    await applyWordRules(tx, { ...words, ErrorProneWordCheck: 'N' }, [{ field: 'content', html: false, get: () => values.content, set: (s) => { values.content = s; } }], 'comment');

    const answered = body.parentId ?? body.commentId;
    let parentId = 0;
    let replyId: number | null = null;
    let replyUid: number | null = null;
    if (answered) {
      const [to] = await tx.select().from(cmsComment).where(and(eq(cmsComment.commentId, answered), eq(cmsComment.sourceType, body.sourceType), eq(cmsComment.sourceId, source.contentId), eq(cmsComment.auditStatus, '1'), eq(cmsComment.delFlag, 'N')));
      if (!to) throw fail('comment.notFound');
      // Two levels, as ChestnutCMS shows them: a reply to a reply is listed under the same top-level comment.
      parentId = to.parentId || to.commentId;
      replyId = to.commentId;
      replyUid = to.uid;
    }
    const now = new Date();
    const [row] = await tx.insert(cmsComment).values({
      siteId: source.siteId, sourceType: body.sourceType, sourceId: source.contentId, parentId, replyId, replyUid,
      uid: author.member?.memberId ?? null, content: values.content,
      auditStatus: settings.needAudit ? '0' : '1', auditTime: settings.needAudit ? null : now, commentTime: now,
      ip: author.ip.slice(0, 128), clientType: clientTypeOf(author.userAgent), userAgent: author.userAgent.slice(0, 300),
    }).returning();
    if (!settings.needAudit) await recountComments(tx, body.sourceType, source.contentId, [parentId]);
    // Without audit, a member's comment earns its experience now (else when an audit passes it: moderate.ts).
    if (!settings.needAudit && author.member) await grantExp(tx, author.member.memberId, 'comment', now);
    // One awaiting review: the message pushers subscribed to it are told, in this transaction.
    if (settings.needAudit) await events?.emit(tx, { type: 'CommentPending', siteId: source.siteId, params: { title: source.title, comment: values.content }, link: '/admin/operations/comment' });
    return { commentId: row!.commentId, parentId, auditStatus: row!.auditStatus, needAudit: settings.needAudit };
  });
}
