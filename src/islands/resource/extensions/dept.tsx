import { Button } from 'primereact/button';
import { PlusIcon } from 'primereact/icons/plus';
import { http, type TablePage } from '../../../lib/request.ts';
import { translate } from '../../../lib/i18n/i18n.ts';
import { buildTree } from '../../../lib/resources/tree.ts';
import { useHasPermi } from '../../../stores/permission-gate.ts';
import type { Row } from '../../../lib/resources/client.ts';
import type { FieldRendererProps, ResourceExtensions, ScreenApi } from '../types.ts';
import { ParentSelect, useNodes } from './tree-fields.tsx';

type DeptRow = { deptId: number; parentId: number; deptName: string };
/** All departments as a tree (the dept list unpaged): parents to pick, or a role's data scope. */
export const loadDepts = () =>
  http.get<TablePage<DeptRow>>('/system/dept/list', { pageNum: 1, pageSize: 10000 }).then((r) => buildTree((r.data?.rows ?? []) as DeptRow[], 'deptId', 'parentId', 'deptName'));

function ParentDept(p: FieldRendererProps) {
  const nodes = useNodes(loadDepts);
  return <ParentSelect {...p} nodes={nodes} rootLabel={translate('system:dept.root')} />;
}

/** "Add child" in a row of a tree screen: the add dialog with the row as parent. */
export function AddChild({ row, api, idField, perm, label }: { row: Row; api: ScreenApi; idField: string; perm: string; label: string }) {
  const can = useHasPermi({ anyOf: [perm] });
  if (!can) return null;
  return <Button text size="small" icon={<PlusIcon />} label={label} onClick={() => api.create({ parentId: row[idField] })} />;
}

/** Departments: a tree table of all of them, add-child in rows, the parent as a tree-select. */
export const deptExtensions: ResourceExtensions = {
  tree: { parent: 'parentId' },
  fields: { parentId: (p) => <ParentDept {...p} /> },
  rowActions: (row, api) => <AddChild row={row} api={api} idField="deptId" perm="system:dept:add" label={translate('system:dept.addChild')} />,
};
