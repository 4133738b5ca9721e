import { and, asc, eq, isNull } from 'drizzle-orm';
import { fail } from '../../../core/errors.ts';
import type { OpContext } from '../../../core/operation.ts';
import type { PreviewQuery, PreviewReply, PreviewType } from '../../../../src/lib/validators/preview.ts';
import { ContentStatus } from '../../../../src/lib/cms/content.ts';
import { catalogWith } from '../catalog/access.ts';
import { cmsCatalog } from '../catalog/schema.ts';
import { contentWith } from '../content/access.ts';
import { cmsBookChapter, cmsContent } from '../content/schema.ts';
import { bitsOn } from '../perms/grants.ts';
import { cmsPublishPipe } from '../pipe/schema.ts';
import { siteOutOfReach, viewableSites } from '../site/current.ts';
import { cmsSite } from '../site/schema.ts';
import { renderCatalogIndex, renderCatalogPage, renderContentPage, renderIndex, type PageResult } from './render.ts';
import { openSession, sessionConfig } from './session-open.ts';
import { siteBase } from '../../../config.ts';
import { LinkRules } from './urls.ts';

/**
 * GET /cms/preview/{site|catalog|content}/:id (spec §2 /cms/preview): a page rendered as the
 * publisher would, drafts included, without writing anything. The object names its site (no
 * CurrentSite header: the site list previews any site one may view); the reader needs View on that
 * site and, for a catalog or a content, View on its catalog — else "not found", as for any object
 * out of reach. Links in the page lead to other previews and carry no token (ChestnutCMS put the
 * admin's token in them, cms-heart §8.5): the console fetches each with its Bearer header.
 */
export async function previewPage(op: OpContext, type: PreviewType, id: number, q: PreviewQuery): Promise<PreviewReply> {
  const siteId = await siteOf(op, type, id);
  const [site] = await op.tx.select().from(cmsSite).where(and(eq(cmsSite.siteId, siteId), viewableSites(op.actor)));
  if (!site) throw type === 'site' ? siteOutOfReach() : fail(type === 'catalog' ? 'cms.catalog.notFound' : 'cms.content.notFound');
  // The object's own site becomes the operation's, so the grant checks are those of any call on it.
  const onSite: OpContext = { ...op, site: { siteId, siteName: site.name, path: site.path, bits: await bitsOn(op.tx, op.actor, 'Site', siteId) } };
  const catalog = type === 'catalog' ? await catalogWith(onSite, id, 'View') : null;
  const content = type === 'content' ? await contentWith(onSite, id, 'View') : null;

  const pipes = await op.tx.select({ code: cmsPublishPipe.code, name: cmsPublishPipe.name }).from(cmsPublishPipe)
    .where(and(eq(cmsPublishPipe.siteId, siteId), eq(cmsPublishPipe.status, '0'))).orderBy(asc(cmsPublishPipe.sort), asc(cmsPublishPipe.pipeId));
  if (!pipes.length) throw fail('cms.pipe.unknown', { code: q.pp ?? '' });
  const pipeCode = q.pp ?? pipes[0]!.code;
  if (!pipes.some((p) => p.code === pipeCode)) throw fail('cms.pipe.unknown', { code: pipeCode });

  const { config, i18n } = op.services;
  const session = await openSession(op.tx, siteId, pipeCode, sessionConfig(op.services), { mode: 'preview' });
  const chapterId = type === 'content' ? (q.chapter ?? null) : null;
  let page: PageResult;
  let title = site.name;
  if (catalog) {
    const index = q.list === 'Y' || (q.pi ?? 1) > 1 ? null : renderCatalogIndex(session, catalog.catalogId);
    page = await (index ?? renderCatalogPage(session, catalog.catalogId, q.pi));
    title = catalog.name;
  } else if (content) {
    page = await renderContentPage(session, content.contentId, chapterId === null ? q.pi : 1, chapterId ?? undefined);
    title = content.title;
    if (chapterId !== null) {
      const [c] = await op.tx.select({ title: cmsBookChapter.title }).from(cmsBookChapter).where(eq(cmsBookChapter.chapterId, chapterId));
      if (c) title = `${content.title} · ${c.title}`;
    }
  } else {
    page = await renderIndex(session, q.pi);
  }

  // Where the page is once published: the pipe's address and the page's file (a content only when it is out).
  const published = new LinkRules(site, pipeCode, { siteBase: siteBase(config), defaultPipe: pipeCode === pipes[0]!.code, mode: 'publish' });
  const isOut = !content || (content.status === ContentStatus.PUBLISHED && content.linkFlag !== 'Y');
  return {
    type, id, siteId, title, pipeCode, pipes, pageNo: page.pageNo, pageTotal: page.pageTotal, chapterId, template: page.template,
    publishedUrl: isOut ? `${published.siteLink}${page.file}` : null, html: page.html,
  };
}

/** The site an object belongs to (live rows only); an unknown id is "not found". */
async function siteOf(op: OpContext, type: PreviewType, id: number): Promise<number> {
  if (type === 'site') return id;
  if (type === 'catalog') {
    const [row] = await op.tx.select({ siteId: cmsCatalog.siteId }).from(cmsCatalog).where(and(eq(cmsCatalog.catalogId, id), isNull(cmsCatalog.deleteTime)));
    if (!row) throw fail('cms.catalog.notFound');
    return row.siteId;
  }
  const [row] = await op.tx.select({ siteId: cmsContent.siteId }).from(cmsContent).where(and(eq(cmsContent.contentId, id), isNull(cmsContent.recycleTime)));
  if (!row) throw fail('cms.content.notFound');
  return row.siteId;
}
