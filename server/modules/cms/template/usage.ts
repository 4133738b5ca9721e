import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { pipePropsWithDefaults } from '../../../../shared/cms/pipe-props.ts';
import { TEMPLATE_SUFFIX } from '../../../../shared/cms/template-name.ts';
import type { PageType } from '../../../../shared/cms/template-registry.ts';
import { cmsCatalog } from '../catalog/schema.ts';
import { cmsContent } from '../content/schema.ts';
import { cmsDynamicPage } from '../dynamic/schema.ts';
import type { SiteRow } from './present.ts';

/**
 * Who uses a template of a site's pipe: the site's page templates (its own or the defaults), a
 * catalog's, a content's own template, a custom dynamic page's, or another template including, rendering or extending
 * it by a literal name. Deleting or renaming a template in use is refused (pages would stop
 * publishing); the editor learns from it which page types a template renders.
 */
export interface TemplateUser {
  kind: 'site' | 'catalog' | 'content' | 'dynamicPage' | 'template';
  /** the prop (indexTemplate, listTemplate…) or the using template's name */
  what: string;
  /** a catalog's or content's name */
  name?: string;
  pageType: PageType;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether `source` names `name` in an include, render, layout or cms_include (with or without the suffix). */
export function references(source: string, name: string): boolean {
  const bare = name.slice(0, -TEMPLATE_SUFFIX.length);
  const quoted = `['"](?:${escapeRe(name)}|${escapeRe(bare)})(?:\\?[^'"]*)?['"]`;
  return new RegExp(`\\{%-?\\s*(?:include|render|layout|cms_include\\s+file\\s*[:=])\\s*${quoted}`).test(source);
}

const pageTypeOfProp = (prop: string): PageType => (prop === 'indexTemplate' ? 'index' : prop.startsWith('detailTemplate_') ? 'content' : 'catalog');

export async function templateUsers(db: DbOrTx, site: SiteRow, pipeCode: string, name: string, sources: Map<string, string>): Promise<TemplateUser[]> {
  const users: TemplateUser[] = [];
  for (const [prop, value] of Object.entries(pipePropsWithDefaults(site.publishPipeProps[pipeCode]))) {
    if (value === name && (prop.endsWith('Template') || prop.startsWith('detailTemplate_'))) users.push({ kind: 'site', what: prop, pageType: pageTypeOfProp(prop) });
  }
  const like = `%${name.replace(/[%_\\]/g, '\\$&')}%`;
  const catalogs = await db.select({ name: cmsCatalog.name, props: cmsCatalog.publishPipeProps }).from(cmsCatalog)
    .where(and(eq(cmsCatalog.siteId, site.siteId), isNull(cmsCatalog.deleteTime), sql`${cmsCatalog.publishPipeProps}::text like ${like}`));
  for (const c of catalogs) {
    for (const [prop, value] of Object.entries(c.props[pipeCode] ?? {})) {
      if (value === name) users.push({ kind: 'catalog', what: prop, name: c.name, pageType: prop === 'indexTemplate' || prop === 'listTemplate' ? 'catalog' : 'content' });
    }
  }
  const contents = await db.select({ title: cmsContent.title, props: cmsContent.publishPipeProps }).from(cmsContent)
    .where(and(eq(cmsContent.siteId, site.siteId), isNull(cmsContent.recycleTime), sql`${cmsContent.publishPipeProps}::text like ${like}`)).limit(100);
  for (const c of contents) if (c.props[pipeCode]?.template === name) users.push({ kind: 'content', what: 'template', name: c.title, pageType: 'content' });
  const pages = await db.select({ name: cmsDynamicPage.name }).from(cmsDynamicPage)
    .where(and(eq(cmsDynamicPage.siteId, site.siteId), sql`${cmsDynamicPage.templates} ->> ${pipeCode} = ${name}`));
  for (const p of pages) users.push({ kind: 'dynamicPage', what: 'templates', name: p.name, pageType: 'dynamic' });
  for (const [other, source] of sources) if (other !== name && references(source, name)) users.push({ kind: 'template', what: other, pageType: 'include' });
  return users;
}
