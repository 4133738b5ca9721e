import { useEffect, useState } from 'react';
import { Tree } from 'primereact/tree';
import { TreeSelect } from 'primereact/treeselect';
import { http } from '../../../lib/request.ts';
import { translate } from '../../../lib/i18n/i18n.ts';
import { buildTree, type TreeNodeOf } from '../../../lib/resources/tree.ts';
import type { Row } from '../../../lib/resources/client.ts';
import { useHasPermi } from '../../../stores/permission-gate.ts';
import type { FieldRendererProps, ResourceExtensions } from '../types.ts';
import { StatusSwitch } from './status-switch.tsx';
import { ResetPasswordButton } from './ResetPasswordButton.tsx';
import { useStore } from '@nanostores/react';
import { $user } from '../../../stores/session.ts';
import { BUILT_IN_ADMIN_ID } from '../../../../shared/resources/system/user.ts';
import { UserImportButton } from './user-import.tsx';
import { MultiChoice } from '../MultiChoice.tsx';
import { GrantsButton } from '../../../components/cms/GrantsButton.tsx';
import { useFieldAria } from '../../../components/form/field-aria.ts';

type Dept = { deptId: number; parentId: number; deptName: string; status: string };
interface Grants {
  roles: { roleId: number; roleName: string }[];
  posts: { postId: number; postName: string }[];
  roleIds: number[];
  postIds: number[];
}

const tr = (key: string, params?: Record<string, unknown>) => translate(`system:user.${key}`, params);

/** The departments the signed-in user may pick from, as a tree (one request per screen). */
let deptTree: Promise<TreeNodeOf<Dept>[]> | null = null;
const loadDeptTree = (fresh = false) => {
  if (!deptTree || fresh) deptTree = http.get<Dept[]>('/system/user/deptTree').then((r) => buildTree(r.data ?? [], 'deptId', 'parentId', 'deptName'));
  return deptTree;
};
function useDeptTree(fresh = false) {
  const [nodes, setNodes] = useState<TreeNodeOf<Dept>[]>([]);
  useEffect(() => {
    let live = true;
    void loadDeptTree(fresh).then((n) => live && setNodes(n)).catch(() => undefined);
    return () => {
      live = false;
    };
  }, [fresh]);
  return nodes;
}

/** Role and post choices of the open form (fetched when it opens, with the user's current ones). */
let grants: Promise<Grants> | null = null;
function useGrants() {
  const [g, setG] = useState<Grants | null>(null);
  useEffect(() => {
    void grants?.then(setG).catch(() => undefined);
  }, []);
  return g;
}

function DeptAside({ filter }: { filter(extra: Record<string, string>): void }) {
  const nodes = useDeptTree(true);
  const [selected, setSelected] = useState<string | null>(null);
  // The whole tree open at first: departments are few, and a click away is one too many.
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  useEffect(() => {
    const all: Record<string, boolean> = {};
    const walk = (ns: TreeNodeOf<Dept>[]) => ns.forEach((n) => { if (n.children.length) { all[n.key] = true; walk(n.children); } });
    walk(nodes);
    setExpanded(all);
  }, [nodes]);
  return (
    <div className="user-dept-aside" data-testid="user-dept-tree">
      <Tree
        value={nodes}
        filter
        filterPlaceholder={tr('deptFilter')}
        selectionMode="single"
        selectionKeys={selected}
        expandedKeys={expanded}
        onToggle={(e) => setExpanded(e.value as Record<string, boolean>)}
        onSelectionChange={(e) => {
          const key = (e.value as string | null) ?? null;
          setSelected(key);
          filter(key ? { deptId: key } : {});
        }}
      />
    </div>
  );
}

function DeptSelect({ id, value, onChange, invalid, required }: FieldRendererProps) {
  const nodes = useDeptTree();
  const aria = useFieldAria(id, { 'aria-required': required || undefined, 'aria-invalid': invalid || undefined });
  return (
    <TreeSelect
      inputId={id}
      className={invalid ? 'p-invalid' : undefined}
      {...aria}
      value={value ? String(value) : null}
      options={nodes}
      filter
      placeholder={translate('fields:deptId')}
      onChange={(e) => onChange(e.value ? Number(e.value) : '')}
    />
  );
}

function GrantSelect({ id, value, onChange, required, which }: FieldRendererProps & { which: 'roles' | 'posts' }) {
  const g = useGrants();
  const options = which === 'roles' ? (g?.roles ?? []).map((r) => ({ value: r.roleId, label: r.roleName })) : (g?.posts ?? []).map((p) => ({ value: p.postId, label: p.postName }));
  return <MultiChoice id={id} value={value} options={options} required={required} onChange={onChange} />;
}


function ResetPassword({ row }: { row: Row }) {
  return (
    <ResetPasswordButton prefix="user" inputId="reset-password" label={tr('resetPwd')} title={tr('resetPwdTitle', { name: String(row.userName ?? '') })} done={tr('resetDone')}
      send={(password) => http.put('/system/user/resetPwd', { userId: row.userId, password })} />
  );
}

function RowActions({ row }: { row: Row }) {
  const canReset = useHasPermi({ anyOf: ['system:user:resetPwd'] });
  return (
    <>
      {canReset ? <ResetPassword row={row} /> : null}
      {/* The built-in administrator holds every CMS right: nothing to grant. */}
      {Number(row.userId) === BUILT_IN_ADMIN_ID ? null : <GrantsButton owner={{ type: 'User', id: Number(row.userId), name: String(row.userName ?? '') }} />}
    </>
  );
}

/** The server never lets the built-in administrator or oneself be disabled, so those switches are not offered. */
function UserStatus({ row }: { row: Row }) {
  const me = useStore($user);
  const locked = Number(row.userId) === BUILT_IN_ADMIN_ID || String(row.userId) === String(me?.userId);
  return <StatusSwitch row={row} idField="userId" url="/system/user/changeStatus" perm="system:user:edit" testId={`user-status-${String(row.userId)}`} locked={locked} />;
}

/**
 * Users: department tree on the left, tree-select and grant pickers in the form, import in the
 * toolbar, status switch, password reset and the CMS grants (sites, catalogs) in rows.
 */
export const userExtensions: ResourceExtensions = {
  aside: (api) => <DeptAside filter={api.filter} />,
  toolbar: (api) => <UserImportButton onImported={api.reload} />,
  async formInit(mode, values) {
    const userId = mode === 'update' ? Number(values.userId) : 0;
    grants = http.get<Grants>(`/system/user/grants/${userId}`).then((r) => r.data as Grants);
    const g = await grants;
    return { ...values, roleIds: g.roleIds ?? [], postIds: g.postIds ?? [] };
  },
  fields: {
    deptId: (p) => <DeptSelect {...p} />,
    roleIds: (p) => <GrantSelect {...p} which="roles" />,
    postIds: (p) => <GrantSelect {...p} which="posts" />,
  },
  columns: {
    status: (row) => <UserStatus row={row} />,
    deptId: (row) => String(row.deptName ?? ''),
  },
  rowActions: (row) => <RowActions row={row} />,
};
