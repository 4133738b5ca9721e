import { useCallback, useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { http, type TablePage } from '../../lib/request.ts';
import { translate } from '../../lib/i18n/i18n.ts';
import { useLocale, useT } from '../../lib/i18n/react.ts';
import system from '../../lib/i18n/ns/system.ts';
import resource from '../../lib/i18n/ns/resource.ts';
import common from '../../lib/i18n/ns/common.ts';
import '../../lib/i18n/ns/fields.ts';
import { displayDateTime } from '../../lib/datetime.ts';
import { go } from '../../lib/routes/navigation.ts';
import type { RoutePageProps } from '../../lib/routes/types.ts';
import { message } from '../../stores/notify.ts';
import { askToConfirm } from '../../components/form/confirm.ts';
import { DictValue } from '../../components/widgets/DictTag.tsx';
import { Pagination } from '../../components/widgets/Pagination.tsx';
import { DEFAULT_PAGE, type PageState } from '../../components/widgets/pagination-rules.ts';
import { useSelectionNames } from '../../components/widgets/selection-names.ts';
import '../resource/resource.css';
import '../../components/form/form.css';

type UserRow = { userId: number; userName: string; nickName: string; email?: string; phoneNumber?: string; status: string; createTime?: string };

/** One page of allocatedList / unallocatedList, searched by user name. */
function useUsers(which: 'allocatedList' | 'unallocatedList', roleId: string, active = true) {
  const [userName, setUserName] = useState('');
  const [page, setPage] = useState<PageState>(DEFAULT_PAGE);
  const [rows, setRows] = useState<UserRow[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [selection, setSelection] = useState<UserRow[]>([]);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!active) return;
    let live = true;
    setLoading(true);
    http
      .get<TablePage<UserRow>>(`/system/role/authUser/${which}`, { roleId, pageNum: page.page, pageSize: page.limit, ...(userName ? { userName } : {}) })
      .then((r) => {
        if (!live) return;
        setRows((r.data?.rows ?? []) as UserRow[]);
        setTotal(Number(r.data?.total ?? 0));
        setSelection([]);
      })
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
    // userName applies on search (tick), not on each key
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [which, roleId, page, tick, active]);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { userName, setUserName, page, setPage, rows, total, loading, selection, setSelection, reload };
}

function UserTable({ list, actions, testId, caption }: { list: ReturnType<typeof useUsers>; actions?: (row: UserRow) => React.ReactNode; testId: string; caption: string }) {
  const t = useT(resource);
  const selectAll = useSelectionNames();
  return (
    <>
      <DataTable
        pt={{ table: { 'aria-label': caption } }}
        className="resource-table"
        data-testid={testId}
        value={list.rows}
        dataKey="userId"
        selectionAriaLabel="userName"
        loading={list.loading}
        size="small"
        stripedRows
        selectionMode="checkbox"
        selection={list.selection}
        onSelectionChange={(e: { value: unknown }) => list.setSelection(e.value as UserRow[])}
        emptyMessage={t('empty')}
      >
        <Column selectionMode="multiple" headerStyle={{ width: '3rem' }} pt={selectAll} />
        <Column field="userName" header={translate('fields:userName')} />
        <Column field="nickName" header={translate('fields:nickName')} />
        <Column field="email" header={translate('fields:email')} />
        <Column field="phoneNumber" header={translate('fields:phoneNumber')} />
        <Column field="status" header={translate('fields:status')} body={(r: UserRow) => <DictValue type="SysUserStatus" value={r.status} />} />
        <Column field="createTime" header={translate('fields:createTime')} body={(r: UserRow) => displayDateTime(r.createTime ?? '')} />
        {actions ? <Column header={t('actions')} body={(r: UserRow) => <div className="resource-row-actions">{actions(r)}</div>} style={{ width: '1%', whiteSpace: 'nowrap' }} /> : null}
      </DataTable>
      <Pagination total={list.total} value={list.page} onChange={list.setPage} autoScroll={false} />
    </>
  );
}

