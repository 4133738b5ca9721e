import type { ReactNode } from 'react';
import type { FieldDef, ResourceDef } from '../../../shared/resources/define.ts';
import { columnFields, isSortable, labelOf, rowName, type Row, type Sort } from '../../lib/resources/client.ts';
import { displayDateTime } from '../../lib/datetime.ts';
import { translate } from '../../lib/i18n/i18n.ts';
import { useLocale, useT } from '../../lib/i18n/react.ts';
import resource from '../../lib/i18n/ns/resource.ts';
import { DictValue } from '../../components/widgets/DictTag.tsx';
import { DataGrid } from '../../components/widgets/DataGrid.tsx';
import { secondsText } from './FieldHint.tsx';
import { ACTIONS_COLUMN } from './actions-column.ts';
import { ImageThumb, WebLink } from './cell-kinds.tsx';

interface Props {
  def: ResourceDef;
  /** names the table: the screen's title */
  caption: string;
  rows: Row[];
  loading: boolean;
  hidden: ReadonlySet<string>;
  sort: Sort | null;
  onSort(sort: Sort | null): void;
  selection: Row[];
  onSelection(rows: Row[]): void;
  /** custom cells by field name */
  cells?: Record<string, (row: Row) => ReactNode>;
  /** the actions column; absent when the screen has none */
  actions?: (row: Row) => ReactNode;
  selectable: boolean;
}

/**
 * The default cell of a field: dictionary tag, fixed option label, formatted time, seconds in
 * words, an image's thumbnail, a web address's link (`column.link`), or the text.
 */
export function cell(name: string, f: FieldDef, row: Row, locale: string): ReactNode {
  const value = row[name];
  if (f.dict) return <DictValue type={f.dict} value={value} />;
  if (f.kind === 'image') return <ImageThumb key={String(value ?? '')} value={value} />;
  if (typeof f.column === 'object' && f.column.link) return <WebLink value={value} />;
  if (f.options) return translate(f.options.find((o) => o.value === String(value))?.label ?? String(value ?? ''), undefined, locale);
  if (f.kind === 'datetime') return displayDateTime(value as string);
  if (f.unit === 'seconds') return secondsText(value, locale) || String(value ?? '');
  return value === null || value === undefined ? '' : String(value);
}

/** A long text on one line of the column's width, whole in its tooltip (column `ellipsis`). */
function Ellipsis({ width, title, children }: { width?: string; title?: string; children: ReactNode }) {
  return <span className="resource-cell-ellipsis" style={{ maxWidth: width ?? '16rem' }} title={title}>{children}</span>;
}

/** A field's cell: the screen's own, else the default one; cut to one line when the column says so. */
export function fieldCell(name: string, f: FieldDef, row: Row, locale: string, custom?: (row: Row) => ReactNode): ReactNode {
  const content = custom ? custom(row) : cell(name, f, row, locale);
  if (typeof f.column !== 'object' || !f.column.ellipsis) return content;
  // A link's tooltip is its address too.
  const title = typeof content === 'string' ? content : f.column.link && !custom ? String(row[name] ?? '') : undefined;
  return <Ellipsis width={f.column.width} title={title}>{content}</Ellipsis>;
}

/** Props of a field's column in either table: its set width; times kept on one line. */
export function fieldColumnProps(f: FieldDef) {
  return {
    style: typeof f.column === 'object' && f.column.width ? { width: f.column.width } : undefined,
    bodyClassName: f.kind === 'datetime' ? 'resource-cell-nowrap' : f.kind === 'image' ? 'resource-cell-thumb' : undefined,
  };
}


/** The paged table: columns from the definition, server-side sorting, checkbox selection. */
export function ResourceTable({ def, caption, rows, loading, hidden, sort, onSort, selection, onSelection, cells, actions, selectable }: Props) {
  const t = useT(resource);
  const locale = useLocale();
  return (
    <DataGrid
      className="resource-table"
      caption={caption}
      rows={rows}
      rowKey={(row) => row[def.id] as string | number}
      rowName={(row) => rowName(def, row)}
      loading={loading}
      sort={sort}
      onSort={onSort}
      selectable={selectable}
      selection={selection}
      onSelection={onSelection}
      emptyMessage={t('empty')}
      tableStyle={{ minWidth: '40rem' }}
      columns={[
        ...columnFields(def)
          .filter(([name]) => !hidden.has(name))
          .map(([name, f]) => ({
            key: name,
            header: labelOf(name, f, locale),
            sortField: isSortable(f) ? name : undefined,
            ...fieldColumnProps(f),
            body: (row: Row) => fieldCell(name, f, row, locale, cells?.[name]),
          })),
        actions ? { key: 'actions', header: t('actions'), body: (row: Row) => <div className="resource-row-actions">{actions(row)}</div>, ...ACTIONS_COLUMN } : null,
      ]}
    />
  );
}
