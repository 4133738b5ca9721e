import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { pageOf } from '../../../core/row-schema.ts';
import { resourceOperations } from '../../../core/resource.ts';
import { routesOf } from '../../../core/resource-routes.ts';
import { aliasRoute, defineRoute, type AnyRoute } from '../../../core/route.ts';
import { readOf, writeOf, type SiteRef } from '../../../core/operation.ts';
import { table as tablePage, paging } from '../../../core/envelope.ts';
import { fail } from '../../../core/errors.ts';
import { formatDateTime } from '../../../../shared/format.ts';
import { idListSchema } from '../../../../shared/resources/schemas.ts';
import { MAX_BATCH_IDS } from '../../../../shared/resources/define.ts';
import { id } from '../../../../shared/validators/common.ts';
import { v } from '../../../../shared/validators/issues.ts';
import { commentResource } from '../../../../shared/resources/cms/comment.ts';
import { editsSite } from '../site/current.ts';
import { cmsMember } from '../member/schema.ts';
import { cmsContent } from '../content/schema.ts';
import { cmsComment, cmsCommentLike } from './schema.ts';
import { changeComments, siteComment } from './moderate.ts';
import { consoleRepliesReply } from './replies.ts';

type Row = Record<string, unknown>;
const PERMS = commentResource.perms;
const AUDIT_PERM = 'comment:comment:audit';

/** Each row's content title and member's name, read once for the page. */
async function presentRows(rows: Row[], op: { tx: import('../../../db/client.ts').DbOrTx }): Promise<Row[]> {
  const sourceIds = [...new Set(rows.filter((r) => r.sourceType === 'cms_content').map((r) => Number(r.sourceId)))];
  const uids = [...new Set(rows.map((r) => r.uid).filter((u): u is number => typeof u === 'number'))];
  const titles = new Map((sourceIds.length ? await op.tx.select({ id: cmsContent.contentId, title: cmsContent.title }).from(cmsContent).where(inArray(cmsContent.contentId, sourceIds)) : []).map((r) => [r.id, r.title]));
  const names = new Map((uids.length ? await op.tx.select({ id: cmsMember.memberId, name: sql<string>`coalesce(nullif(${cmsMember.nickName}, ''), ${cmsMember.userName}, '')` }).from(cmsMember).where(inArray(cmsMember.memberId, uids)) : []).map((r) => [r.id, r.name]));
  return rows.map((r) => ({ ...r, sourceTitle: titles.get(Number(r.sourceId)) ?? '', nickName: r.uid == null ? '' : names.get(r.uid as number) ?? '' }));
}

/** The current site's comments: listed and read (View on the site); changed only by the routes below (Edit on it). */
const comments = resourceOperations<SiteRef>(commentResource, cmsComment, { siteColumn: 'siteId', access: { remove: editsSite }, presentRows });

const idList = z.array(id()).min(1, v('selectFirst')).max(MAX_BATCH_IDS, v('tooMany', { max: MAX_BATCH_IDS }));
/** ChestnutCMS's AuditCommentDTO: the comments and the verdict (1 passed, 2 not passed). */
const auditBody = z.object({ commentIds: idList, auditStatus: z.enum(['1', '2'], { error: v('invalid') }) });
const commentParams = z.object({ commentId: id() });
const pageQuery = z.object({ pageNum: z.string().optional(), pageSize: z.string().optional(), uid: id().optional() });

/** The ids of a batch body (idListSchema checked its size); anything not an id matches no comment. */
function idsOf(body: unknown): number[] {
  const ids = (body as unknown[]).map(Number);
  if (ids.some((n) => !Number.isSafeInteger(n) || n < 1)) throw fail('resource.notFound');
  return ids;
}

const log = (type: 'UPDATE' | 'DELETE') => ({ title: commentResource.title, type });
/** A delete marks the comments deleted (the list shows them, Recover brings them back); counts follow. */
const softDelete = (ctx: Parameters<typeof readOf<SiteRef>>[0] & { body: unknown }) =>
  writeOf(ctx, async (op) => ({ deleted: await changeComments(op, idsOf(ctx.body), { delFlag: 'Y' }) }));

// A comment's delete hides it (recoverable), and answers how many it hid.
const generated = routesOf(comments).map((r) => (r.method === 'DELETE' ? { ...r, handler: softDelete as AnyRoute['handler'], reply: z.object({ deleted: z.int() }) } : r));

