import { lazy, Suspense, useState } from 'react';
import { useStore } from '@nanostores/react';
import { PrimeReactProvider } from 'primereact/api';
import { shellPrimeValue } from './prime-config.ts';
import { NotifyHost } from '../notify/NotifyHost.tsx';
import { SessionGate } from './SessionGate.tsx';
import { PasswordDemandDialog } from './PasswordDemandDialog.tsx';
import { $settingsOpen } from '../../stores/layout.ts';

// The drawer loads the first time it is opened.
const SettingsDrawer = lazy(() => import('./SettingsDrawer.tsx'));

/** The invisible parts of the console frame in one island: notices, session loading, password demand, settings. */
export default function ShellServices() {
  const settingsOpen = useStore($settingsOpen);
  // Once opened it stays mounted, so closing can animate.
  const [loaded, setLoaded] = useState(false);
  if (settingsOpen && !loaded) setLoaded(true);
  return (
    <PrimeReactProvider value={shellPrimeValue}>
      <SessionGate />
      <NotifyHost />
      <PasswordDemandDialog />
      {loaded && (
        <Suspense fallback={null}>
          <SettingsDrawer />
        </Suspense>
      )}
    </PrimeReactProvider>
  );
}
