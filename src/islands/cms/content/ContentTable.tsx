import { useId, type ReactNode } from 'react';
import { Tag } from 'primereact/tag';
import { useT, useTranslate } from '../../../lib/i18n/react.ts';
import contentNs from '../../../lib/i18n/ns/contentList.ts';
import { displayDateTime } from '../../../lib/datetime.ts';
import { COPY_TYPES } from '../../../../shared/cms/content.ts';
import { marksOf, type ContentRow } from '../../../lib/cms/content-list.ts';
import { ACTIONS_COLUMN } from '../../resource/actions-column.ts';
import { DataGrid } from '../../../components/widgets/DataGrid.tsx';
import { StatusTag, TypeIcon } from './StatusTag.tsx';
import { IconActionTips } from './IconAction.tsx';

interface Props {
  /** names the table (its hidden caption) */
  caption: string;
  rows: ContentRow[];
  loading: boolean;
  selection: ContentRow[];
  onSelection(rows: ContentRow[]): void;
  /** the catalog of each row, when the list spans several */
  catalogName?(catalogId: number): string;
  /** the title links here (the editor); absent in the recycle bin */
  editUrl?(row: ContentRow): string;
  /** '_blank' when the user's editor opens in a window of its own */
  editTarget?: string;
  showSubTitle?: boolean;
  /** the recycle bin's columns: previous status, deleted when and by whom */
  recycled?: boolean;
  actions?(row: ContentRow): ReactNode;
  selectable: boolean;
  testId: string;
}

/** What follows a title: a mapped copy's mark, a contribution's, the lock (with whose it is). Apart, so the Contents pre-paint draws each from its fragment. */
export function TitleMarks({ row }: { row: ContentRow }) {
  const t = useT(contentNs);
  const locked = t('lockedBy', { user: row.lockUser ?? '' });
  return (
    <>
      {row.copyType === COPY_TYPES.mapping ? <Tag value={t('mapping')} severity="info" className="content-mark" /> : null}
      {row.contributorId ? <Tag value={t('contribution')} severity="secondary" className="content-mark" title={t('contributedBy', { id: row.contributorId })} data-testid={`content-contribution-${row.contentId}`} /> : null}
      {row.isLock === 'Y' ? <i className="pi pi-lock content-lock" title={locked} aria-label={locked} role="img" /> : null}
    </>
  );
}

/** The title cell: type, title (a link to the editor), its marks and lock, subtitle. A component, so it follows language changes (the table keeps cells it can). */
function TitleCell({ row, editUrl, editTarget, showSubTitle }: { row: ContentRow; editUrl?(row: ContentRow): string; editTarget?: string; showSubTitle?: boolean }) {
  return (
    <div className="content-title-cell">
      <TypeIcon type={row.contentType} />
      <div className="content-title-text">
        {editUrl ? <a href={editUrl(row)} target={editTarget} rel={editTarget ? 'noopener' : undefined} className="content-title-link">{row.title}</a> : <span>{row.title}</span>}
        <TitleMarks row={row} />
        {showSubTitle && row.subTitle ? <small className="content-subtitle">{row.subTitle}</small> : null}
      </div>
    </div>
  );
}

/** On top (with its end time as a tooltip), recommended, hot. */
export function MarksCell({ row }: { row: ContentRow }) {
  const t = useT(contentNs);
  return (
    <span className="content-marks">
      {marksOf(row).map((m) => (
        <Tag key={m} value={t(`marks.${m}`)} severity={m === 'top' ? 'danger' : m === 'hot' ? 'warning' : 'success'} className="content-mark" title={m === 'top' && row.topDate ? t('topUntil', { time: displayDateTime(row.topDate) }) : undefined} />
      ))}
    </span>
  );
}

/** Contents as a table (spec §2 Content List): title with its type and lock, status, marks, author, publish date, views. */
export function ContentTable({ caption, rows, loading, selection, onSelection, catalogName, editUrl, editTarget, showSubTitle, recycled, actions, selectable, testId }: Props) {
  const t = useT(contentNs);
  const tr = useTranslate();
  const field = (name: string) => tr(`fields:content.${name}`);
  // The class the row actions' one tooltip is scoped to.
  const scope = `content-table-${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  return (
    <>
    {actions ? <IconActionTips within={scope} rows={rows} /> : null}
    <DataGrid
      className={`resource-table content-table ${scope}`}
      testId={testId}
      caption={caption}
      rows={rows}
      rowKey={(r) => r.contentId}
      rowName={(r) => r.title}
      loading={loading}
      selectable={selectable}
      selection={selection}
      onSelection={onSelection}
      emptyMessage={t('empty')}
      columns={[
        { key: 'title', header: field('title'), body: (r) => <TitleCell row={r} editUrl={editUrl} editTarget={editTarget} showSubTitle={showSubTitle} />, style: { minWidth: '11rem' } },
        catalogName && { key: 'catalog', header: field('catalogId'), body: (r) => catalogName(r.catalogId), bodyClassName: 'resource-cell-nowrap' },
        { key: 'status', header: t(recycled ? 'columns.previousStatus' : 'columns.status'), body: (r) => <StatusTag value={r.status} /> },
        !recycled && { key: 'marks', header: field('attributes'), body: (r) => <MarksCell row={r} /> },
        { key: 'author', header: field('author'), body: (r) => r.author ?? '', headerClassName: 'content-col-wide', bodyClassName: 'resource-cell-nowrap content-col-wide' },
        recycled
          ? { key: 'recycleTime', header: t('columns.recycleTime'), body: (r) => displayDateTime(r.recycleTime ?? ''), bodyClassName: 'content-date' }
          : { key: 'publishDate', header: field('publishDate'), body: (r) => displayDateTime(r.publishDate ?? ''), bodyClassName: 'content-date' },
        recycled
          ? { key: 'recycleBy', header: t('columns.recycleBy'), body: (r) => r.recycleBy ?? '', bodyClassName: 'resource-cell-nowrap' }
          : { key: 'views', header: t('columns.views'), body: (r) => r.viewCount, headerClassName: 'content-col-wide', bodyClassName: 'content-col-wide' },
        actions && { key: 'actions', header: tr('resource:actions'), body: (r) => <div className="resource-row-actions">{actions(r)}</div>, ...ACTIONS_COLUMN },
      ]}
    />
    </>
  );
}
