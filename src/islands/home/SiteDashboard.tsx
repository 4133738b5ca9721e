import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useT } from '../../lib/i18n/react.ts';
import home from '../../lib/i18n/ns/home.ts';
import { request } from '../../lib/request.ts';
import { allows, usePermissions } from '../../stores/permission-gate.ts';
import { BASE_PATH } from '../../../shared/constants.ts';
import { ContentStatus } from '../../../shared/cms/content.ts';
import { dashboardOf, type SiteStat } from '../../lib/cms/dashboard.ts';
import { $currentSite } from '../../stores/site.ts';
import { $dicts, loadDict } from '../../stores/dicts.ts';

const STATUS_DICT = 'CMSContentStatus';
/** Whoever may open the catalog or content screen has CMS rights worth a dashboard. */
const CMS_KEYS = ['cms:content:view', 'cms:catalog:view'];

/**
 * Home's dashboard for the current site (issue 10 §2): contents in all and by status and type,
 * catalogs and resources, as far as the user may see them. Shown only to users with CMS rights
 * once the navbar has a current site; any failure leaves Home as it was.
 */
export function SiteDashboard() {
  const t = useT(home);
  const perms = usePermissions();
  const site = useStore($currentSite);
  const dicts = useStore($dicts);
  const [stat, setStat] = useState<SiteStat | null>(null);
  const permitted = CMS_KEYS.some((k) => allows(perms, k));

  useEffect(() => {
    if (!permitted || !site) return setStat(null);
    let live = true;
    request<SiteStat>({ url: '/cms/content/stat', quiet: true })
      .then((res) => live && setStat(res.data ?? null))
      .catch(() => live && setStat(null));
    void loadDict(STATUS_DICT).catch(() => undefined);
    return () => {
      live = false;
    };
  }, [permitted, site]);

  if (!stat) return null;
  const d = dashboardOf(stat);
  const statusLabel = (s: string) => dicts[STATUS_DICT]?.find((o) => o.value === s)?.label ?? (s === ContentStatus.ARCHIVED ? t('dashboard.archived') : s);
  const link = (path: string, perm: string) => (allows(perms, perm) ? `${BASE_PATH}${path}` : undefined);
  const cards: { key: 'contents' | 'published' | 'catalogs' | 'resources'; icon: string; value: number; href?: string }[] = [
    { key: 'contents', icon: 'pi-file', value: d.total, href: link('configs/content', 'cms:content:view') },
    { key: 'published', icon: 'pi-send', value: d.published, href: link('configs/content', 'cms:content:view') },
    { key: 'catalogs', icon: 'pi-sitemap', value: stat.catalogs, href: link('configs/catalog', 'cms:catalog:view') },
    ...(stat.resources === null ? [] : [{ key: 'resources' as const, icon: 'pi-images', value: stat.resources, href: link('configs/resource', 'cms:resource:view') }]),
  ];

  return (
    <section className="home-dashboard" data-testid="home-dashboard" aria-label={t('dashboard.title', { site: stat.siteName })}>
      <h2 className="home-dashboard-title">
        <i className="pi pi-globe" aria-hidden="true" />
        {t('dashboard.title', { site: stat.siteName })}
      </h2>
      <div className="home-dashboard-cards">
        {cards.map((c) => {
          const body = (
            <>
              <i className={`pi ${c.icon}`} aria-hidden="true" />
              <span className="home-dashboard-value" data-testid={`dashboard-${c.key}`}>{c.value}</span>
              <span className="home-dashboard-label">{t(`dashboard.${c.key}`)}</span>
            </>
          );
          return c.href ? <a key={c.key} className="home-dashboard-card" href={c.href}>{body}</a> : <div key={c.key} className="home-dashboard-card">{body}</div>;
        })}
      </div>
      <div className="home-dashboard-lists">
        <div className="home-dashboard-list" data-testid="dashboard-by-status">
          <h3>{t('dashboard.byStatus')}</h3>
          {d.statuses.length ? (
            <ul>
              {d.statuses.map((s) => (
                <li key={s.status}>
                  <span className="home-dashboard-name">{statusLabel(s.status)}</span>
                  <span className="home-dashboard-bar" aria-hidden="true"><span style={{ width: `${s.share}%` }} /></span>
                  <span className="home-dashboard-count">{s.count}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="home-dashboard-none">{t('dashboard.none')}</p>
          )}
        </div>
        <div className="home-dashboard-list" data-testid="dashboard-by-type">
          <h3>{t('dashboard.byType')}</h3>
          <ul>
            {d.types.map((x) => (
              <li key={x.type}>
                <span className="home-dashboard-name">{t(`dashboard.types.${x.type}`)}</span>
                <span className="home-dashboard-bar" aria-hidden="true"><span style={{ width: `${x.share}%` }} /></span>
                <span className="home-dashboard-count">{x.count}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
