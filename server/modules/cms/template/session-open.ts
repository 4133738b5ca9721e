import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import type { ServerI18n } from '../../../core/i18n.ts';
import { fail } from '../../../core/errors.ts';
import { normalizeLocale } from '../../../../shared/i18n/locales.ts';
import { dictDataByType } from '../../system/index.ts';
import { cmsCatalog } from '../catalog/schema.ts';
import { cmsContentCount } from '../content/schema.ts';
import { cmsDynamicPage } from '../dynamic/schema.ts';
import { siteBase, type ServerConfig } from '../../../config.ts';
import { cmsPublishPipe } from '../pipe/schema.ts';
import { cmsSite } from '../site/schema.ts';
import { xmodelAnswers } from '../xmodel/template-data.ts';
import { loadRequests, type LoadScope, type RowCache } from './data.ts';
import { keyOf, type LoadRequest } from './requests.ts';
import { RenderSession, type DataSource, type SessionOptions, type SessionSnapshot } from './session.ts';
import { checkName, loadTemplateTree, templateRoot } from './store.ts';

export interface SessionConfig {
  dataDir: string;
  /** config.ts siteBase */
  siteBase: string;
  i18n: ServerI18n;
}

/** A session's configuration from a server's services. */
export const sessionConfig = (services: { config: ServerConfig; i18n: ServerI18n }): SessionConfig => ({
  dataDir: services.config.dataDir, siteBase: siteBase(services.config), i18n: services.i18n,
});

/** Reads what a session of a site's pipe opens with: the site, its pipes, its catalogs, the pipe's templates. */
export async function readSnapshot(db: DbOrTx, siteId: number, pipeCode: string, config: { dataDir: string; siteBase: string }, overrides: Record<string, string> = {}): Promise<SessionSnapshot> {
  const [site] = await db.select().from(cmsSite).where(eq(cmsSite.siteId, siteId));
  if (!site) throw fail('cms.site.notFound', { siteId });
  const pipes = await db.select({ code: cmsPublishPipe.code, status: cmsPublishPipe.status }).from(cmsPublishPipe)
    .where(eq(cmsPublishPipe.siteId, siteId)).orderBy(asc(cmsPublishPipe.status), asc(cmsPublishPipe.sort), asc(cmsPublishPipe.pipeId));
  if (!pipes.some((p) => p.code === pipeCode)) throw fail('cms.pipe.unknown', { code: pipeCode });
  const defaultCode = pipes.find((p) => p.status === '0')?.code ?? pipes[0]!.code;
  const catalogs = await db.select().from(cmsCatalog).where(and(eq(cmsCatalog.siteId, siteId), isNull(cmsCatalog.deleteTime)));
  const counts = await db.select({ catalogId: cmsContentCount.catalogId, n: sql<number>`sum(${cmsContentCount.n})` }).from(cmsContentCount)
    .where(and(eq(cmsContentCount.siteId, siteId), eq(cmsContentCount.status, '30'))).groupBy(cmsContentCount.catalogId);
  const templates = await loadTemplateTree(templateRoot(config.dataDir, site.path, pipeCode));
  const dynamic = await db.select({ code: cmsDynamicPage.code, path: cmsDynamicPage.path }).from(cmsDynamicPage).where(eq(cmsDynamicPage.siteId, siteId));
  for (const [name, source] of Object.entries(overrides)) templates.set(checkName(name), source);
  const otherSites = await db.select({
    siteId: cmsSite.siteId, path: cmsSite.path, domain: cmsSite.domain, resourceUrl: cmsSite.resourceUrl, staticSuffix: cmsSite.staticSuffix, publishPipeProps: cmsSite.publishPipeProps,
    // Where their resources are kept; none of their other settings (secrets) go into a session.
    configProps: sql<Record<string, string>>`jsonb_build_object('FileStorageType', ${cmsSite.configProps}->>'FileStorageType', 'StorageDomain', ${cmsSite.configProps}->>'StorageDomain')`,
  }).from(cmsSite).where(ne(cmsSite.siteId, siteId));
  // The site's and every catalog's extension values, in one batch (a session presents each once).
  const owners = [{ dataType: 'site' as const, id: siteId }, ...catalogs.map((c) => ({ dataType: 'catalog' as const, id: c.catalogId }))];
  const views = await xmodelAnswers.views(db, siteId, owners);
  const extend = owners.flatMap((o, i): [string, typeof views[number]][] => (views[i]!.length ? [[o.dataType === 'site' ? 'site' : `catalog:${o.id}`, views[i]!]] : []));
  return {
    site, pipeCode, extend, pipes: pipes.map((p) => ({ code: p.code, isDefault: p.code === defaultCode })), catalogs,
    counts: counts.map((c) => [c.catalogId, Number(c.n)]), templates: [...templates], dynamicPaths: dynamic.map((d) => [d.code, d.path]), siteBase: config.siteBase, otherSites,
  };
}

/**
 * Answers a session's requests from this database (dictionaries in the asked language); `rows`:
 * content rows the run read already, used again (a publish drain's, data.ts RowCache).
 */
export function dbSource(db: DbOrTx, scope: LoadScope, i18n: ServerI18n, rows?: RowCache): DataSource {
  const lookups = {
    dict: async (type: string, lang: string) => (await dictDataByType(db, type, i18n, normalizeLocale(lang))).map((d) => ({ value: d.dictValue, label: d.dictLabel })),
  };
  return {
    async load(requests: LoadRequest[]) {
      if (!requests.length) return [];
      // Each question once: a batch of pages asks many alike (every article page of a catalog its
      // hot words), and each would otherwise cost its own statements.
      const keys = requests.map(keyOf);
      const distinct = new Map<string, LoadRequest>();
      requests.forEach((r, i) => distinct.has(keys[i]!) || distinct.set(keys[i]!, r));
      const answers = await loadRequests(db, scope, [...distinct.values()], lookups, rows);
      return keys.map((k) => answers.get(distinct.get(k)!));
    },
  };
}

/** Opens a session for a site's pipe on this database: its snapshot, and its data from the same database. */
export async function openSession(db: DbOrTx, siteId: number, pipeCode: string, config: SessionConfig, options: SessionOptions = {}): Promise<RenderSession> {
  const snapshot = await readSnapshot(db, siteId, pipeCode, config, options.overrides);
  return new RenderSession(snapshot, dbSource(db, { siteId, pipeCode }, config.i18n), options);
}
