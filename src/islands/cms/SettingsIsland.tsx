import '../../stores/request-context.ts'; // first: the request core's language, site and notices (see the file)
import { lazy, Suspense, useEffect, useState } from 'react';
import { PrimeReactProvider } from '../../components/widgets/prime-provider.ts';
import { TabView, TabPanel } from 'primereact/tabview';
import { useT } from '../../lib/i18n/react.ts';
import cms from '../../lib/i18n/ns/cms.ts';
import '../../lib/i18n/ns/fields.ts';
import '../../lib/i18n/ns/validation.ts';
import { SettingsTab } from './SettingsTab.tsx';
import { fetchCurrentSiteName } from './settings-api.ts';
import { SETTINGS_GROUPS } from '../../../shared/cms/site-config.ts';
import '../resource/resource.css';
import './settings.css';

// The push log's table and pager load when its tab is opened: the settings tabs need neither.
const PushLogTab = lazy(() => import('./PushLogTab.tsx').then((m) => ({ default: m.PushLogTab })));

/** /configs/settings: the current site's CMS settings, one tab per group (spec §2), then the CDN and the push log. */
export default function SettingsIsland() {
  const t = useT(cms);
  const [site, setSite] = useState('');
  const [active, setActive] = useState(0);
  useEffect(() => {
    void fetchCurrentSiteName().then(setSite).catch(() => undefined);
  }, []);
  return (
    <PrimeReactProvider>
      <section className="settings-screen" data-testid="cms-settings">
        {site ? <p className="settings-site">{t('settings.site', { name: site })}</p> : null}
        <TabView activeIndex={active} onTabChange={(e) => setActive(e.index)}>
          {SETTINGS_GROUPS.map((group) => (
            <TabPanel key={group} header={t(`settings.tabs.${group}`)}>
              <SettingsTab group={group} />
            </TabPanel>
          ))}
          {/* What the site sent after its publishes: search-engine pushes and CDN purges (seo/routes.ts). */}
          <TabPanel header={t('settings.log.tab')}>
            <Suspense fallback={null}>
              <PushLogTab />
            </Suspense>
          </TabPanel>
        </TabView>
      </section>
    </PrimeReactProvider>
  );
}