/** Replies (flat) and likes of one of the current site's comments, paged as console lists are. */
async function repliesOf(ctx: Parameters<typeof readOf<SiteRef>>[0] & { params: { commentId: number }; query: Row }) {
  const op = readOf(ctx);
  const top = await siteComment(op, ctx.params.commentId);
  const { offset, limit } = paging(ctx.query);
  const where = and(eq(cmsComment.parentId, top.commentId), eq(cmsComment.siteId, op.site.siteId));
  const rows = await op.tx.select().from(cmsComment).where(where).orderBy(asc(cmsComment.commentId)).limit(limit).offset(offset);
  const [n] = await op.tx.select({ n: count() }).from(cmsComment).where(where);
  const shaped = await presentRows(rows as Row[], op);
  // "Reply to X": the member each reply answers.
  const replied = [...new Set(rows.map((r) => r.replyUid).filter((u): u is number => u != null))];
  const names = new Map((replied.length ? await op.tx.select({ id: cmsMember.memberId, name: sql<string>`coalesce(nullif(${cmsMember.nickName}, ''), ${cmsMember.userName}, '')` }).from(cmsMember).where(inArray(cmsMember.memberId, replied)) : []).map((r) => [r.id, r.name]));
  return tablePage(shaped.map((r) => ({ ...r, replyNickName: r.replyUid == null ? '' : names.get(r.replyUid as number) ?? '', commentTime: formatDateTime(r.commentTime as Date), auditTime: formatDateTime(r.auditTime as Date | null), deleteTime: formatDateTime(r.deleteTime as Date | null) })), Number(n?.n ?? 0));
}

async function likesOf(ctx: Parameters<typeof readOf<SiteRef>>[0] & { params: { commentId: number }; query: { uid?: number } & Row }) {
  const op = readOf(ctx);
  const c = await siteComment(op, ctx.params.commentId);
  const { offset, limit } = paging(ctx.query as Row);
  const where = and(eq(cmsCommentLike.commentId, c.commentId), ctx.query.uid ? eq(cmsCommentLike.uid, ctx.query.uid) : undefined);
  const rows = await op.tx.select({ uid: cmsCommentLike.uid, nickName: sql<string>`coalesce(nullif(${cmsMember.nickName}, ''), ${cmsMember.userName}, '')`, likeTime: cmsCommentLike.likeTime })
    .from(cmsCommentLike).innerJoin(cmsMember, eq(cmsMember.memberId, cmsCommentLike.uid)).where(where).orderBy(desc(cmsCommentLike.likeTime)).limit(limit).offset(offset);
  const [n] = await op.tx.select({ n: count() }).from(cmsCommentLike).where(where);
  return tablePage(rows.map((r) => ({ ...r, likeTime: formatDateTime(r.likeTime) })), Number(n?.n ?? 0));
}

const common = { site: true as const, labels: commentResource.name, resource: commentResource };

/**
 * The Comment screen's routes (menu 2065), ChestnutCMS's paths: `GET /comment/list` (filters
 * sourceId, uid, auditStatus, delFlag, beginTime/endTime), `GET /comment/:id`, `POST /comment/audit`,
 * `POST /comment/delete` (and `DELETE /comment`), `POST /comment/recover`, `GET /comment/reply/:commentId`,
 * `GET /comment/like/:commentId`. All on the current site; writes need Edit on it.
 */
export const routes: AnyRoute[] = [
  ...generated,
  aliasRoute(generated, `DELETE ${commentResource.api}`, `POST ${commentResource.api}/delete`),
  defineRoute({
    method: 'POST', url: '/comment/audit', perm: AUDIT_PERM, ...common, body: auditBody, grants: [editsSite], log: log('UPDATE'),
    reply: z.object({ audited: z.int() }),
    handler: (ctx) => writeOf(ctx, async (op) => ({ audited: await changeComments(op, ctx.body.commentIds, { auditStatus: ctx.body.auditStatus }) })),
  }),
  defineRoute({
    method: 'POST', url: '/comment/recover', perm: PERMS.remove!, ...common, body: idListSchema, grants: [editsSite], log: log('UPDATE'),
    reply: z.object({ recovered: z.int() }),
    handler: (ctx) => writeOf(ctx, async (op) => ({ recovered: await changeComments(op, idsOf(ctx.body), { delFlag: 'N' }) })),
  }),
  defineRoute({
    method: 'GET', url: '/comment/reply/:commentId', perm: PERMS.view, ...common, params: commentParams, query: pageQuery,
    reply: consoleRepliesReply,
    handler: (ctx) => repliesOf(ctx as never),
  }),
  defineRoute({
    method: 'GET', url: '/comment/like/:commentId', perm: PERMS.view, ...common, params: commentParams, query: pageQuery,
    reply: pageOf(z.object({ uid: z.int(), nickName: z.string(), likeTime: z.string() })),
    handler: (ctx) => likesOf(ctx as never),
  }),
];
