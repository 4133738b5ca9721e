import { lazy, Suspense, useState } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { http } from '../../../lib/request.ts';
import { translate } from '../../../lib/i18n/i18n.ts';
import type { Row } from '../../../lib/resources/client.ts';
import { message } from '../../../stores/notify.ts';
import { HasPermi } from '../../../components/widgets/Gates.tsx';
import type { ManualItem, ManualRow } from '../../../../shared/cms/page-widget.ts';
import type { FieldRendererProps, ResourceExtensions, ScreenApi } from '../types.ts';
import './page-widget.css';

// The chart (and Chart.js) load only when someone opens an ad's or a space's statistics.
const AdStatsDialog = lazy(() => import('./AdStatsDialog.tsx').then((m) => ({ default: m.AdStatsDialog })));

/** Publishes or takes offline the selected widgets and says how it went. */
async function act(api: ScreenApi, action: 'publish' | 'offline') {
  const ids = api.selection.map((r) => r[api.def.id]);
  const res = await http.post(`${api.def.api}/${action}`, ids).catch(() => null);
  if (res) {
    message.success(translate(`screens:${api.def.name}.${action === 'publish' ? 'published' : 'offlined'}`));
    api.reload();
  }
}

/** A manual block's rows of items: title, link and summary each, rows and items added and removed in place. */
function ManualRowsField({ value, onChange, id }: FieldRendererProps) {
  const rows = (Array.isArray(value) ? value : []) as ManualRow[];
  const t = (key: string, params?: Record<string, unknown>) => translate(`screens:pageWidget.${key}`, params);
  const set = (next: ManualRow[]) => onChange(next);
  const setItem = (r: number, i: number, patch: Partial<ManualItem>) =>
    set(rows.map((row, ri) => (ri !== r ? row : { items: row.items.map((item, ii) => (ii === i ? { ...item, ...patch } : item)) })));
  return (
    <div id={id} className="manual-rows" data-testid="manual-rows">
      {rows.map((row, r) => (
        <fieldset key={r} className="manual-row">
          <legend>{t('rowN', { n: r + 1 })}</legend>
          {row.items.map((item, i) => (
            <div key={i} className="manual-item">
              <InputText aria-label={t('itemTitle', { n: i + 1 })} placeholder={t('itemTitle', { n: i + 1 })} value={item.title ?? ''} onChange={(e) => setItem(r, i, { title: e.target.value })} />
              <InputText aria-label={t('itemUrl', { n: i + 1 })} placeholder="https://" value={item.url ?? ''} onChange={(e) => setItem(r, i, { url: e.target.value })} />
              <InputText aria-label={t('itemSummary', { n: i + 1 })} placeholder={t('itemSummary', { n: i + 1 })} value={item.summary ?? ''} onChange={(e) => setItem(r, i, { summary: e.target.value })} />
              <Button type="button" text size="small" icon="pi pi-times" aria-label={t('removeItem', { n: i + 1 })}
                onClick={() => set(rows.map((x, ri) => (ri === r ? { items: x.items.filter((_, ii) => ii !== i) } : x)))} />
            </div>
          ))}
          <Button type="button" text size="small" icon="pi pi-plus" label={t('addItem')} onClick={() => set(rows.map((x, ri) => (ri === r ? { items: [...x.items, { title: '' }] } : x)))} />
          <Button type="button" text size="small" severity="danger" icon="pi pi-trash" label={t('removeRow', { n: r + 1 })} onClick={() => set(rows.filter((_, ri) => ri !== r))} />
        </fieldset>
      ))}
      <Button type="button" outlined size="small" icon="pi pi-plus" label={t('addRow')} onClick={() => set([...rows, { items: [{ title: '' }] }])} />
    </div>
  );
}

/** Publish and Offline for the selected rows of a widget screen (its edit key; the server checks Publish on the site). */
function lifecycle(perm: string): ResourceExtensions['toolbar'] {
  return (api) => (
    <HasPermi anyOf={[perm]}>
      <Button size="small" outlined severity="success" icon="pi pi-send" label={translate(`screens:${api.def.name}.publish`)} disabled={!api.selection.length} onClick={() => void act(api, 'publish')} />
      <Button size="small" outlined severity="warning" icon="pi pi-eye-slash" label={translate(`screens:${api.def.name}.offline`)} disabled={!api.selection.length} onClick={() => void act(api, 'offline')} />
    </HasPermi>
  );
}

/** Page widgets (the Content screen's tab): publish/offline; a block's rows editor; the strategy only for an ad space. */
export const pageWidgetExtensions = (perm: string): ResourceExtensions => ({
  selectable: true,
  toolbar: lifecycle(perm),
  fields: { content: ManualRowsField },
  formVisible: (name, values) => (name === 'content' ? values.type !== 'ads' : name === 'strategy' ? values.type === 'ads' : true),
});

/** Ad spaces (menu Advertise): publish/offline, and the space's chart. */
export const adSpaceExtensions = (perm: string): ResourceExtensions => ({
  selectable: true,
  toolbar: lifecycle(perm),
  rowActions: (row) => <StatsButton row={row} kind="adSpaceId" idField="pageWidgetId" label={translate('screens:adSpace.stats')} />,
});

/** An ad's chart, from its row. */
export const advertisementExtensions: ResourceExtensions = {
  rowActions: (row) => <StatsButton row={row} kind="advertisementId" idField="advertisementId" label={translate('screens:advertisement.stats')} />,
};

function StatsButton({ row, kind, idField, label }: { row: Row; kind: 'adSpaceId' | 'advertisementId'; idField: string; label: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button text size="small" icon="pi pi-chart-line" label={label} aria-haspopup="dialog" onClick={() => setOpen(true)} />
      {open ? (
        <Suspense fallback={null}>
          <AdStatsDialog query={{ [kind]: String(row[idField]) }} title={`${label} · ${String(row.name ?? '')}`} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
