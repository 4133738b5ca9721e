import { grantExp } from '../member/exp.ts';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { fail } from '../../../core/errors.ts';
import { formatDateTime } from '../../../../shared/format.ts';
import { ContentStatus } from '../../../../shared/cms/content.ts';
import { cmsContent } from '../content/schema.ts';
import { cmsMember } from '../member/schema.ts';
import { avatarUrl } from '../member/avatar.ts';
import { cmsMemberFavorite, cmsMemberFollow, cmsMemberLike } from './schema.ts';

/** A like or a favorite: the table keeping who did it and the content's column counting them. */
export const REACTIONS = {
  like: { table: cmsMemberLike, counter: cmsContent.likeCount, column: 'like_count' },
  favorite: { table: cmsMemberFavorite, counter: cmsContent.favoriteCount, column: 'favorite_count' },
} as const;
export type Reaction = keyof typeof REACTIONS;

/**
 * The published, live content of that id on the site the request named (if it named one): its
 * stored site goes with the reaction. Anything else, another site's content included, is "not found".
 */
async function reactableContent(tx: DbOrTx, contentId: number, siteId: number | null | undefined) {
  const [c] = await tx.select({ contentId: cmsContent.contentId, siteId: cmsContent.siteId }).from(cmsContent)
    .where(and(eq(cmsContent.contentId, contentId), eq(cmsContent.status, ContentStatus.PUBLISHED), isNull(cmsContent.recycleTime)));
  if (!c || (siteId != null && c.siteId !== siteId)) throw fail('interact.contentNotFound');
  return c;
}

/**
 * A member likes (or favorites) a content, once: the key refuses a second row, and the content's
 * count moves by one only in the transaction whose insert took effect, so it stays exact however
 * many requests arrive at once. A repeated one answers as the first did.
 */
export async function react(db: Db, kind: Reaction, memberId: number, contentId: number, siteId?: number | null) {
  const { table, counter } = REACTIONS[kind];
  return db.transaction(async (tx) => {
    const c = await reactableContent(tx, contentId, siteId);
    const added = await tx.insert(table).values({ memberId, contentId, siteId: c.siteId }).onConflictDoNothing().returning({ id: table.contentId });
    if (added.length) {
      await tx.update(cmsContent).set({ [kind === 'like' ? 'likeCount' : 'favoriteCount']: sql`${counter} + 1` }).where(eq(cmsContent.contentId, contentId));
      // Experience within the rule's daily and total limits (which also bound a like undone and given again).
      await grantExp(tx, memberId, kind === 'like' ? 'like' : 'favorite');
    }
    return { [kind === 'like' ? 'liked' : 'favorited']: true, count: await countOf(tx, kind, contentId) };
  });
}

/** Undoes a like or favorite: the count moves only if a row was deleted (a second cancel changes nothing). */
export async function unreact(db: Db, kind: Reaction, memberId: number, contentId: number) {
  const { table, counter } = REACTIONS[kind];
  return db.transaction(async (tx) => {
    const gone = await tx.delete(table).where(and(eq(table.memberId, memberId), eq(table.contentId, contentId))).returning({ id: table.contentId });
    if (gone.length) await tx.update(cmsContent).set({ [kind === 'like' ? 'likeCount' : 'favoriteCount']: sql`greatest(${counter} - 1, 0)` }).where(eq(cmsContent.contentId, contentId));
    return { [kind === 'like' ? 'liked' : 'favorited']: false, count: await countOf(tx, kind, contentId) };
  });
}

async function countOf(tx: DbOrTx, kind: Reaction, contentId: number) {
  const [row] = await tx.select({ n: REACTIONS[kind].counter }).from(cmsContent).where(eq(cmsContent.contentId, contentId));
  return row?.n ?? 0;
}

/** Whether the member liked (favorited) that content. */
export async function reacted(db: DbOrTx, kind: Reaction, memberId: number, contentId: number) {
  const { table } = REACTIONS[kind];
  const [row] = await db.select({ id: table.contentId }).from(table).where(and(eq(table.memberId, memberId), eq(table.contentId, contentId)));
  return !!row;
}

/**
 * A member's liked or favorite contents readers may see (ChestnutCMS /api/cms/member/{uid}/likes,
 * /favorites), newest first: published, live, and on the site the request named.
 */
