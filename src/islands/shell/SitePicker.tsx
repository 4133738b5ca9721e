import { Suspense, useEffect, useState } from 'react';
import { useT } from '../../lib/i18n/react.ts';
import shell from '../../lib/i18n/ns/shell.ts';
import { lazyInShell } from '../../components/shell/lazy-in-shell.tsx';
import { useStore } from '@nanostores/react';
import { probeCurrentSite, type CurrentSite } from './site-api.ts';
import { $sitesChanged } from '../../stores/site.ts';

// The dialog (DataTable, paginator) loads when first opened.
const SiteDialog = lazyInShell(() => import('./SiteDialog.tsx').then((m) => m.default));

/**
 * Current-site picker (spec §4): shown only when CMS is enabled (the navbar checks) and the
 * server accepts the current site; the dialog picks another.
 */
export function SitePicker({ onProbed }: { onProbed?: () => void } = {}) {
  const t = useT(shell);
  const [site, setSite] = useState<CurrentSite | null>(null);
  const [open, setOpen] = useState(false);
  const changed = useStore($sitesChanged);
  // Again after a site screen changed sites (the current one renamed or deleted).
  useEffect(() => {
    void probeCurrentSite().then(setSite).finally(() => onProbed?.());
  }, [changed]);
  if (!site) return null;
  return (
    <>
      <button type="button" className="shell-site" onClick={() => setOpen(true)} title={t('site.button')} data-testid="site-picker">
        <i className="pi pi-globe" aria-hidden="true" />
        <span className="shell-site-name">{site.siteName}</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <SiteDialog
            current={site}
            onClose={() => setOpen(false)}
            onPicked={(next) => {
              setSite(next);
              setOpen(false);
              // Every screen shows data of the current site: reload the page's content.
              location.reload();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
