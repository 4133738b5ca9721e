import { lazy, Suspense, useState } from 'react';
import { Button } from 'primereact/button';
import { useT } from '../../lib/i18n/react.ts';
import cms from '../../lib/i18n/ns/cms.ts';
import { useHasPermi } from '../../stores/permission-gate.ts';
import { GRANT_OWNER_PERMS } from '../../../shared/cms/perms.ts';
import type { GrantOwnerRef } from './grants-api.ts';

// The dialog (tabs, grids, dropdown) loads when first opened.
const GrantsDialog = lazy(() => import('./GrantsDialog.tsx'));

/** A row's "Permissions" button, shown to whoever the server lets edit that owner's grants. */
export function GrantsButton({ owner }: { owner: GrantOwnerRef }) {
  const t = useT(cms);
  const allowed = useHasPermi({ anyOf: [GRANT_OWNER_PERMS[owner.type]] });
  const [open, setOpen] = useState(false);
  if (!allowed) return null;
  return (
    <>
      <Button text size="small" icon="pi pi-lock" label={t('grants.button')} onClick={() => setOpen(true)} data-testid={`grants-${owner.type}-${owner.id}`} />
      {open ? (
        <Suspense fallback={null}>
          <GrantsDialog owner={owner} onHide={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
