import { useEffect, useState } from 'react';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { DataGrid } from '../../../components/widgets/DataGrid.tsx';
import { useT } from '../../../lib/i18n/react.ts';
import modeler from '../../../lib/i18n/ns/modeler.ts';
import { displayDateTime } from '../../../lib/datetime.ts';
import { fetchVersions, type VersionRow } from './model-api.ts';

/** The model's deployed versions, newest first, with who deployed each and when. */
export function VersionsDialog({ modelId, name, onHide }: { modelId: number; name: string; onHide(): void }) {
  const t = useT(modeler);
  const [rows, setRows] = useState<VersionRow[]>([]);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    void fetchVersions(modelId).then(setRows, () => undefined).finally(() => setLoading(false));
  }, [modelId]);
  return (
    <Dialog
      visible onHide={onHide} header={t('versions.title', { name })} style={{ width: 'min(36rem, 94vw)' }} data-testid="modeler-versions"
      footer={<Button type="button" label={t('versions.close')} onClick={onHide} />}
    >
      <DataGrid
        caption={t('versions.caption')} rows={rows} rowKey={(r) => r.versionId} loading={loading} emptyMessage={t('versions.empty')}
        columns={[
          { key: 'version', header: t('versions.version'), body: (r) => `v${r.version}` },
          { key: 'by', header: t('versions.by'), body: (r) => r.deployBy },
          { key: 'time', header: t('versions.time'), body: (r) => displayDateTime(r.deployTime) },
        ]}
      />
    </Dialog>
  );
}
