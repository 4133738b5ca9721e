import { useEffect } from 'react';
import { $announcements } from '../../stores/announcer.ts';
import { LIVE_REGIONS, ownsWith } from '../../lib/a11y/announce.ts';
import { useHydratedStore } from '../../lib/react/use-store.ts';

const IDS = LIVE_REGIONS.map((r) => r.id);

/**
 * The console's live regions (src/lib/a11y/announce.ts), drawn once by the shell's services island:
 * prerendered empty, persisted across page swaps, filled from the announcer store. While a modal
 * dialog is open it owns them (aria-owns), so screen readers that hide what lies outside an
 * `aria-modal` dialog still read them.
 */
export function LiveRegions() {
  const said = useHydratedStore($announcements);
  useEffect(() => {
    if (!said.length) return;
    for (const modal of document.querySelectorAll('[aria-modal="true"]')) modal.setAttribute('aria-owns', ownsWith(modal.getAttribute('aria-owns'), IDS));
  }, [said]);
  return (
    <div className="visually-hidden" data-testid="live-regions">
      {LIVE_REGIONS.map((r) => (
        <div key={r.id} id={r.id} role={r.role} aria-live={r.politeness} aria-atomic="false" aria-relevant="additions text">
          {said.filter((a) => a.politeness === r.politeness).map((a) => <div key={a.id}>{a.text}</div>)}
        </div>
      ))}
    </div>
  );
}
