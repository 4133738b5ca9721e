import { http } from '../../lib/request.ts';
import type { SiteConfigGroup } from '../../../shared/cms/site-config.ts';

/** A tab's values as the server sends them: strings, `has<Key>` flags of secrets, an image's address. */
export type GroupValues = Record<string, string | boolean | null>;

export const fetchGroup = async (group: SiteConfigGroup) => (await http.get<GroupValues>(`/cms/setting/${group}`)).data ?? {};
export const saveGroup = (group: SiteConfigGroup, values: Record<string, string>) => http.post(`/cms/setting/${group}`, values);
export const fetchCurrentSiteName = async () => (await http.get<{ siteName: string }>('/cms/site/getCurrentSite')).data?.siteName ?? '';
