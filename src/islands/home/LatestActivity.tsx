import { useT } from '../../lib/i18n/react.ts';
import home from '../../lib/i18n/ns/home.ts';
import { editorHref, type DashboardActivity } from '../../lib/cms/dashboard.ts';

/** The site's latest content changes, newest first, each opening the content in its editor. */
export function LatestActivity({ items, statusLabel }: { items: DashboardActivity[]; statusLabel: (status: string) => string }) {
  const t = useT(home);
  return (
    <div className="home-dashboard-list home-dashboard-activity" data-testid="dashboard-activity">
      <h3>{t('dashboard.activity')}</h3>
      {items.length ? (
        <ul>
          {items.map((a) => (
            <li key={a.contentId}>
              <a href={editorHref(a.contentId)} className="home-dashboard-activity-title">{a.title}</a>
              <span className="home-dashboard-activity-meta">
                <span className="home-dashboard-tag">{statusLabel(a.status)}</span>
                {' '}{a.by} · <time dateTime={a.time.replace(' ', 'T')}>{a.time}</time>
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="home-dashboard-none">{t('dashboard.activityNone')}</p>
      )}
    </div>
  );
}
