import { Suspense, useEffect, useState } from 'react';
import { $confirms, $notices, restoreFlash } from '../../stores/notify.ts';
import { warmOnFirstInput } from '../../lib/warm-on-input.ts';
import { lazyInShell } from '../../components/shell/lazy-in-shell.tsx';

const NotifyOverlays = lazyInShell(() => import('./NotifyOverlays.tsx').then((m) => m.default));

/**
 * The notify store's host on every console page. Its toasts and confirmation dialog (PrimeReact's
 * Toast, ConfirmDialog and Dialog: ~17 KiB of Brotli) are loaded when first needed, not with the
 * page (issue 12): when a notice or a confirmation is queued, and ahead of that at the first press
 * of a key or a pointer, which is what nearly every notice follows (a save, a delete), so its code
 * is usually there before the server's answer that the notice reports.
 */
export function NotifyHost() {
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    restoreFlash();
    const need = (queued: readonly unknown[]) => {
      if (queued.length) setNeeded(true);
    };
    const offNotices = $notices.subscribe(need);
    const offConfirms = $confirms.subscribe(need);
    const offWarm = warmOnFirstInput(NotifyOverlays.preload);
    return () => {
      offNotices();
      offConfirms();
      offWarm();
    };
  }, []);
  return needed ? (
    <Suspense fallback={null}>
      <NotifyOverlays />
    </Suspense>
  ) : null;
}