function SearchBar({ list }: { list: ReturnType<typeof useUsers> }) {
  const t = useT(resource);
  return (
    <form
      className="resource-search"
      onSubmit={(e) => {
        e.preventDefault();
        list.setPage((p) => ({ ...p, page: 1 }));
        list.reload();
      }}
    >
      <div className="resource-search-item">
        <label>{translate('fields:userName')}</label>
        <InputText value={list.userName} onChange={(e) => list.setUserName(e.target.value)} placeholder={translate('fields:userName')} />
      </div>
      <div className="resource-search-item resource-search-buttons">
        <Button type="submit" size="small" icon="pi pi-search" label={t('search')} />
      </div>
    </form>
  );
}

/** /system/role-auth/user/:roleId — the users holding a role: revoke it, or give it to more. */
export default function RoleAuthUser({ params }: RoutePageProps) {
  const t = useT(system);
  const r = useT(resource);
  const c = useT(common);
  useLocale();
  const roleId = params.roleId ?? '';
  const [roleName, setRoleName] = useState('');
  const [picking, setPicking] = useState(false);
  const allocated = useUsers('allocatedList', roleId);
  const unallocated = useUsers('unallocatedList', roleId, picking);

  useEffect(() => {
    void http.get<{ roleName?: string }>(`/system/role/${roleId}`).then((res) => setRoleName(res.data?.roleName ?? '')).catch(() => undefined);
  }, [roleId]);

  async function cancel(rows: UserRow[]) {
    if (!rows.length) return message.warning(r('selectFirst'));
    const ok = await askToConfirm(t('role.confirmCancel', { count: rows.length }));
    if (!ok) return;
    await http
      .put('/system/role/authUser/cancelAll', { roleId: Number(roleId), userIds: rows.map((u) => u.userId) })
      .then(() => {
        message.success(t('role.cancelled'));
        allocated.reload();
      })
      .catch(() => undefined);
  }

  async function assign() {
    if (!unallocated.selection.length) return message.warning(r('selectFirst'));
    await http
      .put('/system/role/authUser/selectAll', { roleId: Number(roleId), userIds: unallocated.selection.map((u) => u.userId) })
      .then(() => {
        message.success(t('role.assigned'));
        setPicking(false);
        allocated.reload();
      })
      .catch(() => undefined);
  }

  return (
    <section className="resource-screen" data-resource="role-auth">
      <h2 className="role-auth-title">{t('role.authTitle', { name: roleName })}</h2>
      <SearchBar list={allocated} />
      <div className="table-toolbar-actions role-auth-toolbar" style={{ display: 'flex', gap: 8, marginBottom: 8 }}>
        <Button size="small" outlined icon="pi pi-plus" label={t('role.addUsers')} onClick={() => setPicking(true)} />
        <Button size="small" outlined severity="danger" icon="pi pi-times" label={t('role.cancelSelected')} disabled={allocated.selection.length === 0} onClick={() => void cancel(allocated.selection)} />
        <Button size="small" outlined severity="secondary" icon="pi pi-arrow-left" label={t('role.back')} onClick={() => void go('/system/role')} />
      </div>
      <UserTable list={allocated} caption={t('role.authTitle', { name: roleName })} testId="role-auth-allocated" actions={(u) => <Button text size="small" severity="danger" icon="pi pi-times" label={t('role.cancelAuth')} onClick={() => void cancel([u])} />} />
      {picking ? (
        <Dialog
          visible
          header={t('role.selectUsers')}
          onHide={() => setPicking(false)}
          style={{ width: 'min(860px, 95vw)' }}
          className="role-auth-dialog"
          footer={
            <div className="resource-dialog-footer">
              <Button size="small" label={c('actions.ok')} disabled={unallocated.selection.length === 0} onClick={() => void assign()} />
              <Button size="small" outlined severity="secondary" label={c('actions.cancel')} onClick={() => setPicking(false)} />
            </div>
          }
        >
          <SearchBar list={unallocated} />
          <UserTable list={unallocated} caption={t('role.selectUsers')} testId="role-auth-unallocated" />
        </Dialog>
      ) : null}
    </section>
  );
}
