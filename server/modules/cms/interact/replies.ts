import { z } from 'zod';
import { pageOf, selectedRow } from '../../../core/row-schema.ts';
import { cmsContent } from '../content/schema.ts';
import { cmsMember } from '../member/schema.ts';

/**
 * The replies of the readers' likes, favorites and follows (PublicRoute `reply`: published in the
 * OpenAPI document, checked against every reply in the tests).
 */

/** A like (cancel): whether it stands now, and the content's count. */
export const likedReply = z.strictObject({ liked: z.boolean(), count: z.int().min(0) });
export const favoritedReply = z.strictObject({ favorited: z.boolean(), count: z.int().min(0) });

/** `…/check`: whether the member liked (favorited) the content. */
export const reactedReply = z.boolean();

export const followedReply = z.strictObject({ followed: z.boolean() });

/** `check_follow`: per member id asked, whether the member follows them. */
export const followedOfReply = z.record(z.string().regex(/^\d+$/), z.boolean());

/** `followers` / `follows`: members by their public names. */
export const followListReply = pageOf(selectedRow({ uid: cmsMember.memberId, signature: cmsMember.signature }).extend({
  nickName: z.string().nullable(),
  avatar: z.string().nullable(),
  time: z.string(),
}));

/** `/api/cms/member/:uid/likes|favorites`: the published contents, when liked (`time`). */
export const memberContentsReply = pageOf(selectedRow({
  contentId: cmsContent.contentId, siteId: cmsContent.siteId, catalogId: cmsContent.catalogId, contentType: cmsContent.contentType, title: cmsContent.title,
  logo: cmsContent.logo, summary: cmsContent.summary, likeCount: cmsContent.likeCount, favoriteCount: cmsContent.favoriteCount,
  commentCount: cmsContent.commentCount, viewCount: cmsContent.viewCount,
}).extend({ publishDate: z.string(), time: z.string() }));
