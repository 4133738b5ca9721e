import { eq } from 'drizzle-orm';
import type { OpContext, SiteOp } from '../../../core/operation.ts';
import { pipePropsWithDefaults, pipeTemplateProps } from '../../../../shared/cms/pipe-props.ts';
import { pipesOf } from '../site/operations.ts';
import { cmsSite } from '../site/schema.ts';
import type { CatalogRow } from './access.ts';
import { cmsCatalog } from './schema.ts';

/** The site's detail templates keep their key on a catalog; its default list template becomes the catalog's list template. */
const DETAIL_KEYS = Object.keys(pipeTemplateProps.shape).filter((k) => k !== 'defaultListTemplate');

/**
 * POST /cms/site/apply_default_template: the current site's stored default templates (Default
 * Template tab, the defaults where none is stored), per pipe, copied onto the chosen catalogs — every pipe, or only `pipeCodes`.
 * The route needs Site Edit on the current site (as saving them does) and Catalog Edit on each
 * catalog, which must be the current site's; one catalog out of reach and none changes. Templates the site leaves empty leave the catalog's as they are.
 */
export async function applyDefaultTemplate(op: SiteOp, catalogs: readonly CatalogRow[], pipeCodes?: readonly string[]): Promise<void> {
  const [site] = await op.tx.select({ props: cmsSite.publishPipeProps }).from(cmsSite).where(eq(cmsSite.siteId, op.site.siteId));
  // What the tab shows: each pipe's stored templates over the defaults.
  const pipes = (await pipesOf(op.tx, op.site.siteId))
    .filter((p) => !pipeCodes || pipeCodes.includes(p.code))
    .map((p) => [p.code, pipePropsWithDefaults(site?.props[p.code])] as const);
  for (const row of catalogs) {
    const next = { ...row.publishPipeProps };
    for (const [code, props] of pipes) {
      const details = Object.fromEntries(DETAIL_KEYS.filter((k) => props[k]).map((k) => [k, props[k]]));
      next[code] = { ...(next[code] ?? {}), ...details, ...(props.defaultListTemplate ? { listTemplate: props.defaultListTemplate } : {}) };
    }
    await op.tx.update(cmsCatalog).set({ publishPipeProps: next, updateBy: op.actor.userName, updateTime: new Date() }).where(eq(cmsCatalog.catalogId, row.catalogId));
  }
}
