import { lazy, Suspense, useState } from 'react';
import { Button } from 'primereact/button';
import { useT } from '../../lib/i18n/react.ts';
import cms from '../../lib/i18n/ns/cms.ts';
import { useHasPermi } from '../../stores/permission-gate.ts';
import { holds, type SitePerm } from '../../../shared/cms/perms.ts';

// The dialog (radios, the status dropdown) loads when first opened.
const SitePublishDialog = lazy(() => import('./SitePublishDialog.tsx'));

/** The menu key the site publish route asks for (server/modules/cms/publish/routes.ts). */
export const SITE_PUBLISH_KEY = 'cms:site:publish';

/**
 * A site row's "Publish": shown to whoever holds the menu key and the Publish grant on that site
 * (the row's `perms`), what the server checks before it queues anything.
 */
export function SitePublishButton({ siteId, name, perms }: { siteId: string; name: string; perms: readonly SitePerm[] | undefined }) {
  const t = useT(cms);
  const hasKey = useHasPermi({ anyOf: [SITE_PUBLISH_KEY] });
  const [open, setOpen] = useState(false);
  if (!hasKey || !holds(perms, 'Publish')) return null;
  return (
    <>
      <Button type="button" text size="small" icon="pi pi-send" label={t('publish.action')} aria-label={t('publish.ofSite', { name })} title={t('publish.ofSite', { name })} onClick={() => setOpen(true)} data-testid={`publish-site-${siteId}`} />
      {open ? (
        <Suspense fallback={null}>
          <SitePublishDialog siteId={siteId} name={name} onHide={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
