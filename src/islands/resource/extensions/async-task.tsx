import { useEffect } from 'react';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { ProgressBar } from 'primereact/progressbar';
import { http } from '../../../lib/request.ts';
import { translate } from '../../../lib/i18n/i18n.ts';
import { message } from '../../../stores/notify.ts';
import { askToConfirm } from '../../../components/form/confirm.ts';
import { HasPermi } from '../../../components/widgets/Gates.tsx';
import type { Row } from '../../../lib/resources/client.ts';
import type { ResourceExtensions, ScreenApi } from '../types.ts';
import { useAnnouncedProgress } from '../../../components/widgets/use-announced-progress.ts';

/** While any task shown runs, the list reloads this often. */
export const AUTO_REFRESH_MS = 3000;

const SEVERITY: Record<string, 'info' | 'success' | 'danger' | 'warning' | null> = { READY: null, RUNNING: 'info', SUCCESS: 'success', FAILED: 'danger', INTERRUPTED: 'warning' };
const isLive = (row: Row) => row.status === 'READY' || row.status === 'RUNNING';

// One timer for the whole list, however many rows run.
let timer: ReturnType<typeof setTimeout> | null = null;
let holders = 0;

/** Mounted in each running row's status cell: keeps the list reloading until none runs. */
function AutoRefresh({ api }: { api: ScreenApi }) {
  // The screen's api object is new each render, its reload is not: keyed on reload, a re-render
  // (a ticked row, a typed filter) does not restart the countdown.
  const { reload } = api;
  useEffect(() => {
    holders++;
    timer ??= setTimeout(() => {
      timer = null;
      reload();
    }, AUTO_REFRESH_MS);
    return () => {
      holders--;
      if (holders === 0 && timer) {
        // Only the next page of rows keeps it going (or the screen has gone).
        clearTimeout(timer);
        timer = null;
      }
    };
  }, [reload]);
  return null;
}

/** In each row's progress cell: screen readers hear the task pass each quarter and end, as the list reloads. */
function SaidProgress({ row }: { row: Row }) {
  const name = String(row.name ?? row.taskId ?? '');
  useAnnouncedProgress({ percent: Number(row.percent ?? 0), finished: !isLive(row) }, (news) =>
    news.kind === 'step'
      ? translate('monitor:async.saidStep', { name, percent: news.percent })
      : translate('monitor:async.saidEnd', { name, status: translate(`monitor:async.status.${String(row.status)}`) }),
  );
  return null;
}

async function stop(row: Row, api: ScreenApi) {
  const ok = await askToConfirm(translate('monitor:async.stopConfirm', { name: String(row.name ?? '') }));
  if (!ok) return;
  if (!(await http.put(`/monitor/async/task/stop/${String(row.taskId)}`).catch(() => null))) return;
  message.success(translate('monitor:async.stopped'));
  api.reload();
}

/** Async tasks: status tags, progress bars, stop, and reloading while something runs. */
export const asyncTaskExtensions: ResourceExtensions = {
  columns: {
    status: (row, api) => (
      <>
        <Tag style={{ whiteSpace: 'nowrap' }} severity={SEVERITY[String(row.status)] ?? null} value={translate(`monitor:async.status.${String(row.status)}`)} data-status={String(row.status)} />
        {isLive(row) ? <AutoRefresh api={api} /> : null}
      </>
    ),
    percent: (row) => (
      <div className="monitor-percent" data-testid="task-percent">
        <ProgressBar value={Number(row.percent ?? 0)} showValue={false} style={{ height: 8, flex: 1 }} />
        <span>{Number(row.percent ?? 0)}%</span>
        <SaidProgress row={row} />
      </div>
    ),
    progressMessage: (row) => {
      const errors = Array.isArray(row.errMessages) ? (row.errMessages as string[]) : [];
      return (
        <>
          {String(row.progressMessage ?? '')}
          {errors.length ? <div className="p-error">{errors.join('; ')}</div> : null}
        </>
      );
    },
  },
  // The server forgets finished tasks only; running ones stay until they end or are stopped.
  removed: (data, asked) => {
    const removed = Number((data as { removed?: number } | null)?.removed ?? asked);
    return removed < asked ? translate('monitor:async.removedSome', { removed, kept: asked - removed }) : undefined;
  },
  rowActions: (row, api) =>
    isLive(row) ? (
      <HasPermi anyOf={['monitor:async:stop']}>
        <Button text size="small" severity="danger" icon="pi pi-stop-circle" label={translate('monitor:async.stop')} onClick={() => void stop(row, api)} />
      </HasPermi>
    ) : null,
};
