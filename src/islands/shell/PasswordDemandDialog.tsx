import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { $passwordDemand } from '../../stores/session.ts';
import { useHydratedStore } from '../../lib/react/use-store.ts';
import { useT } from '../../lib/i18n/react.ts';
import shell from '../../lib/i18n/ns/shell.ts';
import { BASE_PATH, PROFILE_PATH, RESET_PASSWORD_PATH } from '../../../shared/constants.ts';
import { useStore } from '@nanostores/react';
import { $current } from '../../stores/routes.ts';
import { Icon } from '../../components/Icon.tsx';

/**
 * Forced password change or expired password (spec §4): a modal without a close button, Escape or
 * mask click; its only way out is the account center's password tab.
 */
export function PasswordDemandDialog() {
  const t = useT(shell);
  const demand = useHydratedStore($passwordDemand, null);
  const current = useStore($current);
  // The account center is where the password gets changed: the dialog must not cover it. The
  // island persists across page swaps, so the path comes from the store, not from the first render.
  const onProfile = current.path !== '/' ? `${BASE_PATH}${current.path.slice(1)}` === PROFILE_PATH : typeof location !== 'undefined' && location.pathname.replace(/\/+$/, '') === PROFILE_PATH;
  return (
    <Dialog
      // A computed store has no initial value for hydration: undefined must read as "no demand".
      visible={Boolean(demand) && !onProfile}
      onHide={() => {
        /* cannot be dismissed */
      }}
      header={t('password.title')}
      closable={false}
      closeOnEscape={false}
      dismissableMask={false}
      draggable={false}
      resizable={false}
      modal
      blockScroll
      className="password-demand-dialog"
      style={{ width: 'min(440px, calc(100vw - 32px))' }}
      footer={<Button label={t('password.change')} autoFocus onClick={() => location.assign(RESET_PASSWORD_PATH)} />}
    >
      <div className="password-demand-body" data-testid="password-demand">
        <Icon name="shield" className="icon password-demand-icon" />
        <p>{demand === 'expired' ? t('password.expired') : t('password.force')}</p>
      </div>
    </Dialog>
  );
}
