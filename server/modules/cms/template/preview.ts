import { and, asc, eq } from 'drizzle-orm';
import { fail } from '../../../core/errors.ts';
import type { OpContext, SiteOp } from '../../../core/operation.ts';
import type { PreviewQuery, PreviewReply, PreviewType } from '../../../../shared/validators/preview.ts';
import { ContentStatus } from '../../../../shared/cms/content.ts';
import { cmsBookChapter } from '../content/schema.ts';
import { cmsPublishPipe } from '../pipe/schema.ts';
import { siteBase } from '../../../config.ts';
import { DEFAULT_PREVIEW_PAGE, LinkRules } from './urls.ts';
import { readerScope, type PreviewedObject } from './preview-access.ts';
import { PREVIEWS_PER_USER, renderOnRequest } from './on-request.ts';
import type { PageAsk } from './page-ask.ts';
import { previewLinkTargets } from './preview-links.ts';
import { mintTicket } from './preview-tickets.ts';

/**
 * GET /cms/preview/{site|catalog|content}/:id (spec §2 /cms/preview): a page rendered as the
 * publisher would, drafts included, without writing anything to the site. The reader's rights are
 * checked (preview-access.ts) and the page's tags read only what the reader may view. The reply is
 * the page's facts and `frameUrl`: the page itself is shown by the sites' port under a ticket of a
 * few minutes (preview-tickets.ts), so its HTML never runs on the console's origin. Links in the
 * page lead to the console's preview page at `consoleOrigin` (urls.ts) and carry no token
 * (ChestnutCMS put the admin's token in them, cms-heart §8.5).
 */
export async function previewPage(op: OpContext, previewed: PreviewedObject, q: PreviewQuery, consoleOrigin: string): Promise<PreviewReply> {
  const { type, id, site, onSite, catalog, content } = previewed;
  const siteId = site.siteId;
  const pipes = await op.tx.select({ code: cmsPublishPipe.code, name: cmsPublishPipe.name }).from(cmsPublishPipe)
    .where(and(eq(cmsPublishPipe.siteId, siteId), eq(cmsPublishPipe.status, '0'))).orderBy(asc(cmsPublishPipe.sort), asc(cmsPublishPipe.pipeId));
  if (!pipes.length) throw fail('cms.pipe.unknown', { code: q.pp ?? '' });
  const pipeCode = q.pp ?? pipes[0]!.code;
  if (!pipes.some((p) => p.code === pipeCode)) throw fail('cms.pipe.unknown', { code: pipeCode });

  const chapterId = type === 'content' ? (q.chapter ?? null) : null;
  const ask: PageAsk = catalog ? { type: 'catalog', id: catalog.catalogId, pageNo: q.pi, indexPage: !(q.list === 'Y' || (q.pi ?? 1) > 1) }
    : content ? { type: 'content', id: content.contentId, pageNo: q.pi, ...(chapterId !== null ? { chapterId } : {}) }
    : { type: 'site', pageNo: q.pi };
  const previewPageUrl = `${consoleOrigin}${DEFAULT_PREVIEW_PAGE}`;
  const page = await renderOnRequest(op.services, op.tx, {
    siteId, pipeCode, options: { mode: 'preview', previewBase: previewPageUrl }, scope: await readerScope(onSite, pipeCode), ask,
    reader: `user:${op.actor.userId}`, max: PREVIEWS_PER_USER,
  });

  let title = catalog?.name ?? content?.title ?? site.name;
  if (content && chapterId !== null) {
    const [c] = await op.tx.select({ title: cmsBookChapter.title }).from(cmsBookChapter).where(eq(cmsBookChapter.chapterId, chapterId));
    if (c) title = `${content.title} · ${c.title}`;
  }
  const html = previewLinkTargets(page.html, { previewPage: previewPageUrl, previewTarget: '_top' });
  const frameUrl = await mintTicket(op, { kind: 'preview', siteId, objectType: type, objectId: id, consoleOrigin, html });

  // Where the page is once published: the pipe's address and the page's file (a content only when it is out).
  const published = new LinkRules(site, pipeCode, { siteBase: siteBase(op.services.config), defaultPipe: pipeCode === pipes[0]!.code, mode: 'publish' });
  const isOut = !content || (content.status === ContentStatus.PUBLISHED && content.linkFlag !== 'Y');
  return {
    type, id, siteId, title, pipeCode, pipes, pageNo: page.pageNo, pageTotal: page.pageTotal, chapterId, template: page.template,
    publishedUrl: isOut ? `${published.siteLink}${page.file}` : null, frameUrl,
  };
}
