import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { fail } from '../../../core/errors.ts';
import { formatDateTime } from '../../../../shared/format.ts';
import { v } from '../../../../shared/validators/issues.ts';
import { cmsMember } from '../member/schema.ts';
import { avatarUrl } from '../member/avatar.ts';
import { cmsContent } from '../content/schema.ts';
import { cmsComment, cmsCommentLike } from './schema.ts';
import { lockContentRow, recountComments, visibleComment } from './source.ts';

/** ChestnutCMS's paging of the readers' lists (`limit`, `offset`), and our order: newest or hottest. */
export const readerPage = z.object({
  limit: z.coerce.number({ error: v('invalid') }).int(v('invalid')).min(1, v('range', { min: 1, max: 50 })).max(50, v('range', { min: 1, max: 50 })).default(10),
  offset: z.coerce.number({ error: v('invalid') }).int(v('invalid')).min(0, v('range', { min: 0, max: 100000 })).max(100000, v('range', { min: 0, max: 100000 })).default(0),
  sort: z.enum(['new', 'hot'], { error: v('invalid') }).default('new'),
});
export type ReaderPage = z.output<typeof readerPage>;

const author = alias(cmsMember, 'author');
const answered = alias(cmsMember, 'answered');

/** A comment as readers get it: its text as text, its author's public name, never an address. */
const readerColumns = {
  commentId: cmsComment.commentId,
  parentId: cmsComment.parentId,
  replyId: cmsComment.replyId,
  sourceType: cmsComment.sourceType,
  sourceId: cmsComment.sourceId,
  uid: cmsComment.uid,
  nickName: sql<string | null>`coalesce(nullif(${author.nickName}, ''), ${author.userName})`,
  avatar: author.avatar,
  replyUid: cmsComment.replyUid,
  replyNickName: sql<string | null>`coalesce(nullif(${answered.nickName}, ''), ${answered.userName})`,
  content: cmsComment.content,
  likeCount: cmsComment.likeCount,
  replyCount: cmsComment.replyCount,
  location: cmsComment.location,
  clientType: cmsComment.clientType,
  commentTime: cmsComment.commentTime,
};

async function pageOf(db: DbOrTx, where: SQL | undefined, page: ReaderPage, extra: Record<string, SQL> = {}) {
  const order = page.sort === 'hot' ? [desc(cmsComment.likeCount), desc(cmsComment.replyCount), desc(cmsComment.commentId)] : [desc(cmsComment.commentId)];
  const rows = await db.select({ ...readerColumns, ...extra }).from(cmsComment)
    .leftJoin(author, eq(author.memberId, cmsComment.uid)).leftJoin(answered, eq(answered.memberId, cmsComment.replyUid))
    .where(where).orderBy(...order).limit(page.limit).offset(page.offset);
  const [n] = await db.select({ n: count() }).from(cmsComment).where(where);
  const total = Number(n?.n ?? 0);
  return { total, hasMore: page.offset + rows.length < total, rows: rows.map(shaped) };
}

/** ChestnutCMS's time (local, to the second) and an ISO one a page's script can read anywhere. */
const shaped = <T extends { commentTime: Date; uid: number | null; avatar: string | null }>(r: T) => ({ ...r, avatar: avatarUrl(r.uid, r.avatar), commentTime: formatDateTime(r.commentTime), createTime: r.commentTime.toISOString() });

/** How many replies come with each top-level comment of a list (the rest: /api/comment/reply/{id}). */
export const REPLIES_SHOWN = 3;

/** The first visible replies of each of these top-level comments, oldest first, by parent. */
async function firstReplies(db: DbOrTx, parentIds: number[]) {
  if (!parentIds.length) return new Map<number, ReturnType<typeof shaped>[]>();
  const firsts = sql`select comment_id from (select comment_id, row_number() over (partition by parent_id order by comment_id) as rn from cms_comment
    where parent_id in (${sql.join(parentIds.map((p) => sql`${p}`), sql`, `)}) and audit_status = '1' and del_flag = 'N') x where rn <= ${REPLIES_SHOWN}`;
  const rows = await db.select(readerColumns).from(cmsComment)
    .leftJoin(author, eq(author.memberId, cmsComment.uid)).leftJoin(answered, eq(answered.memberId, cmsComment.replyUid))
    .where(sql`${cmsComment.commentId} in (${firsts})`).orderBy(cmsComment.commentId);
  const by = new Map<number, ReturnType<typeof shaped>[]>();
  for (const r of rows) (by.get(r.parentId) ?? by.set(r.parentId, []).get(r.parentId)!).push(shaped(r));
  return by;
}

/**
 * The top-level comments readers see on a content (`/api/comment/{type}/{dataId}`), each with its
 * first REPLIES_SHOWN replies (`replies`) and its replyCount for a "more replies" link.
 */
