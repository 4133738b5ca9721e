import { useEffect } from 'react';
import { FORBIDDEN_PATH } from '../../../shared/constants.ts';
import { allows } from '../../stores/permission-gate.ts';
import { $permissions, loadUserInfo } from '../../stores/session.ts';

/**
 * A prebuilt page is served to anyone: without the screen's view permission it goes to 401, as
 * resource screens and the client router do (the API refuses the data either way).
 */
export function useViewGuard(perm: string) {
  useEffect(() => {
    void loadUserInfo()
      .then(() => {
        if (!allows($permissions.get(), perm)) location.replace(FORBIDDEN_PATH);
      })
      .catch(() => undefined);
  }, [perm]);
}
