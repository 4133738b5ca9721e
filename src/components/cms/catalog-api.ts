import { http } from '../../lib/request.ts';
import type { CatalogNode } from '../../lib/cms/catalog-tree.ts';
import type { SitePerm } from '../../../shared/cms/perms.ts';

/** The catalog calls of the console (server/modules/cms/catalog/routes.ts). */

const API = '/cms/catalog';
/** The current site's catalog tree, as the screens first ask for it. */
export const TREE_PATH = `${API}/treeData`;
/** Several quick steps of one gesture (a drop is a move and a sort) must not look like a repeated submit. */
const noGuard = { headers: { repeatSubmit: false } } as const;

export interface CatalogTreeReply {
  rows: CatalogNode[];
  siteName: string;
  /** the reader's rights on the site: what the top level allows (absent from a backend that does not say) */
  sitePerms?: SitePerm[];
}

/** The tree of the current site, or of `siteId` (a picker choosing a catalog of another site). */
export async function fetchTree(opts: { siteId?: string; disableLink?: boolean } = {}): Promise<CatalogTreeReply> {
  const res = await http.get<CatalogTreeReply>(TREE_PATH, opts.disableLink ? { disableLink: 'true' } : undefined, opts.siteId ? { headers: { CurrentSite: opts.siteId } } : undefined);
  return { rows: res.data?.rows ?? [], siteName: res.data?.siteName ?? '', sitePerms: res.data?.sitePerms };
}

/** A pipe's templates for this catalog (empty = the site's default). */
export interface CatalogPipeTemplates {
  pipeCode: string;
  pipeName: string;
  enabled: boolean;
  props: Record<string, string>;
}

export type CatalogDetail = Record<string, unknown> & { catalogId: number; name: string; parentId: number; parentName: string; publishPipeDatas: CatalogPipeTemplates[] };

export const fetchCatalog = async (id: number) => (await http.get<CatalogDetail>(`${API}/${id}`)).data!;
export const addCatalog = async (body: Record<string, unknown>) => (await http.post<{ catalogId: number }>(API, body)).data!;
export const saveCatalog = (body: Record<string, unknown>) => http.put(API, body);
export const removeCatalog = async (id: number) => (await http.delete<{ removed: number }>(`${API}/${id}`)).data!;
export const moveCatalog = (from: number, to: number) => http.post(`${API}/move/${from}/${to}`, undefined, noGuard);
/** Among its siblings: positive moves down, negative up (spec §4). */
export const sortCatalog = (catalogId: number, sort: number) => http.post(`${API}/sort`, { catalogId, sort }, noGuard);
export const setCatalogVisible = (catalogId: number, visible: 'Y' | 'N') => http.post(`${API}/visible`, { catalogId, visible });
/** Batch add (spec §9): one name per line, two spaces per level; quiet, so the dialog shows the server's reason itself. */
export const batchAddCatalogs = async (parentId: number, catalogs: string) =>
  (await http.post<{ catalogId: number; name: string }[]>(`${API}/batchAdd`, { parentId, catalogs }, { quiet: true })).data ?? [];
export const applyDefaultTemplate = (toCatalogIds: number[]) => http.post('/cms/site/apply_default_template', { toCatalogIds });
/**
 * The alias and folder a new catalog of this name would get under `parentId` (0 = the top level):
 * the parent's alias + '_' + the name's pinyin, the parent's folder + the pinyin (ChestnutCMS's
 * spelling call). Quiet: a proposal that fails leaves the fields to the user.
 */
export const proposeCatalogNames = async (parentId: number, name: string) =>
  (await http.post<{ alias: string; path: string }>(`${API}/spelling`, { parentId, name }, { quiet: true, headers: { repeatSubmit: false } })).data!;
