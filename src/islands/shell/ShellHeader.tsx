import { PrimeReactProvider } from 'primereact/api';
import { Dropdown } from 'primereact/dropdown';
import { Button } from 'primereact/button';
import { Avatar } from 'primereact/avatar';
import { $user, logout } from '../../stores/session.ts';
import { chooseLanguage, LOCALES, type Locale } from '../../stores/locale.ts';
import { confirm } from '../../stores/notify.ts';
import { useHydratedStore } from '../../lib/react/use-store.ts';
import { useLocale, useT } from '../../lib/i18n/react.ts';
import shell from '../../lib/i18n/ns/shell.ts';
import common from '../../lib/i18n/ns/common.ts';
import { BASE_PATH, HOME_PATH } from '../../lib/constants.ts';
import { Icon } from '../../components/Icon.tsx';
import { Logo } from '../../components/Logo.tsx';

/**
 * The console header for now: brand, Home, language, the user and logout. A later issue replaces
 * it with the full navbar (breadcrumb, search, site picker…); the pieces here carry over.
 */
export default function ShellHeader() {
  const t = useT(shell);
  const tc = useT(common);
  const lng = useLocale();
  const user = useHydratedStore($user);

  const onLogout = async () => {
    const ok = await confirm({ header: t('logout.title'), message: t('logout.message'), acceptLabel: tc('actions.yes'), rejectLabel: tc('actions.no'), severity: 'warn' });
    if (!ok) return;
    await logout();
    location.href = HOME_PATH;
  };

  const name = user?.nickName ?? '';
  return (
    <PrimeReactProvider>
      <header className="shell-header">
        <a className="shell-brand" href={BASE_PATH}>
          <Logo size={28} />
          <span>{tc('appName')}</span>
        </a>
        <nav className="shell-nav" aria-label={tc('appName')}>
          <a className="shell-nav-link" href={HOME_PATH}>
            <Icon name="home" />
            <span>{t('header.home')}</span>
          </a>
        </nav>
        <div className="shell-actions">
          <Dropdown
            className="shell-language"
            value={lng}
            options={LOCALES.map((l) => ({ value: l, label: tc(`language.${l}`) }))}
            onChange={(e) => chooseLanguage(e.value as Locale)}
            valueTemplate={(option: { label: string } | null) => (
              <span className="shell-language-value">
                <Icon name="globe" />
                <span>{option?.label}</span>
              </span>
            )}
            aria-label={t('header.language')}
            panelClassName="shell-language-panel"
          />
          <span className="shell-user" data-testid="shell-user">
            <Avatar label={name.slice(0, 1).toUpperCase() || ' '} shape="circle" className="shell-avatar" aria-hidden="true" />
            <span className="shell-user-name">{name}</span>
          </span>
          <Button className="shell-logout" text severity="secondary" onClick={() => void onLogout()} aria-label={t('header.logout')}>
            <Icon name="logout" />
            <span className="shell-logout-label">{t('header.logout')}</span>
          </Button>
        </div>
      </header>
    </PrimeReactProvider>
  );
}
