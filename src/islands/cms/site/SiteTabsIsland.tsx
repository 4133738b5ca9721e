import '../../../stores/request-context.ts'; // first: the request core's language, site and notices (see the file)
import { useCallback, useEffect, useMemo, useState } from 'react';
import { PrimeReactProvider } from '../../../components/widgets/prime-provider.ts';
import { TabView, TabPanel } from 'primereact/tabview';
import { Button } from 'primereact/button';
import { SkeletonBar } from '../../../components/widgets/SkeletonBar.tsx';
import { useT } from '../../../lib/i18n/react.ts';
import cms from '../../../lib/i18n/ns/cms.ts';
import '../../../lib/i18n/ns/fields.ts';
import '../../../lib/i18n/ns/validation.ts';
import { translate } from '../../../lib/i18n/i18n.ts';
import { allows } from '../../../stores/permission-gate.ts';
import { FORBIDDEN_PATH } from '../../../../shared/constants.ts';
import { go } from '../../../lib/routes/navigation.ts';
import { onSite } from '../../../lib/cms/site-scope.ts';
import { siteResource } from '../../../../shared/resources/cms/site.ts';
import { sitePropertyResource } from '../../../../shared/resources/cms/site-property.ts';
import { $permissions, loadUserInfo } from '../../../stores/session.ts';
import { useLeaveGuard } from '../../../components/widgets/use-leave-guard.ts';
import { askToConfirm } from '../../../components/form/confirm.ts';
import { ResourceScreen } from '../../resource/ResourceScreen.tsx';
import { SettingsTab, type SettingsSource } from '../SettingsTab.tsx';
import { BasicTab } from './BasicTab.tsx';
import { ExtendPanel } from '../xmodel/ExtendPanel.tsx';
import { ReviewBindingPanel } from '../../workflow/ReviewBindingPanel.tsx';
import { DefaultTemplateTab } from './DefaultTemplateTab.tsx';
import { fetchExtends, fetchSite, saveExtends, type SiteDetail } from './site-api.ts';
import '../../resource/resource.css';
import '../settings.css';
import './site-tabs.css';

const TABS = ['basic', 'extend', 'property', 'defaultTemplate'] as const;
type TabName = (typeof TABS)[number];
const LIST_ROUTE = '/configs/site';

/** The site a link names (`?siteId=`), when it is an id. */
const siteIdOfUrl = () => {
  const raw = new URLSearchParams(location.search).get('siteId') ?? '';
  return /^\d{1,15}$/.test(raw) ? Number(raw) : null;
};

/**
 * /cms/site/tabs?siteId= (spec §2, hidden, under the Sites menu): one site's Basic, Extend,
 * Property and Default Template tabs. Each tab works on this site, whichever the picker shows.
 * A tab with unsaved changes asks before another tab, or another page, replaces it.
 */
export default function SiteTabsIsland() {
  const t = useT(cms);
  const [siteId, setSiteId] = useState<number | null | undefined>(undefined);
  const [site, setSite] = useState<SiteDetail | null>(null);
  const [failed, setFailed] = useState(false);
  const [active, setActive] = useState(0);
  const [dirty, setDirty] = useState<Record<TabName, boolean>>({ basic: false, extend: false, property: false, defaultTemplate: false });

  useEffect(() => {
    setSiteId(siteIdOfUrl());
    // Served to anyone as a static page: without the Sites view permission it is 401, as the menu's screen.
    void loadUserInfo()
      .then(() => {
        if (!allows($permissions.get(), siteResource.perms.view)) location.replace(FORBIDDEN_PATH);
      })
      .catch(() => undefined);
  }, []);
  const load = useCallback(async () => {
    if (!siteId) return;
    try {
      setSite(await fetchSite(siteId));
    } catch {
      setFailed(true);
    }
  }, [siteId]);
  useEffect(() => {
    void load();
  }, [load]);

  const anyDirty = Object.values(dirty).some(Boolean);
  useLeaveGuard(anyDirty, () => translate('cms:site.unsaved'));
  const dirtyOf = useMemo(() => Object.fromEntries(TABS.map((tab) => [tab, (d: boolean) => setDirty((x) => (x[tab] === d ? x : { ...x, [tab]: d }))])) as Record<TabName, (d: boolean) => void>, []);
  const extendSource = useMemo<SettingsSource | null>(
    () => (siteId ? { fetch: () => fetchExtends(siteId), save: (values) => saveExtends(siteId, values), editPerm: siteResource.perms.edit! } : null),
    [siteId],
  );
  const properties = useMemo(() => (siteId ? onSite(sitePropertyResource, siteId) : null), [siteId]);

  async function changeTab(index: number) {
    const leaving = TABS[active]!;
    if (index === active) return;
    if (dirty[leaving] && !(await askToConfirm(t('site.unsaved')))) return;
    setDirty((x) => ({ ...x, [leaving]: false }));
    setActive(index);
  }

  const back = <Button type="button" size="small" text icon="pi pi-arrow-left" label={t('site.back')} onClick={() => void go(LIST_ROUTE)} data-testid="site-tabs-back" />;
  let body;
  if (siteId === null || failed) body = <p className="site-tab-note" role="alert">{t(failed ? 'site.notFound' : 'site.noSite')}</p>;
  else if (!site || !siteId || !extendSource || !properties) body = <><SkeletonBar height="2.5rem" className="mb-2" /><SkeletonBar height="20rem" /></>;
  else {
    body = (
      <TabView activeIndex={active} onTabChange={(e) => void changeTab(e.index)}>
        <TabPanel header={t('site.tabs.basic')}>
          <BasicTab site={site} onSaved={load} onDirty={dirtyOf.basic} />
        </TabPanel>
        <TabPanel header={t('site.tabs.extend')}>
          <SettingsTab group="extend" source={extendSource} onDirty={dirtyOf.extend} headingLevel={3} />
          <ExtendPanel target={{ bindTo: 'site', siteId }} canEdit={allows($permissions.get(), siteResource.perms.edit!)} />
          <ReviewBindingPanel target={{ kind: 'site', siteId }} canEdit={allows($permissions.get(), siteResource.perms.edit!)} />
        </TabPanel>
        <TabPanel header={t('site.tabs.property')}>
          <ResourceScreen def={properties} />
        </TabPanel>
        <TabPanel header={t('site.tabs.defaultTemplate')}>
          <DefaultTemplateTab siteId={siteId} onDirty={dirtyOf.defaultTemplate} />
        </TabPanel>
      </TabView>
    );
  }
  return (
    <PrimeReactProvider>
      <section className="settings-screen site-tabs" data-testid="site-tabs">
        <header className="site-tabs-head">
          {back}
          {site ? (
            <div className="site-tabs-title">
              <h2>{site.name}</h2>
              <span className="site-tabs-meta">{t('site.folderOf', { path: site.path })}{site.url ? <> · <a href={site.url} target="_blank" rel="noopener noreferrer">{site.url}</a></> : null}</span>
            </div>
          ) : null}
        </header>
        {body}
      </section>
    </PrimeReactProvider>
  );
}
