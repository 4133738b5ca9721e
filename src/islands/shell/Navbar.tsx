import { lazy, Suspense, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $sidebar, toggleSidebar } from '../../stores/app.ts';
import { $settings } from '../../stores/layout.ts';
import { useT } from '../../lib/i18n/react.ts';
import shell from '../../lib/i18n/ns/shell.ts';
import { useHydratedStore } from '../../lib/react/use-store.ts';
import { SHELL_SETTLE_MAX_MS, settlingAttribute, useSettled } from '../../lib/react/use-settled.ts';
import { NavBreadcrumb } from './NavBreadcrumb.tsx';
import { TopMenu } from './TopMenu.tsx';
import { HeaderSearch } from './HeaderSearch.tsx';
import { FullscreenButton, LanguageMenu, SizeMenu } from './NavTools.tsx';
import { SitePicker } from './SitePicker.tsx';
import { PublishIndicator } from './PublishIndicator.tsx';
import { UserMenu } from './UserMenu.tsx';
import { loadNavbarConfig, type NavbarConfig } from './site-api.ts';
import { DEFAULT_LAYOUT_SETTINGS } from '../../../shared/constants.ts';
import { allows, usePermissions } from '../../stores/permission-gate.ts';
import { $currentSite } from '../../stores/site.ts';
import { $user } from '../../stores/session.ts';
import { REVIEW_VIEW } from '../../../shared/workflow/keys.ts';

// Reviewers' count of waiting reviews: its own small chunk, fetched only for them.
const ReviewBadge = lazy(() => import('../workflow/ReviewBadge.tsx'));

/** The navbar (spec §2): hamburger, breadcrumb or top menu, then the tools and the user. */
export function Navbar() {
  const t = useT(shell);
  const sidebar = useHydratedStore($sidebar, { opened: true, withoutAnimation: false });
  const settings = useHydratedStore($settings, { ...DEFAULT_LAYOUT_SETTINGS });
  const [config, setConfig] = useState<NavbarConfig | null>(null);
  const perms = usePermissions();
  const site = useStore($currentSite);

  const user = useHydratedStore($user);
  const [siteProbed, setSiteProbed] = useState(false);

  useEffect(() => {
    void loadNavbarConfig().then(setConfig);
  }, []);
  // The tools, the site and the user arrive one after another and each widens the right-aligned
  // group, which would move everything to its left (a layout shift on every first load): the group
  // is laid out hidden until what decides its width has arrived, then shown at once.
  const settled = useSettled(config !== null && user !== null && (!config.cmsEnabled || siteProbed), SHELL_SETTLE_MAX_MS);

  return (
    <header className="shell-navbar" data-testid="shell-navbar">
      <button type="button" className={`shell-hamburger${sidebar.opened ? ' is-active' : ''}`} onClick={toggleSidebar} aria-label={t('header.hamburger')} aria-expanded={sidebar.opened} title={t('header.hamburger')}>
        <i className="pi pi-bars" aria-hidden="true" />
      </button>
      <div className="shell-navbar-center">{settings.topNav ? <TopMenu /> : <NavBreadcrumb />}</div>
      <div className="shell-navbar-right" {...settlingAttribute(settled)}>
        <HeaderSearch />
        {config?.cmsEnabled && <SitePicker onProbed={() => setSiteProbed(true)} />}
        {config?.cmsEnabled && <PublishIndicator />}
        {/* The badge's code arrives after the group is shown: its place is kept meanwhile. */}
        {config?.cmsEnabled && site && allows(perms, REVIEW_VIEW) && <Suspense fallback={<span className="shell-tool" aria-hidden="true" />}><ReviewBadge /></Suspense>}
        {config?.docs && (
          <a className="shell-tool" href={config.docs} target="_blank" rel="noopener noreferrer" title={t('header.docs')} aria-label={t('header.docs')} data-testid="link-docs">
            <i className="pi pi-question-circle" aria-hidden="true" />
          </a>
        )}
        {config?.source && (
          <a className="shell-tool" href={config.source} target="_blank" rel="noopener noreferrer" title={t('header.source')} aria-label={t('header.source')} data-testid="link-source">
            <i className="pi pi-github" aria-hidden="true" />
          </a>
        )}
        <FullscreenButton />
        <SizeMenu />
        <LanguageMenu />
        <UserMenu />
      </div>
    </header>
  );
}
