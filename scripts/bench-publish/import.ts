// Imports the publishing benchmark's site into a fresh site through the operations layer: the
// functions the console's routes call (site add and Basic tab, catalog add, content add with the
// route's own body check, publish), as the signed-in administrator, in transactions of a batch of
// contents each. Nothing is written to the tables directly.
import { eq } from 'drizzle-orm';
import type { CastaneaServer } from '../../server/app.ts';
import type { Actor } from '../../server/core/access.ts';
import { inTransaction, type OpBase, type SiteRef } from '../../server/core/operation.ts';
import { resolveActor } from '../../server/modules/auth/session.ts';
import { createCatalog } from '../../server/modules/cms/catalog/operations.ts';
import { createContent } from '../../server/modules/cms/content/save.ts';
import { contentsWith } from '../../server/modules/cms/content/access.ts';
import { catalogWith } from '../../server/modules/cms/catalog/access.ts';
import { publish } from '../../server/modules/cms/content/workflow.ts';
import { cmsSite } from '../../server/modules/cms/site/schema.ts';
import { savePipeProps, sites, siteWith } from '../../server/modules/cms/site/operations.ts';
import { DEFAULT_PIPE } from '../../server/modules/cms/pipe/defaults.ts';
import { allBits } from '../../shared/cms/perms.ts';
import { MAX_BATCH_IDS } from '../../shared/cms/content.ts';
import { contentCreateSchema } from '../../shared/resources/cms/content.ts';
import type { BenchSite } from './workload.ts';

export interface ImportedSite {
  siteId: number;
  sitePath: string;
  pipeCode: string;
  /** the workload's catalog slug → our catalog id */
  catalogIds: Map<string, number>;
  /** the workload's article id → our content id */
  contentIds: Map<number, number>;
  /** our catalog path of a workload slug (catalog-01 → catalog_01/) */
  catalogPath(slug: string): string;
}

export interface ImportOptions {
  sitePath?: string;
  /** contents per transaction */
  batch?: number;
  /** publish the contents as they are imported (their pages are queued) */
  publish?: boolean;
  onProgress?(done: number, total: number): void;
}

/** Catalog folders and aliases are letters, digits and underscores. */
export const catalogAliasOf = (slug: string) => slug.replace(/[^A-Za-z0-9_]/g, '_');

/** The administrator, signed in as the console signs in. */
export async function adminActor(server: CastaneaServer): Promise<Actor> {
  const res = await server.app.inject({ method: 'POST', url: '/prod-api/login', payload: { username: 'admin', password: 'admin123' } });
  const token = res.json().data as string;
  const actor = await resolveActor(server.services.db, token);
  if (!actor) throw new Error('could not sign in as admin');
  return actor;
}

export function opBaseFor<S extends SiteRef | null>(server: CastaneaServer, actor: Actor, site: S): OpBase<S> {
  const { services } = server;
  return { actor, site, services, locale: 'en', t: services.i18n.translator('en'), ip: '' };
}

/**
 * The workload's site, made as an editor would: the site (static suffix html, its pipe addressed
 * at the workload's base URL with site-relative links), its 50 catalogs, its 10,000 articles
 * (published when `publish`, which queues their pages as the Publish button does).
 */
export async function importWorkload(server: CastaneaServer, data: BenchSite, opts: ImportOptions = {}): Promise<ImportedSite> {
  const sitePath = opts.sitePath ?? 'bench';
  const batch = Math.min(opts.batch ?? 500, MAX_BATCH_IDS);
  const actor = await adminActor(server);
  const pipeCode = DEFAULT_PIPE.code;

  const siteId = await inTransaction(opBaseFor(server, actor, null), async (op) => {
    const row = await sites.create(op, { name: data.title, path: sitePath, description: data.description });
    const id = row.siteId as number;
    // The Basic tab's save: suffix, and the pipe's address with links relative to the site root.
    await sites.update(op, { siteId: id, staticSuffix: 'html' });
    await savePipeProps(op, await siteWith(op, id, 'Edit'), [{ pipeCode, props: { url: data.baseURL, prefixMode: 'relative', relativePrefix: '/' } }]);
    return id;
  });
  const [siteRow] = await server.services.db.select().from(cmsSite).where(eq(cmsSite.siteId, siteId));
  const site: SiteRef = { siteId, siteName: siteRow!.name, path: siteRow!.path, bits: allBits('Site') };
  const base = opBaseFor(server, actor, site);

  const catalogIds = new Map<string, number>();
  await inTransaction(base, async (op) => {
    for (const c of [...data.catalogs].sort((a, b) => a.weight - b.weight)) {
      const alias = catalogAliasOf(c.slug);
      const row = await createCatalog(op, null, { name: c.title, alias, path: `${alias}/` });
      catalogIds.set(c.slug, row.catalogId);
    }
  });

  const schema = contentCreateSchema('article');
  const contentIds = new Map<number, number>();
  for (let i = 0; i < data.articles.length; i += batch) {
    const slice = data.articles.slice(i, i + batch);
    await inTransaction(base, async (op) => {
      const made: number[] = [];
      for (const a of slice) {
        // The add route's own body check (dates, lengths, lists) before the operation.
        const body = schema.parse({
          catalogId: catalogIds.get(a.catalog), title: a.title, summary: a.summary, author: a.author, tags: a.tags, publishDate: a.date, contentHtml: a.body,
        });
        const { contentId } = await createContent(op, 'article', await catalogWith(op, body.catalogId as number, 'AddContent'), body as Record<string, unknown>);
        contentIds.set(a.id, contentId);
        made.push(contentId);
      }
      if (opts.publish) await publish(op, await contentsWith(op, made, 'Publish'));
    });
    opts.onProgress?.(Math.min(i + batch, data.articles.length), data.articles.length);
  }
  return { siteId, sitePath, pipeCode, catalogIds, contentIds, catalogPath: (slug) => `${catalogAliasOf(slug)}/` };
}
