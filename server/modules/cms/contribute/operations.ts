import { and, desc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Services } from '../../../core/services.ts';
import { systemActor } from '../../../core/access.ts';
import { fail } from '../../../core/errors.ts';
import { serverOp, type SiteOp } from '../../../core/operation.ts';
import { formatDateTime } from '../../../../shared/format.ts';
import { ContentStatus } from '../../../../shared/cms/content.ts';
import { allBits } from '../../../../shared/cms/perms.ts';
import { id, optionalText, requiredText } from '../../../../shared/validators/common.ts';
import type { DbOrTx } from '../../../db/client.ts';
import type { MemberCaller } from '../member/session.ts';
import type { PublicSite } from '../public-api/route.ts';
import { cmsCatalog } from '../catalog/schema.ts';
import { cmsContent } from '../content/schema.ts';
import { createContent } from '../content/save.ts';
import { paging } from '../../../core/envelope.ts';

/** The most a body may weigh: an article a reader writes, with its markup. */
export const CONTRIBUTION_HTML_MAX = 200_000;

/** A member's article (ChestnutCMS ArticleContributeDTO), labelled as the content editor labels them. */
export const contributionBody = z.object({
  catalogId: id(),
  title: requiredText(255),
  summary: optionalText(500),
  author: optionalText(100),
  /** the library image (upload_image's `src`) shown as the content's logo */
  logo: optionalText(500),
  /** a list, or the account page's one text box: words split at commas, 、 and spaces */
  tags: z.preprocess((v) => (typeof v === 'string' ? v.split(/[,，、\s]+/).filter(Boolean) : v), z.array(z.string().trim().min(1).max(50)).max(10).default([])),
  /** sanitized as an editor's body is (content/sanitize.ts): scripts, handlers, frames and script URLs go */
  contentHtml: z.string().max(CONTRIBUTION_HTML_MAX).default(''),
});
export type Contribution = z.output<typeof contributionBody>;

/** What is recorded as the author of the member's saves (createBy): never a console user's name. */
export const contributorName = (m: MemberCaller) => `member:${m.userName ?? m.memberId}`.slice(0, 64);

/**
 * An operation on the site as the server does it for a member: every right (the member's own
 * checks are this module's), its writes recorded under `member:<name>`. Never a console session.
 */
export function memberOp(services: Services, site: PublicSite, member: MemberCaller, tx: DbOrTx, afterCommit: SiteOp['afterCommit'] = (f) => void f()): SiteOp {
  const ref = { siteId: site.siteId, siteName: site.name, path: site.path, bits: allBits('Site') };
  return serverOp(services, systemActor(contributorName(member)), ref, tx, afterCommit);
}

/** A live common catalog of the site that accepts contributions ("contribute enabled"), else refused: another site's reads the same. */
async function openCatalog(tx: DbOrTx, siteId: number, catalogId: number) {
  const [catalog] = await tx.select().from(cmsCatalog).where(and(eq(cmsCatalog.catalogId, catalogId), eq(cmsCatalog.siteId, siteId), isNull(cmsCatalog.deleteTime)));
  if (!catalog || catalog.contribute !== 'Y' || catalog.catalogType !== 'common') throw fail('contribute.catalogClosed');
  return catalog;
}

/**
 * A member's article into a catalog of the site accepting contributions: a draft like an editor's
 * new article (the site's title and word rules, the body sanitized, images of the library as
 * internal links), marked with its contributor for the console, where editors review and publish
 * it through the normal workflow.
 */
export async function contribute(services: Services, site: PublicSite, member: MemberCaller, body: Contribution): Promise<{ contentId: number }> {
  const queued: (() => unknown)[] = [];
  const created = await services.db.transaction(async (tx) => {
    const op = memberOp(services, site, member, tx, (f) => void queued.push(f));
    const catalog = await openCatalog(tx, site.siteId, body.catalogId);
    const { contentId } = await createContent(op, 'article', catalog, {
      title: body.title, summary: body.summary || undefined, author: body.author || member.nickName || member.userName || undefined,
      logo: body.logo || undefined, tags: body.tags, contentHtml: body.contentHtml,
    });
    await tx.update(cmsContent).set({ contributorId: member.memberId }).where(eq(cmsContent.contentId, contentId));
    return { contentId };
  });
  for (const f of queued) await f();
  return created;
}

/** A member's own contribution of the site, for deleting: another's or another site's reads "not found". */
async function ownContribution(tx: DbOrTx, siteId: number, member: MemberCaller, contentId: number) {
  const [row] = await tx.select({ contentId: cmsContent.contentId, status: cmsContent.status, publishDate: cmsContent.publishDate })
    .from(cmsContent).where(and(eq(cmsContent.contentId, contentId), eq(cmsContent.siteId, siteId), eq(cmsContent.contributorId, member.memberId), isNull(cmsContent.recycleTime)));
  if (!row) throw fail('contribute.notFound');
  return row;
}

/**
 * Deletes a member's own contribution while it is still a draft (never published: an editor's
 * published, scheduled or offline content is the site's now). Its body and parts go with it.
 */
export function deleteContribution(services: Services, site: PublicSite, member: MemberCaller, contentId: number): Promise<void> {
  return services.db.transaction(async (tx) => {
    const row = await ownContribution(tx, site.siteId, member, contentId);
    if (row.status !== ContentStatus.DRAFT || row.publishDate) throw fail('contribute.notDraft');
    await tx.delete(cmsContent).where(eq(cmsContent.contentId, contentId));
  });
}

const LISTED = {
  contentId: cmsContent.contentId, catalogId: cmsContent.catalogId, catalogName: cmsCatalog.name, title: cmsContent.title, summary: cmsContent.summary,
  status: cmsContent.status, createTime: cmsContent.createTime, publishDate: cmsContent.publishDate,
};
type Listed = { createTime: Date; publishDate: Date | null };
const shown = <T extends Listed>(r: T) => ({ ...r, createTime: formatDateTime(r.createTime), publishDate: r.publishDate ? formatDateTime(r.publishDate) : null });

/** A page of the member's own contributions on the site, newest first, drafts included (their account page). */
export async function myContributions(db: DbOrTx, site: PublicSite, member: MemberCaller, q: { pageNum?: string; pageSize?: string }) {
  const { limit, offset } = paging(q, 10);
  const rows = await db.select(LISTED).from(cmsContent).innerJoin(cmsCatalog, eq(cmsCatalog.catalogId, cmsContent.catalogId))
    .where(and(eq(cmsContent.siteId, site.siteId), eq(cmsContent.contributorId, member.memberId), isNull(cmsContent.recycleTime)))
    .orderBy(desc(cmsContent.contentId)).limit(Math.min(limit, 50)).offset(offset);
  return { rows: rows.map(shown) };
}

/**
 * A member's published contributions on the site, for anyone (ChestnutCMS GET
 * /api/account/contribute/{memberId}, `limit` and `offset`): drafts and others never show.
 */
export async function publishedContributions(db: DbOrTx, site: PublicSite, memberId: number, q: { limit?: number; offset?: number }) {
  const rows = await db.select(LISTED).from(cmsContent).innerJoin(cmsCatalog, eq(cmsCatalog.catalogId, cmsContent.catalogId))
    .where(and(eq(cmsContent.siteId, site.siteId), eq(cmsContent.contributorId, memberId), eq(cmsContent.status, ContentStatus.PUBLISHED), isNull(cmsContent.recycleTime)))
    .orderBy(desc(cmsContent.publishDate), desc(cmsContent.contentId)).limit(Math.min(q.limit ?? 10, 50)).offset(q.offset ?? 0);
  return rows.map(shown);
}
