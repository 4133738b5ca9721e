import { useCallback, useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { DataGrid, type GridColumn } from '../../components/widgets/DataGrid.tsx';
import { Pagination } from '../../components/widgets/Pagination.tsx';
import { DEFAULT_PAGE, type PageState } from '../../components/widgets/pagination-rules.ts';
import { translate } from '../../lib/i18n/i18n.ts';
import { displayDateTime } from '../../lib/datetime.ts';
import { allows, usePermissions } from '../../stores/permission-gate.ts';
import { message } from '../../stores/notify.ts';
import { fetchPushLog, retryPush, type PushJob } from './settings-api.ts';

const tr = (key: string, params?: Record<string, unknown>) => translate(`cms:settings.log.${key}`, params);

/** The URLs of a job, folded under their count (a job holds up to 10,000; the server sends the first 100). */
function Urls({ job }: { job: PushJob }) {
  return (
    <details>
      <summary>{tr('showUrls', { count: job.urlCount })}</summary>
      <ul className="push-log-urls">{job.urls.map((u) => <li key={u}>{u}</li>)}</ul>
    </details>
  );
}

/**
 * The settings screen's push log: what the current site sent after its publishes (IndexNow and
 * Baidu pushes, CDN purges), newest first, each with its URLs, status, attempts, HTTP status and
 * the receiver's answer; a finished one can be sent again by whoever may edit the settings.
 */
export function PushLogTab() {
  const perms = usePermissions();
  const [page, setPage] = useState<PageState>(DEFAULT_PAGE);
  const [data, setData] = useState<{ rows: PushJob[]; total: number }>({ rows: [], total: 0 });
  const [loading, setLoading] = useState(true);
  const load = useCallback(async () => {
    setLoading(true);
    try {
      setData(await fetchPushLog(page.page, page.limit));
    } finally {
      setLoading(false);
    }
  }, [page]);
  useEffect(() => {
    void load().catch(() => undefined);
  }, [load]);

  const retry = async (job: PushJob) => {
    await retryPush(job.jobId);
    message.success(tr('retried'));
    await load();
  };
  const canRetry = allows(perms, 'cms:setting:edit');
  const columns: GridColumn<PushJob>[] = [
    { key: 'time', header: tr('time'), body: (j) => displayDateTime(j.createTime), style: { width: '11rem' } },
    { key: 'target', header: tr('target'), body: (j) => tr(`targets.${j.target}`) },
    { key: 'pipe', header: tr('pipe'), body: (j) => j.pipeCode },
    { key: 'urls', header: tr('urls'), body: (j) => <Urls job={j} /> },
    { key: 'status', header: tr('status'), body: (j) => tr(`statuses.${j.status}`) },
    { key: 'attempts', header: tr('attempts'), body: (j) => j.attempts },
    { key: 'http', header: tr('httpStatus'), body: (j) => j.httpStatus ?? '—' },
    { key: 'response', header: tr('response'), body: (j) => <pre className="push-log-response">{j.response ?? ''}</pre>, style: { maxWidth: '24rem' } },
  ];
  if (canRetry) {
    columns.push({
      key: 'retry', header: '', body: (j) => (j.status === 'RUNNING' ? null : (
        <Button type="button" size="small" text icon="pi pi-refresh" label={tr('retry')} onClick={() => void retry(j).catch(() => undefined)} />
      )),
    });
  }
  return (
    <div className="push-log" data-testid="push-log">
      <div className="push-log-bar">
        <Button type="button" size="small" outlined icon="pi pi-refresh" label={tr('refresh')} onClick={() => void load().catch(() => undefined)} />
      </div>
      <DataGrid caption={tr('caption')} rows={data.rows} rowKey={(j) => j.jobId} columns={columns} loading={loading} emptyMessage={tr('empty')} />
      <Pagination total={data.total} value={page} onChange={setPage} autoScroll={false} />
    </div>
  );
}
