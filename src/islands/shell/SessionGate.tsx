import { useEffect } from 'react';
import { clearSession, loadUserInfo } from '../../stores/session.ts';
import { flash } from '../../stores/notify.ts';
import { loginUrlFor } from '../../lib/access/redirect.ts';

/**
 * A page behind sign-in with a token but no user info yet (spec §4): load it; if that fails, end
 * the session, carry the error to the sign-in page and go there.
 */
export function SessionGate() {
  useEffect(() => {
    loadUserInfo().catch((err: unknown) => {
      clearSession();
      flash({ severity: 'error', summary: err instanceof Error ? err.message : String(err), kind: 'message' });
      location.replace(loginUrlFor(location.pathname + location.search));
    });
  }, []);
  return null;
}
