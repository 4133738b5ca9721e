import { and, eq, inArray } from 'drizzle-orm';
import { fail, failAt } from '../../../core/errors.ts';
import type { SiteOp } from '../../../core/operation.ts';
import { cmsComment } from './schema.ts';
import { lockContentRow, recountComments } from './source.ts';
import { grantExp } from '../member/exp.ts';

export type CommentChange = { auditStatus: '1' | '2' } | { delFlag: 'Y' | 'N' };

/**
 * A console batch on the current site's comments: every id must be a stored comment of that site
 * (another site's id, or an unknown one, refuses the whole batch and changes nothing). The
 * contents they are on are locked (in id order, so two batches never wait on each other), the
 * change made, then the contents' comment counts and the top-level comments' reply counts
 * recounted in the same transaction.
 */
export async function changeComments(op: SiteOp, ids: readonly number[], change: CommentChange): Promise<number> {
  const unique = [...new Set(ids)];
  const rows = await op.tx.select({ commentId: cmsComment.commentId, sourceType: cmsComment.sourceType, sourceId: cmsComment.sourceId, parentId: cmsComment.parentId, uid: cmsComment.uid })
    .from(cmsComment).where(and(eq(cmsComment.siteId, op.site.siteId), inArray(cmsComment.commentId, unique)));
  if (rows.length !== unique.length) throw fail('resource.notFound');
  const sources = [...new Map(rows.map((r) => [`${r.sourceType}:${r.sourceId}`, r])).values()].sort((a, b) => a.sourceId - b.sourceId);
  for (const s of sources) await lockContentRow(op.tx, s.sourceId);
  // Read again under the locks: a batch that held them before us has committed its change, so a
  // comment it passed is no longer waiting here and earns its author nothing twice.
  const waiting = new Set((await op.tx.select({ commentId: cmsComment.commentId }).from(cmsComment)
    .where(and(inArray(cmsComment.commentId, unique), eq(cmsComment.auditStatus, '0')))).map((r) => r.commentId));
  const now = new Date();
  const set = 'auditStatus' in change
    ? { auditStatus: change.auditStatus, auditUser: op.actor.userName, auditTime: now }
    : { delFlag: change.delFlag, deleteTime: change.delFlag === 'Y' ? now : null };
  await op.tx.update(cmsComment).set(set).where(and(eq(cmsComment.siteId, op.site.siteId), inArray(cmsComment.commentId, unique)));
  for (const s of sources) {
    const parents = rows.filter((r) => r.sourceType === s.sourceType && r.sourceId === s.sourceId).map((r) => r.parentId || r.commentId);
    await recountComments(op.tx, s.sourceType, s.sourceId, parents);
  }
  // A member's comment earns its experience when an audit first passes it (from waiting: one that
  // was refused and later passed has had its review, and earns nothing more); a comment posted
  // without audit earned it in submit.ts.
  if ('auditStatus' in change && change.auditStatus === '1') {
    for (const r of rows) if (waiting.has(r.commentId) && r.uid) await grantExp(op.tx, r.uid, 'comment', now);
  }
  return unique.length;
}

/** The current site's comment of that id (what a console call names), or "not found". */
export async function siteComment(op: SiteOp, commentId: number) {
  const [row] = await op.tx.select().from(cmsComment).where(and(eq(cmsComment.commentId, commentId), eq(cmsComment.siteId, op.site.siteId)));
  if (!row) throw failAt('commentId', 'resource.notFound');
  return row;
}
