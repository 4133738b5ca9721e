import { useEffect, useState } from 'react';
import { Dialog } from 'primereact/dialog';
import { DataTable } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { InputText } from 'primereact/inputtext';
import { Button } from 'primereact/button';
import { useLocale, useT } from '../../../lib/i18n/react.ts';
import codeGen from '../../../lib/i18n/ns/codeGen.ts';
import { message } from '../../../stores/notify.ts';
import { importableTables, importTables, type CatalogTable } from './gen-api.ts';

/**
 * Import: the database's tables the generator may take (the server lists only those of the
 * application's schema that the application does not manage), ticked and imported together.
 */
export function ImportDialog({ onClose, onImported }: { onClose(): void; onImported(): void }) {
  const t = useT(codeGen);
  useLocale();
  const [name, setName] = useState('');
  const [tables, setTables] = useState<CatalogTable[] | undefined>(undefined);
  const [chosen, setChosen] = useState<CatalogTable[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => void importableTables(name.trim()).then((rows) => live && setTables(rows)).catch(() => live && setTables([])), 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [name]);

  const submit = async () => {
    setBusy(true);
    const res = await importTables(chosen.map((c) => c.tableName)).catch(() => null);
    setBusy(false);
    if (!res) return;
    message.success(t('importDone', { count: chosen.length }));
    onImported();
    onClose();
  };

  return (
    <Dialog header={t('importTitle')} visible onHide={onClose} style={{ width: 'min(44rem, 96vw)' }} data-testid="gen-import"
      footer={<Button label={t('importChosen')} icon="pi pi-download" disabled={!chosen.length || busy} loading={busy} onClick={() => void submit()} data-testid="gen-import-submit" />}>
      <p className="gen-hint">{t('importHint')}</p>
      <InputText value={name} onChange={(e) => setName(e.target.value)} placeholder={t('search')} aria-label={t('search')} className="gen-import-search" />
      <DataTable value={tables ?? []} loading={tables === undefined} dataKey="tableName" selectionMode="checkbox" selection={chosen}
        onSelectionChange={(e) => setChosen(e.value as CatalogTable[])} emptyMessage={t('importNone')} scrollable scrollHeight="20rem" size="small">
        <Column selectionMode="multiple" headerStyle={{ width: '3rem' }} />
        <Column field="tableName" header={t('tableName')} />
        <Column field="tableComment" header={t('tableComment')} />
      </DataTable>
    </Dialog>
  );
}
