import { lazy, Suspense, useState } from 'react';
import { Button } from 'primereact/button';
import { translate } from '../../../lib/i18n/i18n.ts';
import type { Row } from '../../../lib/resources/client.ts';
import type { ResourceExtensions } from '../types.ts';

const EntryDetailDialog = lazy(() => import('./EntryDetailDialog.tsx').then((m) => ({ default: m.EntryDetailDialog })));

/** The form the entries screen is opened for (`?formId=`, the drill-down's parameter). */
const formIdOfPage = () => new URLSearchParams(window.location.search).get('formId') ?? '';

function DetailButton({ row }: { row: Row }) {
  const [open, setOpen] = useState(false);
  const entryId = Number(row.entryId);
  return (
    <>
      <Button text size="small" icon="pi pi-eye" label={translate('screens:customFormData.detail')} aria-haspopup="dialog" onClick={() => setOpen(true)} data-testid={`entry-detail-${entryId}`} />
      {open ? (
        <Suspense fallback={null}>
          <EntryDetailDialog formId={String(row.formId ?? formIdOfPage())} entryId={entryId} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

/** A form's entries (/operations/customform/data): each row's Details opens its values, field by field. */
export const customFormDataExtensions: ResourceExtensions = {
  rowActions: (row) => <DetailButton row={row} />,
};
