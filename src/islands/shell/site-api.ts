import { request } from '../../lib/request.ts';
import { CMS_MODULE_CONFIG_KEY, DOCS_LINK_CONFIG_KEY, SOURCE_LINK_CONFIG_KEY } from '../../lib/constants.ts';
import { $currentSite } from '../../stores/site.ts';

/** The navbar's calls (spec §4, §7). Optional features: failures hide them quietly. */

export async function configValue(key: string): Promise<string> {
  try {
    const res = await request<unknown>({ url: `/system/config/configKey/${encodeURIComponent(key)}`, quiet: true });
    return res.data === undefined || res.data === null ? '' : String(res.data);
  } catch {
    return '';
  }
}

export interface NavbarConfig {
  cmsEnabled: boolean;
  docs: string;
  source: string;
}

export async function loadNavbarConfig(): Promise<NavbarConfig> {
  const [cms, docs, source] = await Promise.all([configValue(CMS_MODULE_CONFIG_KEY), configValue(DOCS_LINK_CONFIG_KEY), configValue(SOURCE_LINK_CONFIG_KEY)]);
  return { cmsEnabled: cms === 'true', docs, source };
}

export interface CurrentSite {
  siteId: string;
  siteName: string;
}

export interface SiteRow {
  siteId: string | number;
  name: string;
  path?: string;
  url?: string;
  domain?: string;
}

/** POST setCurrentSite/{id}: the picker counts only a code 200 reply that carries data. */
export async function setCurrentSite(siteId: string, quiet = true): Promise<boolean> {
  try {
    const res = await request<unknown>({ url: `/cms/site/setCurrentSite/${encodeURIComponent(siteId)}`, method: 'POST', quiet, headers: { repeatSubmit: false } });
    if (res.code !== 200 || res.data === undefined || res.data === null) return false;
    $currentSite.set(siteId);
    return true;
  } catch {
    return false;
  }
}

/** The current site, made current on the server too; null when the site picker must stay hidden. */
export async function probeCurrentSite(): Promise<CurrentSite | null> {
  try {
    const res = await request<{ siteId?: unknown; siteName?: unknown }>({ url: '/cms/site/getCurrentSite', quiet: true });
    const siteId = res.data?.siteId;
    if (siteId === undefined || siteId === null || siteId === '') return null;
    const site = { siteId: String(siteId), siteName: String(res.data?.siteName ?? '') };
    return (await setCurrentSite(site.siteId)) ? site : null;
  } catch {
    return null;
  }
}

export async function listSites(query: { siteName: string; pageNum: number; pageSize: number }): Promise<{ rows: SiteRow[]; total: number }> {
  const res = await request<{ rows?: SiteRow[]; total?: number | string }>({ url: '/cms/site/list', params: query });
  return { rows: res.data?.rows ?? [], total: Number(res.data?.total ?? 0) || 0 };
}
