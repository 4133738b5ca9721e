import '../../stores/request-context.ts'; // first: the request core's language, site and notices (see the file)
import { Suspense } from 'react';
import { useStore } from '@nanostores/react';
import { InShell } from '../../components/shell/in-shell.ts';
import { lazyInShell } from '../../components/shell/lazy-in-shell.tsx';
import { SessionGate } from './SessionGate.tsx';
import { NotifyHost } from '../notify/NotifyHost.tsx';
import { LiveRegions } from '../../components/shell/LiveRegions.tsx';
import { $settingsOpen } from '../../stores/layout.ts';
import { $passwordDemand } from '../../stores/session.ts';
import { useHydratedStore } from '../../lib/react/use-store.ts';
import { useOnce } from './use-once.ts';

// Parts load the first time they are needed (issue 12: a page's first content does not wait for
// them): the password demand when the server makes one, the drawer when opened. The notice host
// stays: a question must show at once, and loaded later (tried) it pulled in the screen chunks its
// dialog lives in (Home: 5 more files, 58 KiB), pushing a list page over its 30 requests.
const PasswordDemandDialog = lazyInShell(() => import('./PasswordDemandDialog.tsx').then((m) => m.PasswordDemandDialog));
const SettingsDrawer = lazyInShell(() => import('./SettingsDrawer.tsx').then((m) => m.default));

/** The invisible parts of the console frame in one island: notices and the live regions that say them, session loading, password demand, settings. */
export default function ShellServices() {
  const demand = useHydratedStore($passwordDemand, null);
  const password = useOnce(Boolean(demand));
  const settings = useOnce(useStore($settingsOpen));
  return (
    <InShell.Provider value={true}>
      <SessionGate />
      <NotifyHost />
      <LiveRegions />
      <Suspense fallback={null}>
        {password && <PasswordDemandDialog />}
        {settings && <SettingsDrawer />}
      </Suspense>
    </InShell.Provider>
  );
}
