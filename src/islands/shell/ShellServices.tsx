import { lazy, Suspense } from 'react';
import { useStore } from '@nanostores/react';
import { PrimeReactProvider } from 'primereact/api';
import { shellPrimeValue } from './prime-config.ts';
import { SessionGate } from './SessionGate.tsx';
import { NotifyHost } from '../notify/NotifyHost.tsx';
import { $settingsOpen } from '../../stores/layout.ts';
import { $passwordDemand } from '../../stores/session.ts';
import { useHydratedStore } from '../../lib/react/use-store.ts';
import { useOnce } from './use-once.ts';

// Parts load the first time they are needed (issue 12: a page's first content does not wait for
// them): the password demand when the server makes one, the drawer when opened. The notice host
// stays: a question must show at once, and loaded later (tried) it pulled in the screen chunks its
// dialog lives in (Home: 5 more files, 58 KiB), pushing a list page over its 30 requests.
const PasswordDemandDialog = lazy(() => import('./PasswordDemandDialog.tsx').then((m) => ({ default: m.PasswordDemandDialog })));
const SettingsDrawer = lazy(() => import('./SettingsDrawer.tsx'));

/** The invisible parts of the console frame in one island: notices, session loading, password demand, settings. */
export default function ShellServices() {
  const demand = useHydratedStore($passwordDemand);
  const password = useOnce(Boolean(demand));
  const settings = useOnce(useStore($settingsOpen));
  return (
    <PrimeReactProvider value={shellPrimeValue}>
      <SessionGate />
      <NotifyHost />
      <Suspense fallback={null}>
        {password && <PasswordDemandDialog />}
        {settings && <SettingsDrawer />}
      </Suspense>
    </PrimeReactProvider>
  );
}