export async function sourceComments(db: DbOrTx, sourceType: string, sourceId: number, page: ReaderPage) {
  const out = await pageOf(db, and(eq(cmsComment.sourceType, sourceType), eq(cmsComment.sourceId, sourceId), eq(cmsComment.parentId, 0), visibleComment), page);
  const replies = await firstReplies(db, out.rows.map((r) => r.commentId));
  return { ...out, rows: out.rows.map((r) => ({ ...r, replies: replies.get(r.commentId) ?? [] })) };
}

/**
 * A comment readers may reach by its id: visible, on a content that is published and live (a
 * content taken offline or recycled takes its comments with it, as its list does), and on the
 * site the request named when it named one (the stored row's site decides).
 */
const reachable = (siteId: number | null | undefined) => and(
  visibleComment,
  sql`exists (select 1 from cms_content c where c.content_id = ${cmsComment.sourceId} and c.status = '30' and c.recycle_time is null)`,
  siteId == null ? undefined : eq(cmsComment.siteId, siteId),
);

/** The replies under a top-level comment readers see, flat, each naming whom it answers. */
export async function commentReplies(db: DbOrTx, commentId: number, page: ReaderPage, siteId: number | null = null) {
  const [top] = await db.select({ id: cmsComment.commentId }).from(cmsComment).where(and(eq(cmsComment.commentId, commentId), eq(cmsComment.parentId, 0), reachable(siteId)));
  if (!top) throw fail('comment.notFound');
  return pageOf(db, and(eq(cmsComment.parentId, commentId), visibleComment), page);
}

/** A member's comments readers see (on the site named, when one is), with the content each is on (`/api/comment/user/{uid}`). */
export const memberComments = (db: DbOrTx, uid: number, page: ReaderPage, siteId: number | null = null) =>
  pageOf(db, and(eq(cmsComment.uid, uid), reachable(siteId)), page, { sourceTitle: sql<string | null>`(select title from cms_content c where c.content_id = ${cmsComment.sourceId} and ${cmsComment.sourceType} = 'cms_content')` });

/**
 * A member likes a comment they can reach, once: the key refuses a second row, and the comment's
 * likeCount moves only when this insert took effect, in its transaction (exact however many
 * arrive at once). A repeated like answers as the first did.
 */
export async function likeComment(db: Db, memberId: number, commentId: number, siteId: number | null = null) {
  return db.transaction(async (tx) => {
    const [c] = await tx.select({ id: cmsComment.commentId }).from(cmsComment).where(and(eq(cmsComment.commentId, commentId), reachable(siteId)));
    if (!c) throw fail('comment.notFound');
    const added = await tx.insert(cmsCommentLike).values({ commentId, uid: memberId }).onConflictDoNothing().returning({ id: cmsCommentLike.commentId });
    const [row] = added.length
      ? await tx.update(cmsComment).set({ likeCount: sql`${cmsComment.likeCount} + 1` }).where(eq(cmsComment.commentId, commentId)).returning({ likeCount: cmsComment.likeCount })
      : await tx.select({ likeCount: cmsComment.likeCount }).from(cmsComment).where(eq(cmsComment.commentId, commentId));
    return { liked: true, likeCount: row!.likeCount };
  });
}

/** A member deletes a comment of their own (marked deleted: the console can recover it); the counts follow. */
export async function deleteOwnComment(db: Db, memberId: number, commentId: number) {
  return db.transaction(async (tx) => {
    const [peek] = await tx.select({ sourceId: cmsComment.sourceId }).from(cmsComment).where(eq(cmsComment.commentId, commentId));
    if (!peek) throw fail('comment.notFound');
    await lockContentRow(tx, peek.sourceId);
    const [c] = await tx.update(cmsComment).set({ delFlag: 'Y', deleteTime: new Date() })
      .where(and(eq(cmsComment.commentId, commentId), eq(cmsComment.uid, memberId), eq(cmsComment.delFlag, 'N')))
      .returning({ sourceType: cmsComment.sourceType, sourceId: cmsComment.sourceId, parentId: cmsComment.parentId });
    // Another member's comment reads as none: nothing about it is revealed.
    if (!c) throw fail('comment.notFound');
    await recountComments(tx, c.sourceType, c.sourceId, [c.parentId]);
    return { deleted: commentId };
  });
}

/** Whether the member liked these comments (for a page marking its like buttons). */
export async function likedComments(db: DbOrTx, memberId: number, commentIds: number[]) {
  if (!commentIds.length) return [];
  const rows = await db.select({ id: cmsCommentLike.commentId }).from(cmsCommentLike).where(and(eq(cmsCommentLike.uid, memberId), inArray(cmsCommentLike.commentId, commentIds)));
  return rows.map((r) => r.id);
}

/** The source a comment list is on must be a content readers see; hidden or unknown reads as empty. */
export async function sourceVisible(db: DbOrTx, sourceId: number, siteId: number | null) {
  const [row] = await db.select({ siteId: cmsContent.siteId }).from(cmsContent).where(and(eq(cmsContent.contentId, sourceId), eq(cmsContent.status, '30'), sql`${cmsContent.recycleTime} is null`));
  return !!row && (siteId == null || row.siteId === siteId);
}
