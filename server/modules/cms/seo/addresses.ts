import { and, asc, eq, isNull } from 'drizzle-orm';
import { siteBase } from '../../../config.ts';
import type { OpContext, SiteRef } from '../../../core/operation.ts';
import { ContentStatus } from '../../../../shared/cms/content.ts';
import { cmsSite } from '../site/schema.ts';
import { cmsPublishPipe } from '../pipe/schema.ts';
import { cmsCatalog } from '../catalog/schema.ts';
import { cmsContent } from '../content/schema.ts';
import { LinkRules } from '../template/urls.ts';
import type { ChangedPage } from '../publish/pages.ts';

type Op = OpContext<SiteRef>;
type Catalog = typeof cmsCatalog.$inferSelect;
type Content = Pick<typeof cmsContent.$inferSelect, 'contentId' | 'catalogId' | 'staticPath' | 'linkFlag' | 'redirectUrl' | 'status' | 'publishPipe'>;

/** Contents a catalog's "everything" purge names at most (a job per 100 URLs by default). */
export const MAX_PAGES_ASKED = 10_000;

/**
 * The published addresses of a site's objects, per enabled pipe, for what is pushed or purged by
 * hand (ChestnutCMS's `/cms/cdn/refresh/*`, `/cms/seo/baidu_push`): the same links a publish
 * writes pages at (template/urls.ts), from the pipe's absolute address. A pipe without one names nothing.
 */
export class SiteAddresses {
  private readonly pipes: { code: string; links: LinkRules }[];
  private constructor(pipes: { code: string; links: LinkRules }[]) {
    this.pipes = pipes;
  }

  static async of(op: Op): Promise<SiteAddresses> {
    const [site] = await op.tx.select().from(cmsSite).where(eq(cmsSite.siteId, op.site.siteId));
    const pipes = await op.tx.select({ code: cmsPublishPipe.code }).from(cmsPublishPipe)
      .where(and(eq(cmsPublishPipe.siteId, op.site.siteId), eq(cmsPublishPipe.status, '0'))).orderBy(asc(cmsPublishPipe.sort), asc(cmsPublishPipe.pipeId));
    const base = siteBase(op.services.config);
    return new SiteAddresses(site ? pipes.map((p, i) => ({ code: p.code, links: new LinkRules(site, p.code, { siteBase: base, defaultPipe: i === 0, mode: 'publish' }) }))
      .filter((p) => /^https?:\/\//.test(p.links.siteLink)) : []);
  }

  private pages(files: (links: LinkRules, pipe: string) => string[]): ChangedPage[] {
    return this.pipes.flatMap(({ code, links }) => files(links, code).map((file) => ({ pipeCode: code, base: links.siteLink, file, removed: false })));
  }

  /** The home page (its folder and its index file); `all`: every catalog's folder too. */
  site(catalogs: Catalog[], all: boolean): ChangedPage[] {
    return this.pages((links) => ['', links.indexFile(), ...(all ? catalogs.filter(hasPages).map((c) => c.path) : [])]);
  }

  /** A catalog's folder, index and first list page; `contents`: its published contents' pages too. */
  catalog(catalog: Catalog, contents: Content[]): ChangedPage[] {
    if (!hasPages(catalog)) return [];
    return [
      ...this.pages((links) => [catalog.path, links.catalogIndexFile(catalog), links.catalogListFile(catalog, 1, true)]),
      ...this.contents(contents, new Map([[catalog.catalogId, catalog]])),
    ];
  }

  /** Published contents' first pages, in the pipes they are published to. */
  contents(contents: Content[], catalogs: Map<number, Catalog>): ChangedPage[] {
    return this.pages((links, pipe) => contents.flatMap((c) => {
      const catalog = catalogs.get(c.catalogId);
      if (!catalog || !hasPages(catalog) || c.status !== ContentStatus.PUBLISHED || c.linkFlag === 'Y') return [];
      if (c.publishPipe.length && !c.publishPipe.includes(pipe)) return [];
      try {
        return [links.contentFile(c, catalog)];
      } catch {
        // a static path refused has no page
        return [];
      }
    }));
  }
}

const hasPages = (c: Catalog) => c.catalogType !== 'link' && c.staticFlag !== 'N';

/** The site's live catalogs, by id. */
export async function catalogsOf(op: Op): Promise<Map<number, Catalog>> {
  const rows = await op.tx.select().from(cmsCatalog).where(and(eq(cmsCatalog.siteId, op.site.siteId), isNull(cmsCatalog.deleteTime)));
  return new Map(rows.map((c) => [c.catalogId, c]));
}

/** A catalog's published contents (at most MAX_PAGES_ASKED). */
export function publishedContentsOf(op: Op, catalogId: number) {
  return op.tx.select({
    contentId: cmsContent.contentId, catalogId: cmsContent.catalogId, staticPath: cmsContent.staticPath, linkFlag: cmsContent.linkFlag,
    redirectUrl: cmsContent.redirectUrl, status: cmsContent.status, publishPipe: cmsContent.publishPipe,
  }).from(cmsContent)
    .where(and(eq(cmsContent.siteId, op.site.siteId), eq(cmsContent.catalogId, catalogId), eq(cmsContent.status, ContentStatus.PUBLISHED), isNull(cmsContent.recycleTime)))
    .orderBy(asc(cmsContent.contentId)).limit(MAX_PAGES_ASKED);
}
