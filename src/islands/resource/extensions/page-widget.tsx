import { lazy, Suspense, useState } from 'react';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { http } from '../../../lib/request.ts';
import { translate } from '../../../lib/i18n/i18n.ts';
import type { Row } from '../../../lib/resources/client.ts';
import { message } from '../../../stores/notify.ts';
import { HasPermi } from '../../../components/widgets/Gates.tsx';
import { AdState } from '../../../../shared/cms/page-widget.ts';
import { ManualRowsField } from './ManualRowsField.tsx';
import { SitePipeTemplateInputs } from '../../cms/templates/PipeTemplateInputs.tsx';
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

/** Publish and Offline for the selected rows of a widget screen (its edit key; the server checks Publish on the site). */
function lifecycle(perm: string): ResourceExtensions['toolbar'] {
  return (api) => (
    <HasPermi anyOf={[perm]}>
      <Button size="small" outlined severity="success" icon="pi pi-send" label={translate(`screens:${api.def.name}.publish`)} disabled={!api.selection.length} onClick={() => void act(api, 'publish')} />
      <Button size="small" outlined severity="warning" icon="pi pi-eye-slash" label={translate(`screens:${api.def.name}.offline`)} disabled={!api.selection.length} onClick={() => void act(api, 'offline')} />
    </HasPermi>
  );
}

/** A widget's template per pipe, picked from each pipe's templates (left alone on a new one: the theme's). */
const templatesField = (p: FieldRendererProps) => <SitePipeTemplateInputs {...p} testId="widget-template" />;

/** Page widgets (the Content screen's tab): publish/offline; a block's rows editor; the strategy only for an ad space. */
export const pageWidgetExtensions = (perm: string): ResourceExtensions => ({
  selectable: true,
  toolbar: lifecycle(perm),
  fields: { content: ManualRowsField, templates: templatesField },
  formVisible: (name, values) => (name === 'content' ? values.type !== 'ads' : name === 'strategy' ? values.type === 'ads' : true),
});

/** Ad spaces (menu Advertise): publish/offline, and the space's chart. */
export const adSpaceExtensions = (perm: string): ResourceExtensions => ({
  selectable: true,
  toolbar: lifecycle(perm),
  fields: { templates: templatesField },
  rowActions: (row) => <StatsButton row={row} kind="adSpaceId" idField="pageWidgetId" label={translate('screens:adSpace.stats')} />,
});

const LIVE_SEVERITY: Record<string, 'success' | 'info' | 'danger'> = { live: 'success', scheduled: 'info', expired: 'danger' };

/**
 * An ad's status: an enabled one by where it stands now (Live, Scheduled or Expired: the server's
 * liveState; "Enabled" beside it would only repeat what the tag implies, and pushed the list's last
 * date column under its actions at 1440 px), a disabled one as Disabled.
 */
function AdStateCell({ row }: { row: Row }) {
  const state = String(row.state ?? '');
  const live = String(row.liveState ?? '');
  return (
    <span className="ad-state">
      {state === AdState.ENABLED && LIVE_SEVERITY[live]
        ? <Tag value={translate(`screens:advertisement.live_${live}`)} severity={LIVE_SEVERITY[live]} data-live={live} />
        : translate(`screens:advertisement.state_${state}`)}
    </span>
  );
}

/** An ad's chart, from its row; its status with where it stands now. */
export const advertisementExtensions: ResourceExtensions = {
  columns: { state: (row) => <AdStateCell row={row} /> },
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
