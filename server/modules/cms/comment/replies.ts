import { z } from 'zod';
import { pageOf, rowSchemaOf, selectedRow } from '../../../core/row-schema.ts';
import { captchaReply } from '../../auth/index.ts';
import { cmsComment } from './schema.ts';

/**
 * The replies of the comment routes (RouteSpec and PublicRoute `reply`: published in the OpenAPI
 * document, checked against every reply in the tests).
 */

/** A comment as readers get it (reader.ts): its author's public name, never an address; times as text. */
const readerComment = selectedRow({
  commentId: cmsComment.commentId, parentId: cmsComment.parentId, replyId: cmsComment.replyId, sourceType: cmsComment.sourceType, sourceId: cmsComment.sourceId,
  uid: cmsComment.uid, replyUid: cmsComment.replyUid, content: cmsComment.content, likeCount: cmsComment.likeCount, replyCount: cmsComment.replyCount,
  location: cmsComment.location, clientType: cmsComment.clientType,
}).extend({
  nickName: z.string().nullable(),
  replyNickName: z.string().nullable(),
  avatar: z.string().nullable(),
  commentTime: z.string().describe('local time, to the second'),
  createTime: z.iso.datetime(),
});

/** A page of the readers' lists (`limit`/`offset`), and whether more follow. */
const readerPageOf = (row: z.ZodType) => z.object({ total: z.int().min(0), hasMore: z.boolean(), rows: z.array(row) });

/** `/api/comment/{type}/{dataId}`: top-level comments, each with its first replies. */
export const sourceCommentsReply = readerPageOf(readerComment.extend({ replies: z.array(readerComment) }));
/** `/api/comment/reply/{commentId}`: the replies under a comment, flat. */
export const commentRepliesReply = readerPageOf(readerComment);
/** `/api/comment/user/{uid}`: a member's comments, with the title of the content each is on. */
export const memberCommentsReply = readerPageOf(readerComment.extend({ sourceTitle: z.string().nullable() }));

/** `/api/comment/submit`: the new comment, and whether it waits for an audit. */
export const submittedCommentReply = z.object({
  commentId: z.int(), parentId: z.int(), auditStatus: z.string(), needAudit: z.boolean(),
});

/** `/api/comment/captcha`: an image, or none where members only (or nobody) may comment. */
export const commentCaptchaReply = captchaReply;

export const commentLikedReply = z.strictObject({ liked: z.literal(true), likeCount: z.int().min(0) });
/** `/api/comment/liked`: which of the comments asked the member liked. */
export const likedCommentsReply = z.array(z.int());
export const deletedCommentReply = z.strictObject({ deleted: z.int() });

/** The console's `/comment/reply/{commentId}`: the replies as stored, with names and the content's title. */
export const consoleRepliesReply = pageOf(rowSchemaOf(cmsComment).extend({
  sourceTitle: z.string(),
  nickName: z.string(),
  replyNickName: z.string(),
  commentTime: z.string(),
  auditTime: z.string().describe('empty when not audited'),
  deleteTime: z.string().describe('empty unless deleted'),
}));
