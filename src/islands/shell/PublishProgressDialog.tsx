import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import { $publishProgress, fetchPublishProgress, progressPercent, type PublishFailureView } from '../../stores/publish.ts';
import { PUBLISH_TASK_POLL_MS } from '../../../shared/constants.ts';
import { useT } from '../../lib/i18n/react.ts';
import shell from '../../lib/i18n/ns/shell.ts';
import { useAnnouncedProgress } from '../../components/widgets/use-announced-progress.ts';
import { publishDoneText } from './publish-said.ts';

/**
 * The publish progress view (issue 11 §3), opened from the navbar's publish indicator: done / total
 * of the current site's run, what renders and waits, and every failed page with its template, line
 * and message. Refreshed at the indicator's pace while open. While open, screen readers hear each
 * quarter of the run and its end (the indicator says the end of a run while the view is closed).
 */
export function PublishProgressDialog({ visible, siteId, siteName, onHide, onClear }: {
  visible: boolean;
  /** a site other than the current one (published from the site list), named in the title */
  siteId?: string;
  siteName?: string;
  onHide: () => void;
  onClear: () => Promise<void>;
}) {
  const t = useT(shell);
  const progress = useStore($publishProgress);
  useEffect(() => {
    if (!visible) return;
    void fetchPublishProgress(siteId);
    const id = window.setInterval(() => void fetchPublishProgress(siteId), PUBLISH_TASK_POLL_MS);
    return () => window.clearInterval(id);
  }, [visible, siteId]);
  const pageOf = (f: PublishFailureView) => t(`publish.dataType.${f.dataType === 'site' || f.dataType === 'catalog' ? f.dataType : 'content'}`, { id: f.dataId });
  const pending = (progress?.running ?? 0) + (progress?.waiting ?? 0);
  useAnnouncedProgress(visible && progress && progress.total > 0 ? { percent: progressPercent(progress), finished: pending === 0 } : null, (news) =>
    news.kind === 'step' ? t('publish.saidStep', { percent: news.percent, done: progress!.done, total: progress!.total }) : publishDoneText(t, progress!),
  );
  return (
    <Dialog
      visible={visible}
      onHide={onHide}
      header={siteName ? t('publish.progressOf', { name: siteName }) : t('publish.progress')}
      modal
      dismissableMask
      draggable={false}
      className="publish-progress-dialog"
      style={{ width: 'min(760px, calc(100vw - 32px))' }}
      footer={
        <div className="publish-progress-actions">
          <Button label={t('publish.clear')} icon="pi pi-trash" severity="secondary" outlined disabled={!progress?.waiting} onClick={() => void onClear().then(() => fetchPublishProgress(siteId))} />
          <Button label={t('publish.close')} onClick={onHide} autoFocus />
        </div>
      }
    >
      <div className="publish-progress" data-testid="publish-progress">
        {progress && progress.total > 0 ? (
          <>
            <div className="publish-progress-summary">
              <strong>{t('publish.doneOf', { done: progress.done, total: progress.total })}</strong>
              {pending > 0 && <span>{t('publish.running', { count: progress.running })}</span>}
              {pending > 0 && <span>{t('publish.waiting', { count: progress.waiting })}</span>}
              {progress.failed > 0 && <span className="publish-progress-failed">{t('publish.failedCount', { count: progress.failed })}</span>}
            </div>
            <ProgressBar value={progressPercent(progress)} showValue={false} style={{ height: 10 }} aria-label={t('publish.progress')} />
          </>
        ) : (
          <p>{t('publish.idle')}</p>
        )}
        <h3 className="publish-progress-heading">{t('publish.failures')}</h3>
        {progress?.failures.length ? (
          <div className="publish-progress-table-wrap">
            <table className="publish-progress-table">
              <thead>
                <tr>
                  <th>{t('publish.page')}</th>
                  <th>{t('publish.pipe')}</th>
                  <th>{t('publish.template')}</th>
                  <th>{t('publish.line')}</th>
                  <th>{t('publish.message')}</th>
                </tr>
              </thead>
              <tbody>
                {progress.failures.map((f, i) => (
                  <tr key={`${f.taskId}-${i}`}>
                    <td className="publish-progress-page">
                      {pageOf(f)}
                      {f.file && <div className="publish-progress-file">{f.file}</div>}
                    </td>
                    <td>{f.pipeCode}</td>
                    <td className="publish-progress-mono">{f.template}</td>
                    <td>{f.line > 0 ? `${f.line}:${f.col}` : '-'}</td>
                    <td className="publish-progress-message">{f.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="publish-progress-none">{t('publish.noFailures')}</p>
        )}
      </div>
    </Dialog>
  );
}
