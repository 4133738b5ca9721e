import './widgets.css';
import { useHydratedStore } from '../../lib/react/use-store.ts';
import { AngleLeftIcon } from 'primereact/icons/angleleft';
import { AngleRightIcon } from 'primereact/icons/angleright';
import classNames from 'clsx';
import { useT } from '../../lib/i18n/react.ts';
import widgets from '../../lib/i18n/ns/widgets.ts';
import { $device } from '../../stores/app.ts';
import { SelectInput } from './SelectInput.tsx';
import { changePageSize, pageCount, pageLinks, pagerCount, pageSizes, scrollToTop, type PageState } from './pagination-rules.ts';

interface Props {
  total: number;
  /** the total is a floor (a search counted only so far): shown as "1,000+" */
  capped?: boolean;
  /** the total is an estimate (a search that did not count every match): shown as "about 67,000" */
  estimated?: boolean;
  value: PageState;
  /** emits page and limit together (the original's `pagination` event) */
  onChange(next: PageState): void;
  /** scroll to the top after a change (default on) */
  autoScroll?: boolean;
  hidden?: boolean;
}

const LINK = 'p-paginator-element p-link';

/**
 * The paginated table's pager (spec §4, §9): sizes 10/20/30/50, 5 or 7 page links, scroll to top.
 * PrimeReact's Paginator markup and classes (the theme styles them), without the component: it
 * brought its page-jump InputNumber (together 13 KiB of Brotli) into every list's first load.
 */
export function Pagination({ total, capped, estimated, value, onChange, autoScroll = true, hidden }: Props) {
  const t = useT(widgets);
  // The shell's device (body width, kept up to date on resize): no layout read of its own per pager.
  // The prerender drew a desktop's.
  const links = pagerCount(useHydratedStore($device, 'desktop'));
  if (hidden || total <= 0) return null;
  const count = pageCount(total, value.limit);
  const emit = (next: PageState) => {
    onChange(next);
    if (autoScroll) scrollToTop();
  };
  const go = (page: number) => {
    if (page !== value.page && page >= 1 && page <= count) emit({ page, limit: value.limit });
  };
  const pages = pageLinks(value.page, count, links);
  const first = value.page <= 1;
  const last = value.page >= count;
  return (
    <nav className="pagination p-paginator p-component" aria-label={t('pagination.pages')}>
      <span className="pagination-total">{t(capped ? 'pagination.totalAtLeast' : estimated ? 'pagination.totalAbout' : 'pagination.total', { total })}</span>
      <SelectInput
        className="pagination-size"
        value={value.limit}
        options={pageSizes().map((size) => ({ value: size, label: t('pagination.pageSize', { size }) }))}
        onChange={(size) => emit(changePageSize(value, Number(size), total))}
        aria-label={t('pagination.pageSize', { size: value.limit })}
      />
      <button type="button" className={classNames('p-paginator-prev', LINK, { 'p-disabled': first })} disabled={first} aria-label={t('pagination.previous')} onClick={() => go(value.page - 1)}>
        <AngleLeftIcon className="p-paginator-icon" />
      </button>
      <span className="p-paginator-pages">
        {pages.map((page, i) => (
          <button
            key={page}
            type="button"
            className={classNames('p-paginator-page', LINK, { 'p-paginator-page-start': i === 0, 'p-paginator-page-end': i === pages.length - 1, 'p-highlight': page === value.page })}
            aria-label={t('pagination.page', { page })}
            aria-current={page === value.page ? 'page' : undefined}
            onClick={() => go(page)}
          >
            {page}
          </button>
        ))}
      </span>
      <button type="button" className={classNames('p-paginator-next', LINK, { 'p-disabled': last })} disabled={last} aria-label={t('pagination.next')} onClick={() => go(value.page + 1)}>
        <AngleRightIcon className="p-paginator-icon" />
      </button>
    </nav>
  );
}
