import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { fail } from '../../../core/errors.ts';
import { withDefaults } from '../../../../shared/cms/site-config.ts';
import { ContentStatus } from '../../../../shared/cms/content.ts';
import { cmsContent } from '../content/schema.ts';
import { cmsSite } from '../site/schema.ts';
import { cmsComment } from './schema.ts';

/** What comments are on: contents only for now (ChestnutCMS's `cms_content` source type). */
export const COMMENT_SOURCE_TYPES = ['cms_content'] as const;
export type CommentSourceType = (typeof COMMENT_SOURCE_TYPES)[number];
/** The names a request may give a source type: ChestnutCMS's, and `content` as the default theme's pages say it. */
export const SOURCE_TYPE_NAMES: Readonly<Record<string, CommentSourceType>> = { cms_content: 'cms_content', content: 'cms_content' };

/** The comment settings of a site (the Comment tab: enabled, audit first, members only, max length). */
export interface CommentSettings {
  enabled: boolean;
  needAudit: boolean;
  needLogin: boolean;
  maxLength: number;
}

export function commentSettingsOf(configProps: Record<string, string> | null | undefined): CommentSettings {
  const s = withDefaults(configProps ?? {}, 'comment');
  return {
    enabled: s.CommentEnabled === 'Y',
    needAudit: s.CommentNeedAudit !== 'N',
    needLogin: s.CommentNeedLogin !== 'N',
    maxLength: Math.max(1, Number(s.CommentMaxLength) || 500),
  };
}

/** A published content readers may comment on, with its site's comment settings. */
export interface CommentSource {
  contentId: number;
  siteId: number;
  title: string;
  settings: CommentSettings;
}

/**
 * The published, live content of that id, on the site the request named when it named one. Its
 * site is the content's stored one, never the request's: a content of another site, a draft or
 * a recycled one all read "not found". `lock` takes the content's row for the transaction, which
 * orders every write of its comments so the counts recomputed after them are exact.
 */
export async function commentSource(tx: DbOrTx, contentId: number, opts: { siteId?: number | null; lock?: boolean } = {}): Promise<CommentSource> {
  const q = tx.select({ contentId: cmsContent.contentId, siteId: cmsContent.siteId, title: cmsContent.title, configProps: cmsSite.configProps })
    .from(cmsContent).innerJoin(cmsSite, eq(cmsSite.siteId, cmsContent.siteId))
    .where(and(eq(cmsContent.contentId, contentId), eq(cmsContent.status, ContentStatus.PUBLISHED), isNull(cmsContent.recycleTime)));
  const [row] = await (opts.lock ? q.for('update', { of: cmsContent }) : q);
  if (!row || (opts.siteId != null && row.siteId !== opts.siteId)) throw fail('comment.sourceNotFound');
  return { contentId: row.contentId, siteId: row.siteId, title: row.title, settings: commentSettingsOf(row.configProps) };
}

/**
 * Locks a content's row (whatever its state) before the console changes its comments: every
 * write to one content's comments waits its turn there, so each recount reads the others' commits.
 */
export async function lockContentRow(tx: DbOrTx, contentId: number): Promise<void> {
  await tx.select({ id: cmsContent.contentId }).from(cmsContent).where(eq(cmsContent.contentId, contentId)).for('update');
}

/** A comment the readers see: passed, not deleted, and (a reply) under a top-level comment they see. */
export const visibleComment = sql`${cmsComment.auditStatus} = '1' and ${cmsComment.delFlag} = 'N' and (${cmsComment.parentId} = 0 or exists (select 1 from cms_comment p where p.comment_id = ${cmsComment.parentId} and p.audit_status = '1' and p.del_flag = 'N'))`;

/**
 * After a change to a content's comments (its row locked first: lockContentRow / commentSource
 * with `lock`): its commentCount is the comments readers see, and each touched top-level comment's
 * replyCount its visible replies. Recounted rather than moved by one, so a state change of any kind
 * (audit, delete, recover, a parent hidden with its replies) leaves exact numbers.
 */
export async function recountComments(tx: DbOrTx, sourceType: string, sourceId: number, parentIds: readonly number[] = []): Promise<void> {
  if (sourceType === 'cms_content') {
    await tx.execute(sql`update cms_content set comment_count = (select count(*) from cms_comment where source_type = ${sourceType} and source_id = ${sourceId} and ${visibleComment}) where content_id = ${sourceId}`);
  }
  for (const parentId of new Set(parentIds)) {
    if (!parentId) continue;
    await tx.execute(sql`update cms_comment set reply_count = (select count(*) from cms_comment r where r.parent_id = ${parentId} and r.audit_status = '1' and r.del_flag = 'N') where comment_id = ${parentId}`);
  }
}
