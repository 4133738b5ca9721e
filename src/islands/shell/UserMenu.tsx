import { useRef, useState } from 'react';
import { $user, logout } from '../../stores/session.ts';
import { $settingsOpen } from '../../stores/layout.ts';
import { confirm } from '../../stores/notify.ts';
import { useHydratedStore } from '../../lib/react/use-store.ts';
import { useT } from '../../lib/i18n/react.ts';
import { PopupMenu, type PopupMenuHandle } from '../../components/widgets/PopupMenu.tsx';
import shell from '../../lib/i18n/ns/shell.ts';
import common from '../../lib/i18n/ns/common.ts';
import { HOME_PATH } from '../../../shared/constants.ts';
import { go } from '../../lib/routes/navigation.ts';

/** The user dropdown (spec §1): account center, preference, layout settings, logout (Yes/No). */
export function UserMenu() {
  const t = useT(shell);
  const tc = useT(common);
  const user = useHydratedStore($user);
  const menu = useRef<PopupMenuHandle>(null);

  const onLogout = async () => {
    const ok = await confirm({ header: t('logout.title'), message: t('logout.message'), acceptLabel: tc('actions.yes'), rejectLabel: tc('actions.no'), severity: 'warn' });
    if (!ok) return;
    await logout();
    location.href = HOME_PATH;
  };

  const model = [
    { label: t('header.profile'), icon: 'pi pi-user', command: () => void go('/user/profile') },
    { label: t('header.preference'), icon: 'pi pi-sliders-h', command: () => void go('/user/preference') },
    { label: t('header.layoutSettings'), icon: 'pi pi-palette', command: () => $settingsOpen.set(true) },
    { separator: true },
    { label: t('header.logout'), icon: 'pi pi-sign-out', className: 'shell-logout', command: () => void onLogout() },
  ];
  const name = user?.nickName ?? '';
  const avatar = user?.avatarSrc || '';
  return (
    <>
      <button type="button" className="shell-user" onClick={(e) => menu.current?.toggle(e)} aria-haspopup="menu" data-testid="shell-user">
        <UserAvatar image={avatar} initial={name.slice(0, 1).toUpperCase() || ' '} />
        {/* Named by what it shows, then what it is: a name that begins with the visible text is the one speech input matches (WCAG 2.5.3). */}
        <span className="shell-user-name">{name}</span>
        <span className="visually-hidden">{t('header.userMenu')}</span>
        <i className="pi pi-angle-down" aria-hidden="true" />
      </button>
      <PopupMenu model={model} ref={menu} className="shell-popup-menu shell-user-menu" id="shell-user-menu" />
    </>
  );
}

/**
 * The user's picture, or the initial of their name (also when the picture does not load): PrimeReact's
 * Avatar markup and classes without the component, so the shell loads no PrimeReact (issue 12).
 */
function UserAvatar({ image, initial }: { image: string; initial: string }) {
  const [failed, setFailed] = useState(false);
  if (image && !failed) {
    return (
      <div className="shell-avatar p-avatar p-component p-avatar-image p-avatar-circle">
        <img src={image} alt="" onError={() => setFailed(true)} />
      </div>
    );
  }
  return (
    <div className="shell-avatar p-avatar p-component p-avatar-circle" aria-hidden="true">
      <span className="p-avatar-text">{initial}</span>
    </div>
  );
}
