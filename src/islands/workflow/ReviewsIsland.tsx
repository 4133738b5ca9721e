import '../../stores/request-context.ts'; // first: the request core's language, site and notices
import { useCallback, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { Button } from 'primereact/button';
import { PrimeReactProvider } from '../../components/widgets/prime-provider.ts';
import { Tabs } from '../../components/widgets/Tabs.tsx';
import { DataGrid, type GridColumn } from '../../components/widgets/DataGrid.tsx';
import { Pagination } from '../../components/widgets/Pagination.tsx';
import { DEFAULT_PAGE, type PageState } from '../../components/widgets/pagination-rules.ts';
import { useT } from '../../lib/i18n/react.ts';
import review from '../../lib/i18n/ns/review.ts';
import { displayDateTime } from '../../lib/datetime.ts';
import { editContentUrl } from '../../lib/cms/content-list.ts';
import { message } from '../../stores/notify.ts';
import { $currentSite } from '../../stores/site.ts';
import { useViewGuard } from '../cms/use-view-guard.ts';
import { REVIEW_VIEW } from '../../../shared/workflow/keys.ts';
import { refreshReviewCount } from '../../stores/review-count.ts';
import { fetchReviews, type Decision, type ReviewList, type ReviewTask } from './review-api.ts';
import { DecisionDialog } from './DecisionDialog.tsx';
import './review.css';

const LISTS: readonly ReviewList[] = ['todo', 'done'];

/** One tab's paged table; `version` moves when a decision changed what it lists. */
function ReviewTable({ list, version, onDecide }: { list: ReviewList; version: number; onDecide(task: ReviewTask, d: Decision): void }) {
  const t = useT(review);
  const site = useStore($currentSite);
  const [page, setPage] = useState<PageState>(DEFAULT_PAGE);
  const [data, setData] = useState<{ rows: ReviewTask[]; total: number }>({ rows: [], total: 0 });
  const [loading, setLoading] = useState(true);
  const load = useCallback(async () => {
    setLoading(true);
    try {
      setData(await fetchReviews(list, page.page, page.limit));
    } finally {
      setLoading(false);
    }
  }, [list, page, version, site]);
  useEffect(() => {
    void load().catch(() => undefined);
  }, [load]);

  const title: GridColumn<ReviewTask> = {
    key: 'title', header: t('col.title'), style: { minWidth: '9rem' },
    body: (r) => <a href={editContentUrl(r.contentId)} data-testid="review-title">{r.title}</a>,
  };
  const columns: GridColumn<ReviewTask>[] = list === 'todo' ? [
    title,
    { key: 'catalog', header: t('col.catalog'), body: (r) => r.catalogName ?? r.catalogId },
    { key: 'step', header: t('col.step'), body: (r) => r.step },
    { key: 'submitter', header: t('col.submitter'), body: (r) => r.submitter },
    { key: 'time', header: t('col.time'), body: (r) => displayDateTime(r.createTime) },
    {
      key: 'actions', header: t('col.actions'),
      body: (r) => (
        <span className="review-actions">
          <Button type="button" size="small" icon="pi pi-check" label={t('approve')} aria-label={`${t('approve')} ${r.title}`} onClick={() => onDecide(r, 'approve')} data-testid="review-approve" />
          <Button type="button" size="small" outlined severity="danger" icon="pi pi-times" label={t('reject')} aria-label={`${t('reject')} ${r.title}`} onClick={() => onDecide(r, 'reject')} data-testid="review-reject" />
        </span>
      ),
    },
  ] : [
    title,
    { key: 'catalog', header: t('col.catalog'), body: (r) => r.catalogName ?? r.catalogId },
    { key: 'step', header: t('col.step'), body: (r) => r.step },
    { key: 'submitter', header: t('col.submitter'), body: (r) => r.submitter },
    { key: 'decision', header: t('col.decision'), headerClassName: 'review-nowrap', bodyClassName: 'review-nowrap', body: (r) => <span className={`review-decision is-${r.status}`}>{r.status === 'pending' ? '' : t(`decision.${r.status}`)}</span> },
    { key: 'comment', header: t('col.comment'), body: (r) => r.comment ?? '', style: { minWidth: '9rem' } },
    { key: 'decidedAt', header: t('col.decidedAt'), body: (r) => (r.endTime ? displayDateTime(r.endTime) : '') },
  ];
  return (
    <div className="review-list" data-testid={`review-${list}`}>
      <div className="review-bar">
        <Button type="button" size="small" outlined icon="pi pi-refresh" label={t('refresh')} onClick={() => void load().catch(() => undefined)} />
      </div>
      <DataGrid caption={t(`caption.${list}`)} rows={data.rows} rowKey={(r) => r.taskId} columns={columns} loading={loading} emptyMessage={t(`empty.${list}`)} />
      <Pagination total={data.total} value={page} onChange={setPage} autoScroll={false} />
    </div>
  );
}

/**
 * /workflow/review (menu 3520, component workflow/review/index): the current site's review tasks
 * waiting for the signed-in user and those they decided; approve or reject with a comment. After a
 * decision both tabs and the navbar's count are fetched again.
 */
export default function ReviewsIsland() {
  const t = useT(review);
  useViewGuard(REVIEW_VIEW);
  const [tab, setTab] = useState(0);
  const [version, setVersion] = useState(0);
  const [asked, setAsked] = useState<{ task: ReviewTask; decision: Decision } | null>(null);
  const decided = (task: ReviewTask, decision: Decision) => {
    setAsked(null);
    message.success(t(decision === 'approve' ? 'approved' : 'rejected', { title: task.title }));
    setVersion((v) => v + 1);
    void refreshReviewCount();
  };
  return (
    <PrimeReactProvider>
      <div className="review-screen" data-testid="review-screen">
        <Tabs
          active={tab}
          onChange={setTab}
          tabs={LISTS.map((list) => ({
            key: list,
            header: t(`tabs.${list}`),
            content: () => <ReviewTable list={list} version={version} onDecide={(task, decision) => setAsked({ task, decision })} />,
          }))}
        />
        <DecisionDialog asked={asked} onHide={() => setAsked(null)} onDecided={decided} />
      </div>
    </PrimeReactProvider>
  );
}