export async function memberContents(db: DbOrTx, kind: Reaction, memberId: number, siteId: number | null, page: { limit: number; offset: number }) {
  const { table } = REACTIONS[kind];
  const where = and(eq(table.memberId, memberId), eq(cmsContent.status, ContentStatus.PUBLISHED), isNull(cmsContent.recycleTime), siteId == null ? undefined : eq(table.siteId, siteId));
  const rows = await db.select({
    contentId: cmsContent.contentId, siteId: cmsContent.siteId, catalogId: cmsContent.catalogId, contentType: cmsContent.contentType, title: cmsContent.title,
    logo: cmsContent.logo, summary: cmsContent.summary, publishDate: cmsContent.publishDate, likeCount: cmsContent.likeCount, favoriteCount: cmsContent.favoriteCount,
    commentCount: cmsContent.commentCount, viewCount: cmsContent.viewCount, time: table.createTime,
  }).from(table).innerJoin(cmsContent, eq(cmsContent.contentId, table.contentId)).where(where).orderBy(desc(table.createTime), desc(table.contentId)).limit(page.limit).offset(page.offset);
  const [n] = await db.select({ n: count() }).from(table).innerJoin(cmsContent, eq(cmsContent.contentId, table.contentId)).where(where);
  return { total: Number(n?.n ?? 0), rows: rows.map((r) => ({ ...r, publishDate: formatDateTime(r.publishDate), time: formatDateTime(r.time) })) };
}

/** The member of that id readers may name (valid accounts only), else "not found". */
async function activeMember(tx: DbOrTx, memberId: number) {
  const [m] = await tx.select({ id: cmsMember.memberId }).from(cmsMember).where(and(eq(cmsMember.memberId, memberId), eq(cmsMember.status, '0')));
  if (!m) throw fail('interact.memberNotFound');
}

/** A member follows another, once (the key); never themselves. */
export async function follow(db: Db, memberId: number, targetId: number) {
  if (memberId === targetId) throw fail('interact.followSelf');
  return db.transaction(async (tx) => {
    await activeMember(tx, targetId);
    const added = await tx.insert(cmsMemberFollow).values({ memberId, followId: targetId }).onConflictDoNothing().returning({ id: cmsMemberFollow.followId });
    if (added.length) await grantExp(tx, memberId, 'follow');
    return { followed: true };
  });
}

export async function unfollow(db: Db, memberId: number, targetId: number) {
  await db.delete(cmsMemberFollow).where(and(eq(cmsMemberFollow.memberId, memberId), eq(cmsMemberFollow.followId, targetId)));
  return { followed: false };
}

/** Which of these members the member follows (ChestnutCMS check_follow: `targetIds` comma-separated). */
export async function followedOf(db: DbOrTx, memberId: number, targetIds: number[]) {
  if (!targetIds.length) return {};
  const rows = await db.select({ id: cmsMemberFollow.followId }).from(cmsMemberFollow).where(and(eq(cmsMemberFollow.memberId, memberId), inArray(cmsMemberFollow.followId, targetIds)));
  const on = new Set(rows.map((r) => r.id));
  return Object.fromEntries(targetIds.map((t) => [t, on.has(t)]));
}

/**
 * Those a member follows (`follows`) or who follow them (`followers`), newest first, by their
 * public names only (valid accounts).
 */
export async function followList(db: DbOrTx, memberId: number, which: 'follows' | 'followers', page: { limit: number; offset: number }) {
  const [mine, theirs] = which === 'follows' ? [cmsMemberFollow.memberId, cmsMemberFollow.followId] : [cmsMemberFollow.followId, cmsMemberFollow.memberId];
  const where = and(eq(mine, memberId), eq(cmsMember.status, '0'));
  const rows = await db.select({ uid: cmsMember.memberId, nickName: sql<string | null>`coalesce(nullif(${cmsMember.nickName}, ''), ${cmsMember.userName})`, avatar: cmsMember.avatar, signature: cmsMember.signature, time: cmsMemberFollow.createTime })
    .from(cmsMemberFollow).innerJoin(cmsMember, eq(cmsMember.memberId, theirs)).where(where).orderBy(desc(cmsMemberFollow.createTime), desc(theirs)).limit(page.limit).offset(page.offset);
  const [n] = await db.select({ n: count() }).from(cmsMemberFollow).innerJoin(cmsMember, eq(cmsMember.memberId, theirs)).where(where);
  return { total: Number(n?.n ?? 0), rows: rows.map((r) => ({ ...r, avatar: avatarUrl(r.uid, r.avatar), time: formatDateTime(r.time) })) };
}
