import { z } from 'zod';
import { fail } from '../../../core/errors.ts';
import { issueCaptcha } from '../../auth/index.ts';
import { id } from '../../../../shared/validators/common.ts';
import { v } from '../../../../shared/validators/issues.ts';
import { publicRoute, type PublicRoute } from '../public-api/route.ts';
import { submitComment, submitCommentBody } from './submit.ts';
import { commentReplies, deleteOwnComment, likeComment, likedComments, memberComments, readerPage, sourceComments, sourceVisible } from './reader.ts';
import { commentCaptchaReply, commentLikedReply, commentRepliesReply, deletedCommentReply, likedCommentsReply, memberCommentsReply, sourceCommentsReply, submittedCommentReply } from './replies.ts';
import { commentSettingsOf, SOURCE_TYPE_NAMES } from './source.ts';

const commentParam = z.object({ commentId: id() });
const sourceParams = z.object({ type: z.enum(Object.keys(SOURCE_TYPE_NAMES) as [string, ...string[]], { error: v('invalid') }).transform((t) => SOURCE_TYPE_NAMES[t]!), dataId: id() });
const uidParam = z.object({ uid: id() });
const idsQuery = z.object({ ids: z.string().max(2000).regex(/^\d+(,\d+)*$/, v('invalid')) });

/** Path parameters checked like a body (a message naming the field), since the declaration types body and query only. */
const paramsOf = <T>(schema: z.ZodType<T>, params: Record<string, string>): T => {
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw fail('comment.notFound');
  return parsed.data;
};

const WRITE_LIMITS = [{ name: 'commentPerIp', per: 'ip' }, { name: 'commentPerMember', per: 'member' }] as const;
const REACT_LIMITS = [{ name: 'reactPerMember', per: 'member' }] as const;

/**
 * The readers' comment API (ChestnutCMS /api/comment/**): submit and reply, like, delete one's own,
 * and the lists (a content's top-level comments, a comment's replies, a member's comments), paged
 * by `limit`/`offset`, newest first or `sort=hot`. The site of a comment is its content's.
 */
export const COMMENT_PUBLIC_ROUTES: readonly PublicRoute[] = [
  publicRoute({
    method: 'POST', url: '/api/comment/submit', site: 'optional', member: 'optional', limits: WRITE_LIMITS, body: submitCommentBody, fields: 'comment',
    reply: submittedCommentReply,
    handler: (call) => submitComment(call.services.db, call.body, { member: call.member, siteId: call.site?.siteId, ip: call.ip, userAgent: call.userAgent }, call.services.events),
  }),
  publicRoute({
    method: 'GET', url: '/api/comment/captcha', site: 'required',
    limits: [{ name: 'captchaPerIp', per: 'ip' }],
    reply: commentCaptchaReply,
    // A captcha only where anonymous readers may comment; members never need one.
    handler: async (call) => {
      const s = commentSettingsOf(call.site!.configProps);
      if (!s.enabled || s.needLogin) return { captchaEnabled: false };
      return issueCaptcha(call.services.db);
    },
  }),
  ...(['POST', 'PUT'] as const).map((method) => publicRoute({
    method, url: '/api/comment/like/:commentId', site: 'optional', member: 'required', limits: REACT_LIMITS,
    reply: commentLikedReply,
    handler: (call) => likeComment(call.services.db, call.member!.memberId, paramsOf(commentParam, call.params).commentId, call.site?.siteId ?? null),
  })),
  publicRoute({
    method: 'GET', url: '/api/comment/liked', site: 'optional', member: 'required', query: idsQuery, fields: 'comment',
    reply: likedCommentsReply,
    handler: (call) => likedComments(call.services.db, call.member!.memberId, call.query.ids.split(',').slice(0, 100).map(Number)),
  }),
  publicRoute({
    method: 'POST', url: '/api/comment/delete/:commentId', site: 'optional', member: 'required', limits: WRITE_LIMITS,
    reply: deletedCommentReply,
    handler: (call) => deleteOwnComment(call.services.db, call.member!.memberId, paramsOf(commentParam, call.params).commentId),
  }),
  publicRoute({
    method: 'GET', url: '/api/comment/reply/:commentId', site: 'optional', query: readerPage, fields: 'comment',
    reply: commentRepliesReply,
    handler: (call) => commentReplies(call.services.db, paramsOf(commentParam, call.params).commentId, call.query, call.site?.siteId ?? null),
  }),
  publicRoute({
    method: 'GET', url: '/api/comment/user/:uid', site: 'optional', query: readerPage, fields: 'comment',
    reply: memberCommentsReply,
    handler: (call) => memberComments(call.services.db, paramsOf(uidParam, call.params).uid, call.query, call.site?.siteId ?? null),
  }),
  publicRoute({
    method: 'GET', url: '/api/comment/:type/:dataId', site: 'optional', query: readerPage, fields: 'comment',
    reply: sourceCommentsReply,
    handler: async (call) => {
      const p = paramsOf(sourceParams, call.params);
      // A draft's, a recycled content's or another site's comments are as good as none.
      if (!(await sourceVisible(call.services.db, p.dataId, call.site?.siteId ?? null))) throw fail('comment.sourceNotFound');
      return sourceComments(call.services.db, p.type, p.dataId, call.query);
    },
  }),
];
