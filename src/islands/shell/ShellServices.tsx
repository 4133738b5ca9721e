import { lazy, Suspense } from 'react';
import { useStore } from '@nanostores/react';
import { PrimeReactProvider } from 'primereact/api';
import { shellPrimeValue } from './prime-config.ts';
import { SessionGate } from './SessionGate.tsx';
import { $settingsOpen } from '../../stores/layout.ts';
import { $passwordDemand } from '../../stores/session.ts';
import { useHydratedStore } from '../../lib/react/use-store.ts';
import { useIdle, useOnce } from './use-once.ts';
import { $confirms, $notices } from '../../stores/notify.ts';

// Parts load the first time they are needed (issue 12: a page's first content does not wait for
// them): the password demand when the server makes one, the drawer when opened. The notice host
// stays: the sign-in page shares it, and a question must show at once.
const NotifyHost = lazy(() => import('../notify/NotifyHost.tsx').then((m) => ({ default: m.NotifyHost })));
const PasswordDemandDialog = lazy(() => import('./PasswordDemandDialog.tsx').then((m) => ({ default: m.PasswordDemandDialog })));
const SettingsDrawer = lazy(() => import('./SettingsDrawer.tsx'));

/** The invisible parts of the console frame in one island: notices, session loading, password demand, settings. */
export default function ShellServices() {
  const notices = useStore($notices);
  const confirms = useStore($confirms);
  const notify = useOnce(useIdle() || notices.length > 0 || confirms.length > 0);
  const demand = useHydratedStore($passwordDemand);
  const password = useOnce(Boolean(demand));
  const settings = useOnce(useStore($settingsOpen));
  return (
    <PrimeReactProvider value={shellPrimeValue}>
      <SessionGate />
      <Suspense fallback={null}>
        {notify && <NotifyHost />}
        {password && <PasswordDemandDialog />}
        {settings && <SettingsDrawer />}
      </Suspense>
    </PrimeReactProvider>
  );
}
