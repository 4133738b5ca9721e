import './data-grid.css';
import type { CSSProperties, KeyboardEvent, ReactNode } from 'react';
import { CheckIcon } from 'primereact/icons/check';
import { SortAltIcon } from 'primereact/icons/sortalt';
import { SortAmountDownIcon } from 'primereact/icons/sortamountdown';
import { SortAmountUpAltIcon } from 'primereact/icons/sortamountupalt';
import { SpinnerIcon } from 'primereact/icons/spinner';
import { useT } from '../../lib/i18n/react.ts';
import widgets from '../../lib/i18n/ns/widgets.ts';
import { allSelected, ariaSort, nextSort, toggleAll, toggleRow, type GridSort } from './data-grid-rules.ts';

export interface GridColumn<R> {
  key: string;
  header: ReactNode;
  body(row: R): ReactNode;
  /** sortable by this field (the server sorts: the grid only says which column and order) */
  sortField?: string;
  /** on the header and body cells alike (a width, a minimum width) */
  style?: CSSProperties;
  headerClassName?: string;
  bodyClassName?: string;
}

interface Props<R> {
  /**
   * what the table is, after the screen it is on: its caption, hidden (the screen's title shows
   * it), which names the table to a screen reader
   */
  caption: string;
  rows: readonly R[];
  rowKey(row: R): string | number;
  /** what a row is called (its name, title…): its checkbox says "Select <name>" */
  rowName?(row: R): string;
  columns: readonly (GridColumn<R> | null | false | undefined)[];
  loading?: boolean;
  emptyMessage: ReactNode;
  sort?: GridSort | null;
  onSort?(sort: GridSort | null): void;
  /** a checkbox column first, and the header's to select the page */
  selectable?: boolean;
  selection?: readonly R[];
  onSelection?(rows: R[]): void;
  className?: string;
  tableStyle?: CSSProperties;
  testId?: string;
}

const cls = (...names: (string | false | null | undefined)[]) => names.filter(Boolean).join(' ') || undefined;

/** PrimeReact's checkbox markup (the theme styles it), without a component per cell. */
function GridCheckbox({ checked, label, onToggle }: { checked: boolean; label: string; onToggle(): void }) {
  return (
    <div className={cls('p-checkbox p-component', checked && 'p-highlight')} data-p-highlight={checked}>
      <input type="checkbox" className="p-checkbox-input" checked={checked} aria-label={label} onChange={onToggle} />
      <div className="p-checkbox-box">{checked ? <CheckIcon className="p-checkbox-icon" /> : null}</div>
    </div>
  );
}

function SortIcon({ state }: { state: 'ascending' | 'descending' | 'none' }) {
  const Icon = state === 'ascending' ? SortAmountUpAltIcon : state === 'descending' ? SortAmountDownIcon : SortAltIcon;
  return <span><Icon className="p-sortable-column-icon" /></span>;
}

/**
 * The list screens' table: the markup and classes of PrimeReact's DataTable (so the theme, the
 * screens' styles and the tests see the same table), for what the lists use of it: server-side
 * sorting on a header click, checkbox selection, striped rows, a loading overlay, an empty message.
 * DataTable itself is 31 KiB of Brotli and a component per cell with its pass-through machinery on
 * every render; a list page's first draw spent more on it than on its rows (issue 12). Screens that
 * need more of it (in-cell editing, frozen columns, virtual scrolling) keep DataTable.
 *
 * For screen readers: a caption names the table, headers are column headers (`scope`) and say how
 * the list is sorted (`aria-sort`), and each row's checkbox is named after the row, in the page's
 * language.
 */
export function DataGrid<R>({ caption, rows, rowKey, rowName, columns, loading, emptyMessage, sort, onSort, selectable, selection = [], onSelection, className, tableStyle, testId }: Props<R>) {
  const t = useT(widgets);
  const shown = columns.filter((c): c is GridColumn<R> => !!c);
  const selectedKeys = new Set(selection.map(rowKey));
  const sortBy = (field: string) => onSort?.(nextSort(sort, field));
  const onHeaderKey = (field: string) => (e: KeyboardEvent) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    sortBy(field);
  };
  const all = allSelected(rows, selection, rowKey);
  return (
    <div className={cls(className, 'p-datatable p-component p-datatable-responsive-scroll p-datatable-striped p-datatable-sm', selectable && 'p-datatable-selectable')} data-testid={testId}>
      {loading ? (
        <div className="p-datatable-loading-overlay p-component-overlay">
          <SpinnerIcon className="p-datatable-loading-icon" spin />
        </div>
      ) : null}
      <div className="p-datatable-wrapper">
        <table className="p-datatable-table" style={tableStyle}>
          <caption className="visually-hidden">{caption}</caption>
          <thead className="p-datatable-thead">
            <tr>
              {selectable ? (
                <th className="p-selection-column" scope="col" style={{ width: '3rem' }}>
                  <div className="p-column-header-content">
                    <span className="p-column-title visually-hidden">{t('grid.selectColumn')}</span>
                    <GridCheckbox checked={all} label={t('grid.selectPage')} onToggle={() => onSelection?.(toggleAll(rows, selection, rowKey))} />
                  </div>
                </th>
              ) : null}
              {shown.map((c) => {
                const state = c.sortField ? ariaSort(sort, c.sortField) : undefined;
                return (
                  <th
                    key={c.key}
                    className={cls(c.headerClassName, c.sortField && 'p-sortable-column', state && state !== 'none' && 'p-highlight')}
                    scope="col"
                    style={c.style}
                    tabIndex={c.sortField ? 0 : undefined}
                    aria-sort={state}
                    onClick={c.sortField ? () => sortBy(c.sortField!) : undefined}
                    onKeyDown={c.sortField ? onHeaderKey(c.sortField) : undefined}
                  >
                    <div className="p-column-header-content">
                      <span className="p-column-title">{c.header}</span>
                      {state ? <SortIcon state={state} /> : null}
                    </div>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody className="p-datatable-tbody">
            {rows.length ? (
              rows.map((row, i) => {
                const key = rowKey(row);
                const selected = selectedKeys.has(key);
                const name = rowName?.(row);
                return (
                  <tr key={key} className={cls(selected && 'p-highlight', i % 2 !== 0 && 'p-row-odd')} aria-selected={selectable ? selected : undefined}>
                    {selectable ? (
                      <td className="p-selection-column">
                        <GridCheckbox checked={selected} label={name ? t('grid.selectNamed', { name }) : t('grid.selectRow')} onToggle={() => onSelection?.(toggleRow(selection, row, rowKey))} />
                      </td>
                    ) : null}
                    {shown.map((c) => (
                      <td key={c.key} className={c.bodyClassName} style={c.style}>
                        {c.body(row)}
                      </td>
                    ))}
                  </tr>
                );
              })
            ) : (
              <tr className="p-datatable-emptymessage">
                <td colSpan={shown.length + (selectable ? 1 : 0)}>{emptyMessage}</td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
