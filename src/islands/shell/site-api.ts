import { request } from '../../lib/request.ts';
import { CMS_MODULE_CONFIG_KEY, DOCS_LINK_CONFIG_KEY, SOURCE_LINK_CONFIG_KEY } from '../../../shared/constants.ts';
import { $currentSite } from '../../stores/site.ts';
import { $permissions, loadUserInfo } from '../../stores/session.ts';
import { hasPermission } from '../../lib/auth/permission.ts';

/** The menu permission POST setCurrentSite asks for (siteResource.perms.view; that module is not the shell's to load). */
const SITE_VIEW_PERM = 'cms:site:view';

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

/**
 * The current site; null when the site picker must stay hidden. getCurrentSite answers only with a
 * site the user may view (Site View granted), so what setCurrentSite would check on top is the menu
 * permission, which getInfo (asked for at the same time) tells: no third round trip before the
 * picker shows. The server stores no current site (the CurrentSite header names it on each call).
 */
export async function probeCurrentSite(): Promise<CurrentSite | null> {
  try {
    const [res] = await Promise.all([request<{ siteId?: unknown; siteName?: unknown }>({ url: '/cms/site/getCurrentSite', quiet: true }), loadUserInfo()]);
    const siteId = res.data?.siteId;
    if (siteId === undefined || siteId === null || siteId === '' || !hasPermission($permissions.get(), SITE_VIEW_PERM)) return null;
    const site = { siteId: String(siteId), siteName: String(res.data?.siteName ?? '') };
    $currentSite.set(site.siteId);
    return site;
  } catch {
    return null;
  }
}

export async function listSites(query: { siteName: string; pageNum: number; pageSize: number }): Promise<{ rows: SiteRow[]; total: number }> {
  const res = await request<{ rows?: SiteRow[]; total?: number | string }>({ url: '/cms/site/list', params: query });
  return { rows: res.data?.rows ?? [], total: Number(res.data?.total ?? 0) || 0 };
}
