import { http } from '../../lib/request.ts';
import type { SiteConfigGroup } from '../../../shared/cms/site-config.ts';

/** A tab's values as the server sends them: strings, `has<Key>` flags of secrets, an image's address. */
export type GroupValues = Record<string, string | boolean | null>;

export const fetchGroup = async (group: SiteConfigGroup) => (await http.get<GroupValues>(`/cms/setting/${group}`)).data ?? {};
export const saveGroup = (group: SiteConfigGroup, values: Record<string, string>) => http.post(`/cms/setting/${group}`, values);
export const fetchCurrentSiteName = async () => (await http.get<{ siteName: string }>('/cms/site/getCurrentSite')).data?.siteName ?? '';

/** One push or purge of the current site's push log (server: seo/routes.ts). */
export interface PushJob {
  jobId: number;
  target: 'indexnow' | 'baidu' | 'cdn';
  pipeCode: string;
  urls: string[];
  urlCount: number;
  status: 'PENDING' | 'RUNNING' | 'SUCCESS' | 'FAILED';
  attempts: number;
  httpStatus: number | null;
  response: string | null;
  createTime: string;
}
export const fetchPushLog = async (pageNum: number, pageSize: number) =>
  (await http.get<{ rows: PushJob[]; total: number }>('/cms/seo/logs', { pageNum, pageSize })).data ?? { rows: [], total: 0 };
export const retryPush = (jobId: number) => http.post(`/cms/seo/logs/${jobId}/retry`);
