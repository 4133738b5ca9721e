import { PrimeReactProvider } from 'primereact/api';
import { NotifyHost } from '../notify/NotifyHost.tsx';
import { SessionGate } from './SessionGate.tsx';
import { PasswordDemandDialog } from './PasswordDemandDialog.tsx';

/** The invisible parts of the console frame in one island: notices, session loading, password demand. */
export default function ShellServices() {
  return (
    <PrimeReactProvider>
      <SessionGate />
      <NotifyHost />
      <PasswordDemandDialog />
    </PrimeReactProvider>
  );
}
