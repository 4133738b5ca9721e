import { useEffect, useMemo, useState } from 'react';
import { Tree, type TreeCheckboxSelectionKeys } from 'primereact/tree';
import { TreeSelect } from 'primereact/treeselect';
import { checkedKeys, idsOfChecked, type TreeNodeOf } from '../../../lib/resources/tree.ts';
import type { FieldRendererProps } from '../types.ts';
import { useFieldAria } from '../../../components/form/field-aria.ts';
import { labelIdOf } from '../../../lib/forms/field-aria.ts';

/** Loads tree nodes once per mount. */
export function useNodes<R>(load: () => Promise<TreeNodeOf<R>[]>, deps: unknown[] = []) {
  const [nodes, setNodes] = useState<TreeNodeOf<R>[]>([]);
  useEffect(() => {
    let live = true;
    void load().then((n) => live && setNodes(n)).catch(() => undefined);
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return nodes;
}

/**
 * An id-array field as a checkbox tree. `withPartial`: a partly checked parent counts as granted
 * (a menu page needs its directory); otherwise only checked nodes do.
 */
export function CheckTreeField<R>({ id, value, onChange, nodes, withPartial }: FieldRendererProps & { nodes: TreeNodeOf<R>[]; withPartial: boolean }) {
  const ids = Array.isArray(value) ? (value as unknown[]) : [];
  const keys = useMemo(() => checkedKeys(nodes, ids), [nodes, ids]);
  // The tree is named by its row's label (a <label for> names no tree) and described by its error.
  const aria = useFieldAria(id);
  return (
    <div className="resource-tree-field" id={id} data-testid={`tree-${id}`}>
      <Tree
        aria-labelledby={labelIdOf(id)}
        {...aria}
        value={nodes}
        selectionMode="checkbox"
        selectionKeys={keys}
        onSelectionChange={(e) => {
          const next = (e.value ?? {}) as TreeCheckboxSelectionKeys;
          onChange(withPartial ? idsOfChecked(next) : idsOfChecked(Object.fromEntries(Object.entries(next).filter(([, v]) => v.checked))));
        }}
      />
    </div>
  );
}

/** A parent id as a tree-select, with a root choice (id 0) on top. */
export function ParentSelect<R>({ id, value, onChange, invalid, required, nodes, rootLabel }: FieldRendererProps & { nodes: TreeNodeOf<R>[]; rootLabel: string }) {
  const options = useMemo(() => [{ key: '0', label: rootLabel, children: nodes }], [nodes, rootLabel]);
  const aria = useFieldAria(id, { 'aria-required': required || undefined, 'aria-invalid': invalid || undefined });
  return (
    <TreeSelect
      inputId={id}
      className={invalid ? 'p-invalid' : undefined}
      {...aria}
      value={value === '' || value === undefined || value === null ? null : String(value)}
      options={options}
      filter
      onChange={(e) => onChange(e.value === null || e.value === undefined ? 0 : Number(e.value))}
    />
  );
}
