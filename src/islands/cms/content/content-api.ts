import { http, request, settledGet, type Envelope, type TablePage } from '../../../lib/request.ts';
import type { ContentRow } from '../../../lib/cms/content-list.ts';
import { COPY_TYPES } from '../../../../shared/cms/content.ts';

/** The content list's calls (server/modules/cms/content/routes.ts). Batch calls take the ids. */

const API = '/cms/content';

/** A page of contents; `totalCapped`: a search counted only so far, the total is a floor ("1,000+"). */
export interface ContentPage {
  rows: ContentRow[];
  total: number;
  totalCapped: boolean;
}

export const EMPTY_PAGE: ContentPage = { rows: [], total: 0, totalCapped: false };

type ContentTable = TablePage<ContentRow> & { totalCapped?: boolean };
const pageOf = (res: Envelope<ContentTable>): ContentPage => ({ rows: res.data?.rows ?? [], total: Number(res.data?.total ?? 0), totalCapped: res.data?.totalCapped === true });
// Straight to `request`, no helper between: the list's walk to its SQL is in docs/architecture.md.
const page = async (url: string, params: Record<string, unknown>): Promise<ContentPage> => pageOf(await request<ContentTable>({ url, method: 'GET', params }));

/** A catalog's (or the site's) contents. */
export const LIST_PATH = `${API}/list`;
export const listContents = async (params: Record<string, unknown>): Promise<ContentPage> => pageOf(await request<ContentTable>({ url: LIST_PATH, method: 'GET', params }));
/** The page listContents would get, if the page's head script already has it (settledGet: a render looks, an effect takes); else null. */
export const settledContents = (params: Record<string, unknown>, take: boolean): ContentPage | null => {
  const res = settledGet<ContentTable>(LIST_PATH, params, undefined, take);
  return res && pageOf(res);
};
export const listRecycled = (params: Record<string, unknown>) => page(`${API}/recycle/list`, params);

export const publishContents = async (contentIds: number[]) => (await http.post<{ published: number; scheduled: number }>(`${API}/publish`, { contentIds })).data!;
export const offlineContents = (contentIds: number[]) => http.post(`${API}/offline`, { contentIds });
/** To the recycle bin (spec §4); purging there deletes for good. */
export const removeContents = (contentIds: number[]) => http.delete(API, { contentIds });
export const moveContents = (contentIds: number[], catalogId: number) => http.post(`${API}/move`, { contentIds, catalogId });
export const copyContents = async (contentIds: number[], catalogIds: number[], mapping: boolean) =>
  (await http.post<{ contentIds: number[] }>(`${API}/copy`, { contentIds, catalogIds, copyType: mapping ? COPY_TYPES.mapping : COPY_TYPES.copy })).data?.contentIds ?? [];
/** On top until `topEndTime` (null: until cancelled). */
export const topContents = (contentIds: number[], topEndTime: Date | null) => http.post(`${API}/top`, { contentIds, topEndTime: topEndTime ? topEndTime.toISOString() : null });
export const cancelTopContents = (contentIds: number[]) => http.post(`${API}/cancelTop`, { contentIds });
export const setContentAttribute = (contentIds: number[], attr: 'recommend' | 'hot', on: boolean) => http.post(`${API}/attr`, { contentIds, attr, on });
/** Lock and unlock are per content on the server; a selection is done one by one. */
export const lockContent = (contentId: number) => http.post(`${API}/lock/${contentId}`, undefined, { headers: { repeatSubmit: false } });
export const unlockContent = (contentId: number) => http.post(`${API}/unlock/${contentId}`, undefined, { headers: { repeatSubmit: false } });
/** Places a content just before another of its catalog, taking its top state (spec §4). */
export const sortContent = (contentId: number, targetContentId: number) => http.post(`${API}/sort`, { contentId, targetContentId });
export const restoreContents = (contentIds: number[]) => http.post(`${API}/restore`, { contentIds });
export const purgeContents = (contentIds: number[]) => http.post(`${API}/purge`, { contentIds });
