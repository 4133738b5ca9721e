import { eq } from 'drizzle-orm';
import { fail } from '../../../../core/errors.ts';
import type { OpContext, SiteOp } from '../../../../core/operation.ts';
import { CONTENT_TYPES } from '../../../../../shared/cms/content.ts';
import { pipesOf, savePipeProps } from '../../site/operations.ts';
import { cmsSite } from '../../site/schema.ts';
import { installDefaultTheme } from './install.ts';

/** The site's page templates, pointed at the theme's files. */
export const THEME_PROPS: Record<string, string> = {
  indexTemplate: 'index.template.html',
  defaultListTemplate: 'list.template.html',
  ...Object.fromEntries(CONTENT_TYPES.map((t) => [`detailTemplate_${t}`, `detail_${t}.template.html`])),
};

/**
 * POST /cms/site/install_default_theme: an existing site takes the default theme — its files are
 * written into each chosen pipe (all pipes by default), replacing templates of the same names
 * (export the theme first to keep them), and the site's home, list and detail templates
 * (Default Template tab) point at them. Catalogs that name templates of their own keep them; the
 * tab's "Apply to catalogs" hands the site's on to them. The route needs Site Edit and the
 * template keys for adding and editing (a theme is templates).
 */
export async function applyDefaultTheme(op: SiteOp, pipeCodes?: readonly string[]): Promise<{ pipes: string[]; written: number }> {
  const [site] = await op.tx.select().from(cmsSite).where(eq(cmsSite.siteId, op.site.siteId));
  if (!site) throw fail('cms.site.notFound', { siteId: op.site.siteId });
  const pipes = await pipesOf(op.tx, site.siteId);
  for (const code of pipeCodes ?? []) if (!pipes.some((p) => p.code === code)) throw fail('cms.pipe.unknown', { code });
  const chosen = pipes.filter((p) => !pipeCodes?.length || pipeCodes.includes(p.code)).map((p) => p.code);
  await savePipeProps(op, site, chosen.map((pipeCode) => ({ pipeCode, props: THEME_PROPS })));
  let written = 0;
  for (const code of chosen) written += (await installDefaultTheme(op.services.config.dataDir, site.path, code, op.locale, { replace: true })).written.length;
  return { pipes: chosen, written };
}
