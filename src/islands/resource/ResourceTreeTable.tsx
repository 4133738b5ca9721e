import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { TreeTable, type TreeTableExpandedKeysType } from 'primereact/treetable';
import { Column } from 'primereact/column';
import type { TreeNode } from 'primereact/treenode';
import type { ResourceDef } from '../../../shared/resources/define.ts';
import { columnFields, labelOf, type Row } from '../../lib/resources/client.ts';
import { buildTree, type TreeNodeOf } from '../../lib/resources/tree.ts';
import { useLocale, useT } from '../../lib/i18n/react.ts';
import resource from '../../lib/i18n/ns/resource.ts';
import { fieldCell, fieldColumnProps } from './ResourceTable.tsx';
import { ACTIONS_COLUMN } from './actions-column.ts';

interface Props {
  def: ResourceDef;
  /** names the table: the screen's title */
  caption: string;
  rows: Row[];
  loading: boolean;
  hidden: ReadonlySet<string>;
  /** the parent-id field */
  parent: string;
  cells?: Record<string, (row: Row) => ReactNode>;
  actions?: (row: Row) => ReactNode;
}

/** Headers are column headers (DataGrid's are too). */
const HEADER_PT = { headerCell: { scope: 'col' } } as const;

/** Up to this many rows the whole tree opens at first; a bigger one (menus) opens its top level only. */
const OPEN_ALL_MAX = 60;

/** All rows of a tree resource (departments, menus) nested under their parents. */
export function ResourceTreeTable({ def, caption, rows, loading, hidden, parent, cells, actions }: Props) {
  const t = useT(resource);
  const locale = useLocale();
  const cols = columnFields(def).filter(([name]) => !hidden.has(name));
  const nodes = useMemo(() => buildTree(rows, def.id, parent, cols[0]?.[0] ?? def.id), [rows, def, parent]);
  const [expanded, setExpanded] = useState<TreeTableExpandedKeysType>({});
  useEffect(() => {
    const all: TreeTableExpandedKeysType = {};
    const deep = rows.length <= OPEN_ALL_MAX;
    const walk = (ns: TreeNodeOf<Row>[]) => ns.forEach((n) => { if (n.children.length) { all[n.key] = true; if (deep) walk(n.children); } });
    walk(nodes);
    setExpanded(all);
  }, [nodes]);
  return (
    <TreeTable
      className="resource-table resource-tree-table"
      value={nodes as unknown as TreeNode[]}
      loading={loading}
      expandedKeys={expanded}
      onToggle={(e) => setExpanded(e.value)}
      emptyMessage={t('empty')}
      tableStyle={{ minWidth: '40rem', tableLayout: 'auto' }}
      // Named after the screen, as DataGrid's caption names a list.
      pt={{ table: { 'aria-label': caption } }}
    >
      {cols.map(([name, f], i) => (
        <Column
          key={name}
          field={name}
          header={labelOf(name, f, locale)}
          expander={i === 0}
          pt={HEADER_PT}
          {...fieldColumnProps(f)}
          body={(node: TreeNode) => {
            const row = node.data as Row;
            return fieldCell(name, f, row, locale, cells?.[name]);
          }}
        />
      ))}
      {actions ? <Column header={t('actions')} pt={HEADER_PT} body={(node: TreeNode) => <div className="resource-row-actions">{actions(node.data as Row)}</div>} {...ACTIONS_COLUMN} /> : null}
    </TreeTable>
  );
}
