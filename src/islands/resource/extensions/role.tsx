import { Button } from 'primereact/button';
import { http } from '../../../lib/request.ts';
import { translate } from '../../../lib/i18n/i18n.ts';
import { buildTree } from '../../../lib/resources/tree.ts';
import type { Row } from '../../../lib/resources/client.ts';
import { useHasPermi } from '../../../stores/permission-gate.ts';
import { go } from '../../../lib/routes/navigation.ts';
import type { FieldRendererProps, ResourceExtensions } from '../types.ts';
import { CheckTreeField, useNodes } from './tree-fields.tsx';
import { StatusSwitch } from './status-switch.tsx';
import { loadDepts } from './dept.tsx';
import { GrantsButton } from '../../../components/cms/GrantsButton.tsx';

type MenuRow = { menuId: number; parentId: number; menuName: string };
const tr = (key: string) => translate(`system:role.${key}`);
/** Data scope "custom": the role sees the departments ticked in the tree. */
const CUSTOM_SCOPE = '2';

const loadMenus = () => http.get<MenuRow[]>('/system/menu/treeselect').then((r) => buildTree(r.data ?? [], 'menuId', 'parentId', 'menuName'));

function MenuTree(p: FieldRendererProps) {
  const nodes = useNodes(loadMenus);
  return <CheckTreeField {...p} nodes={nodes} withPartial />;
}

function DeptTree(p: FieldRendererProps) {
  const nodes = useNodes(loadDepts);
  return <CheckTreeField {...p} nodes={nodes} withPartial={false} />;
}

function AssignUsers({ row }: { row: Row }) {
  const canEdit = useHasPermi({ anyOf: ['system:role:edit'] });
  if (!canEdit) return null;
  return <Button text size="small" icon="pi pi-users" label={tr('assignUsers')} onClick={() => void go(`/system/role-auth/user/${String(row.roleId)}`)} />;
}

/**
 * Roles: the menu permission tree and, for a custom data scope, the department tree in the form;
 * status switch, user assignment and the CMS grants (sites, catalogs) in rows. The administrator
 * role holds everything: nothing to assign or grant there.
 */
export const roleExtensions: ResourceExtensions = {
  async formInit(mode, values) {
    if (mode === 'create') return { ...values, menuIds: [], deptIds: [] };
    const g = (await http.get<{ menuIds: number[]; deptIds: number[] }>(`/system/role/grants/${String(values.roleId)}`)).data;
    return { ...values, menuIds: g?.menuIds ?? [], deptIds: g?.deptIds ?? [] };
  },
  formVisible: (name, values) => name !== 'deptIds' || values.dataScope === CUSTOM_SCOPE,
  fields: {
    menuIds: (p) => <MenuTree {...p} />,
    deptIds: (p) => <DeptTree {...p} />,
  },
  columns: {
    status: (row) => <StatusSwitch row={row} idField="roleId" url="/system/role/changeStatus" perm="system:role:edit" testId={`role-status-${String(row.roleId)}`} locked={row.roleKey === 'admin'} />,
  },
  rowActions: (row) => (row.roleKey === 'admin' ? null : (
    <>
      <AssignUsers row={row} />
      <GrantsButton owner={{ type: 'Role', id: Number(row.roleId), name: String(row.roleName ?? '') }} />
    </>
  )),
};
