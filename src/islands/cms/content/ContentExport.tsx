import { useState } from 'react';
import { Button } from 'primereact/button';
import { exportDownload } from '../../../lib/download.ts';
import { useT } from '../../../lib/i18n/react.ts';
import xmodelNs from '../../../lib/i18n/ns/xmodel.ts';

/**
 * Exports what the content list finds (its catalog and filters, every page) as a workbook: the
 * common columns and a labelled column per extension field (POST /cms/content/list, cc-export).
 */
export function ContentExport({ query }: { query: Record<string, string | number> }) {
  const t = useT(xmodelNs);
  const [busy, setBusy] = useState(false);
  const { pageNum: _n, pageSize: _s, ...filters } = query;
  return (
    <Button type="button" size="small" outlined severity="secondary" icon="pi pi-file-export" label={t('exportList')} loading={busy} data-testid="content-export"
      onClick={() => {
        setBusy(true);
        void exportDownload('/cms/content/list', filters, `content_${Date.now()}.xlsx`).finally(() => setBusy(false));
      }} />
  );
}
