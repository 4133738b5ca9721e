import { http } from '../../../lib/request.ts';
import { siteHeaders } from '../../../lib/cms/site-scope.ts';
import type { GroupValues } from '../settings-api.ts';

/**
 * The calls of a site's edit tabs. The site travels in the path or as the row's id where the API
 * names it (GET /cms/site/{id}, PUT /cms/site, POST /cms/site/extends/{id}); the tabs' other calls
 * work on "the current site", so they name this site in the CurrentSite header (`siteHeaders`),
 * which the server checks like any current site.
 */

export type PipeProps = Record<string, unknown>;

/** One pipe's props as the site's detail carries them (ChestnutCMS `publishPipeDatas`). */
export interface PipeData {
  pipeCode: string;
  pipeName: string;
  enabled: boolean;
  props: PipeProps;
}

export interface SiteDetail {
  siteId: number;
  name: string;
  path: string;
  url?: string;
  description?: string | null;
  logo?: string | null;
  domain?: string | null;
  resourceUrl?: string | null;
  staticSuffix?: string | null;
  sortFlag?: number | null;
  seoTitle?: string | null;
  seoKeywords?: string | null;
  seoDescription?: string | null;
  publishPipeDatas: PipeData[];
}

const on = (siteId: number) => ({ headers: siteHeaders(siteId) });

export const fetchSite = async (siteId: number) => (await http.get<SiteDetail>(`/cms/site/${siteId}`)).data!;
export const saveSite = (body: Record<string, unknown>) => http.put('/cms/site', body);

export const fetchExtends = async (siteId: number) => (await http.get<GroupValues>('/cms/site/extends', undefined, on(siteId))).data ?? {};
export const saveExtends = (siteId: number, values: Record<string, string>) => http.post(`/cms/site/extends/${siteId}`, values);

export interface DefaultTemplates {
  siteId: number;
  publishPipeProps: PipeData[];
}
export const fetchDefaultTemplates = async (siteId: number) => (await http.get<DefaultTemplates>('/cms/site/default_template', undefined, on(siteId))).data!;
export const saveDefaultTemplates = (siteId: number, publishPipeProps: { pipeCode: string; props: PipeProps }[]) =>
  http.post('/cms/site/default_template', { publishPipeProps }, on(siteId));
/** The default theme into every pipe of the site (POST /cms/site/install_default_theme). */
export const installDefaultTheme = async (siteId: number) => (await http.post<{ pipes: string[]; written: number }>('/cms/site/install_default_theme', {}, on(siteId))).data!;
export const applyDefaultTemplates = (siteId: number, toCatalogIds: number[], pipeCodes: string[]) =>
  http.post('/cms/site/apply_default_template', { toCatalogIds, pipeCodes }, on(siteId));

/** A node of the site's catalog tree (GET /cms/catalog/treeData). */
export interface CatalogNode {
  id: number;
  label: string;
  disabled: boolean;
  children?: CatalogNode[];
}
export const fetchCatalogTree = async (siteId: number) => (await http.get<{ rows: CatalogNode[] }>('/cms/catalog/treeData', undefined, on(siteId))).data?.rows ?? [];
