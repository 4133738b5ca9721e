import { lazy, Suspense, useState } from 'react';
import { Button } from 'primereact/button';
import { translate } from '../../../lib/i18n/i18n.ts';
import type { Row } from '../../../lib/resources/client.ts';
import type { ResourceExtensions } from '../types.ts';

// The results dialog loads only when someone opens a vote's results.
const VoteResultsDialog = lazy(() => import('./VoteResultsDialog.tsx').then((m) => ({ default: m.VoteResultsDialog })));

function ResultsButton({ row }: { row: Row }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button text size="small" icon="pi pi-chart-bar" label={translate('screens:vote.results')} aria-haspopup="dialog" onClick={() => setOpen(true)} />
      {open ? (
        <Suspense fallback={null}>
          <VoteResultsDialog voteId={Number(row.voteId)} title={String(row.title ?? '')} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

/** Votes (menu Vote): a row's results, beside its subjects (the definition's drill-down). */
export const voteExtensions: ResourceExtensions = {
  rowActions: (row) => <ResultsButton row={row} />,
};
