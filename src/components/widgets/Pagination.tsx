import './widgets.css';
import { useStore } from '@nanostores/react';
import { Paginator, type PaginatorTemplateOptions } from 'primereact/paginator';
import { Dropdown } from 'primereact/dropdown';
import { useT } from '../../lib/i18n/react.ts';
import widgets from '../../lib/i18n/ns/widgets.ts';
import { $device } from '../../stores/app.ts';
import { changePageSize, firstRow, pageOfRow, pagerCount, pageSizes, scrollToTop, type PageState } from './pagination-rules.ts';

interface Props {
  total: number;
  /** the total is a floor (a search counted only so far): shown as "1,000+" */
  capped?: boolean;
  value: PageState;
  /** emits page and limit together (the original's `pagination` event) */
  onChange(next: PageState): void;
  /** scroll to the top after a change (default on) */
  autoScroll?: boolean;
  hidden?: boolean;
}

/** The paginated table's pager (spec §4, §9): sizes 10/20/30/50, 5 or 7 page links, scroll to top. */
export function Pagination({ total, capped, value, onChange, autoScroll = true, hidden }: Props) {
  const t = useT(widgets);
  // The shell's device (body width, kept up to date on resize): no layout read of its own per pager.
  const links = pagerCount(useStore($device));
  if (hidden || total <= 0) return null;
  const emit = (next: PageState) => {
    onChange(next);
    if (autoScroll) scrollToTop();
  };
  const template: PaginatorTemplateOptions = {
    layout: 'CurrentPageReport RowsPerPageDropdown PrevPageLink PageLinks NextPageLink',
    CurrentPageReport: (o) => <span className="pagination-total">{t(capped ? 'pagination.totalAtLeast' : 'pagination.total', { total: o.totalRecords })}</span>,
    RowsPerPageDropdown: (o) => (
      <Dropdown
        className="pagination-size"
        value={o.value}
        options={pageSizes().map((size) => ({ value: size, label: t('pagination.pageSize', { size }) }))}
        onChange={(e) => emit(changePageSize(value, Number(e.value), total))}
        aria-label={t('pagination.pageSize', { size: o.value })}
      />
    ),
  };
  return (
    <Paginator
      className="pagination"
      first={firstRow(value)}
      rows={value.limit}
      totalRecords={total}
      pageLinkSize={links}
      template={template}
      onPageChange={(e) => {
        if (e.rows === value.limit) emit({ page: pageOfRow(e.first, e.rows), limit: e.rows });
      }}
    />
  );
}
