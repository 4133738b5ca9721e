import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../../tests/helpers/server.ts';
import { workbookBuffer } from '../../core/xlsx.ts';
import { multipartBody } from '../common/test-multipart.ts';
import { MENUS } from '../shipped.ts';
import { IMPORT_COLUMNS } from './user-import.ts';

// Issue 8, finding 1: an own-department manager whose scope covers the built-in administrator must
// not reach it by any path — not directly, not through a helper account, not by widening its own
// role. Each attempt below is refused, and afterwards the administrator is untouched.
const ts = useTestServer();
const H = { repeatSubmit: 'false', 'accept-language': 'en' };
const ADMIN_ID = 1;
const ADMIN_ROLE_ID = 1;

const MANAGER_KEYS = [
  'system:user:view', 'system:user:add', 'system:user:edit', 'system:user:remove', 'system:user:resetPwd', 'system:user:import',
  'system:role:view', 'system:role:add', 'system:role:edit', 'system:role:remove',
];
const menuOf = (key: string) => MENUS.find((m) => m.perms === key)!.menuId;

let desk: number;
let managerRole: number;
let everywhereRole: number;
let configRole: number;
let dormantRole: number;
let spareRole: number;
let manager: string;
let managerId: number;
let peerId: number;
let colleagueId: number;
let admin2Id: number;

async function ok(method: string, path: string, body: unknown) {
  const r = await ts.api(method, path, { token: ts.admin, body, headers: H });
  expect(r.code, `${method} ${path}: ${r.msg}`).toBe(200);
  return r.data;
}

beforeAll(async () => {
  desk = (await ok('POST', '/system/dept', { deptName: 'Desk', parentId: 100 })).deptId;
  // The administrator sits in the manager's department: only the power rule stands between them.
  await ok('PUT', '/system/user', { userId: ADMIN_ID, deptId: desk });
  managerRole = (await ok('POST', '/system/role', { roleName: 'Desk managers', roleKey: 'deskmgr', dataScope: '3', menuIds: MANAGER_KEYS.map(menuOf) })).roleId;
  everywhereRole = (await ok('POST', '/system/role', { roleName: 'Everywhere', roleKey: 'everywhere', dataScope: '1', menuIds: [menuOf('system:user:view')] })).roleId;
  configRole = (await ok('POST', '/system/role', { roleName: 'Configurers', roleKey: 'configurers', dataScope: '3', menuIds: [menuOf('system:config:edit')] })).roleId;
  dormantRole = (await ok('POST', '/system/role', { roleName: 'Dormant', roleKey: 'dormant', dataScope: '1', status: '1', menuIds: [] })).roleId;
  spareRole = (await ok('POST', '/system/role', { roleName: 'Spare', roleKey: 'spare', dataScope: '1', menuIds: [] })).roleId;
  managerId = (await ok('POST', '/system/user', { userName: 'deskmgr', nickName: 'Manager', deptId: desk, password: 'Manage123', roleIds: [managerRole, dormantRole] })).userId;
  peerId = (await ok('POST', '/system/user', { userName: 'deskpeer', nickName: 'Peer', deptId: desk, password: 'Peer12345', roleIds: [configRole] })).userId;
  colleagueId = (await ok('POST', '/system/user', { userName: 'deskhand', nickName: 'Colleague', deptId: desk, password: 'Hand12345' })).userId;
  admin2Id = (await ok('POST', '/system/user', { userName: 'admin2', nickName: 'Second admin', deptId: 101, password: 'Second2345', roleIds: [ADMIN_ROLE_ID] })).userId;
  manager = await ts.loginReady('deskmgr', 'Manage123');
  expect(manager).toBeTruthy();
});

async function importAs(token: string, rows: (string | number)[][]) {
  const body = multipartBody('file', 'users.xlsx', await workbookBuffer([{ name: 'users', header: [...IMPORT_COLUMNS], rows }]));
  const res = await ts.server.app.inject({ method: 'POST', url: '/prod-api/system/user/importData', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}`, 'accept-language': 'en' } });
  return res.json();
}

describe('an own-department manager cannot reach the administrator', () => {
  it('is refused on every path', async () => {
    const attempts: [what: string, method: string, path: string, body: () => unknown][] = [
      ["reset the admin's password", 'PUT', '/system/user/resetPwd', () => ({ userId: ADMIN_ID, password: 'Taken1234' })],
      ['disable the admin', 'PUT', '/system/user/changeStatus', () => ({ userId: ADMIN_ID, status: '1' })],
      ['edit the admin', 'PUT', '/system/user', () => ({ userId: ADMIN_ID, nickName: 'pwned', email: 'me@evil.example' })],
      ["replace the admin's roles", 'PUT', '/system/user', () => ({ userId: ADMIN_ID, roleIds: [managerRole] })],
      ['delete the admin', 'DELETE', '/system/user', () => [ADMIN_ID]],
      ['create a helper with scope "all"', 'POST', '/system/user', () => ({ userName: 'helper_all', nickName: 'H', deptId: desk, password: 'Helper123', roleIds: [everywhereRole] })],
      ['create a helper with the admin role', 'POST', '/system/user', () => ({ userName: 'helper_adm', nickName: 'H', deptId: desk, password: 'Helper123', roleIds: [ADMIN_ROLE_ID] })],
      ['create a helper with a permission the manager lacks', 'POST', '/system/user', () => ({ userName: 'helper_cfg', nickName: 'H', deptId: desk, password: 'Helper123', roleIds: [configRole] })],
      ['give a colleague a role with scope "all"', 'PUT', '/system/user', () => ({ userId: colleagueId, roleIds: [everywhereRole] })],
      ['grant itself scope "all" through authUser', 'PUT', '/system/role/authUser/selectAll', () => ({ roleId: everywhereRole, userIds: [managerId] })],
      ['grant itself a permission it lacks through authUser', 'PUT', '/system/role/authUser/selectAll', () => ({ roleId: configRole, userIds: [managerId] })],
      ['grant itself the admin role through authUser', 'PUT', '/system/role/authUser/selectAll', () => ({ roleId: ADMIN_ROLE_ID, userIds: [managerId] })],
      ['take a role away from the admin', 'PUT', '/system/role/authUser/cancelAll', () => ({ roleId: ADMIN_ROLE_ID, userIds: [ADMIN_ID] })],
      ["add a menu it lacks to its own role", 'PUT', '/system/role', () => ({ roleId: managerRole, menuIds: [...MANAGER_KEYS.map(menuOf), menuOf('system:config:edit')] })],
      ['widen its own role to scope "all" (edit)', 'PUT', '/system/role', () => ({ roleId: managerRole, dataScope: '1' })],
      ['widen its own role to scope "all" (dataScope)', 'PUT', '/system/role/dataScope', () => ({ roleId: managerRole, dataScope: '1' })],
      ['widen its own role to the root department', 'PUT', '/system/role/dataScope', () => ({ roleId: managerRole, dataScope: '2', deptIds: [100] })],
      ['widen its own role to department and below', 'PUT', '/system/role/dataScope', () => ({ roleId: managerRole, dataScope: '4' })],
      ['switch on a dormant role with scope "all" it holds', 'PUT', '/system/role/changeStatus', () => ({ roleId: dormantRole, status: '0' })],
      ['create a role with scope "all"', 'POST', '/system/role', () => ({ roleName: 'Mine all', roleKey: 'mine_all', dataScope: '1', menuIds: [] })],
      ['create a role with a permission it lacks', 'POST', '/system/role', () => ({ roleName: 'Mine cfg', roleKey: 'mine_cfg', dataScope: '3', menuIds: [menuOf('system:config:edit')] })],
      ['narrow a role more powerful than itself', 'PUT', '/system/role', () => ({ roleId: everywhereRole, dataScope: '5' })],
      ['delete a role more powerful than itself', 'DELETE', '/system/role', () => [spareRole]],
      ['move the second admin into its department', 'PUT', '/system/user', () => ({ userId: admin2Id, deptId: desk })],
      ['reset the password of a peer holding a permission it lacks', 'PUT', '/system/user/resetPwd', () => ({ userId: peerId, password: 'Taken1234' })],
      ['disable a peer holding a permission it lacks', 'PUT', '/system/user/changeStatus', () => ({ userId: peerId, status: '1' })],
    ];
    const accepted: string[] = [];
    for (const [what, method, path, body] of attempts) {
      const r = await ts.api(method, path, { token: manager, body: body(), headers: H });
      if (r.code === 200) accepted.push(`${what} (${method} ${path})`);
      else expect(r.msg, what).toBeTruthy();
    }
    expect(accepted).toEqual([]);

    // An import cannot overwrite the admin (an existing name is a bad row) nor grant a role.
    const imported = await importAs(manager, [['admin', 'Mine', desk, '', '', '', '', 'Taken1234']]);
    expect(imported.data).toMatchObject({ imported: 0 });

    // The administrator is as it was: same password, enabled, same name and roles.
    expect(await ts.login('admin', 'admin123')).toBeTruthy();
    const adminRow = (await ts.api('GET', `/system/user/${ADMIN_ID}`, { token: ts.admin })).data;
    expect(adminRow).toMatchObject({ status: '0', nickName: '管理员', deptId: desk });
    expect((await ts.api('GET', `/system/user/grants/${ADMIN_ID}`, { token: ts.admin })).data.roleIds).toEqual([ADMIN_ROLE_ID]);
    // The manager still holds exactly what it held.
    const info = (await ts.api('GET', '/getInfo', { token: manager })).data;
    expect([...info.permissions].sort()).toEqual([...MANAGER_KEYS].sort());
    const role = (await ts.api('GET', `/system/role/${managerRole}`, { token: ts.admin })).data;
    expect(role.dataScope).toBe('3');
    expect((await ts.api('GET', `/system/role/${dormantRole}`, { token: ts.admin })).data.status).toBe('1');
    const helpers = await ts.api('GET', '/system/user/list', { token: ts.admin, query: { userName: 'helper_' } });
    expect(helpers.data.total).toBe(0);
  });

  it('names the user or role that holds more', async () => {
    const r = await ts.api('PUT', '/system/user/resetPwd', { token: manager, body: { userId: peerId, password: 'Taken1234' }, headers: H });
    expect(r.msg).toBe('User "deskpeer" holds permissions or a data scope you do not hold; you cannot change that account');
    const g = await ts.api('PUT', '/system/role/authUser/selectAll', { token: manager, body: { roleId: everywhereRole, userIds: [colleagueId] }, headers: H });
    expect(g.msg).toBe('Role "Everywhere" carries permissions or a data scope you do not hold; you cannot grant or change it');
  });

  it('still lets the manager act on users and grants within its own power', async () => {
    const reset = await ts.api('PUT', '/system/user/resetPwd', { token: manager, body: { userId: colleagueId, password: 'Fresh12345' }, headers: H });
    expect(reset.code, reset.msg).toBe(200);
    const helper = await ts.api('POST', '/system/user', { token: manager, body: { userName: 'deskhelper', nickName: 'Helper', deptId: desk, password: 'Helper123', roleIds: [managerRole] }, headers: H });
    expect(helper.code, helper.msg).toBe(200);
    const grant = await ts.api('PUT', '/system/role/authUser/selectAll', { token: manager, body: { roleId: managerRole, userIds: [colleagueId] }, headers: H });
    expect(grant.code, grant.msg).toBe(200);
    const narrowed = await ts.api('PUT', '/system/role/dataScope', { token: manager, body: { roleId: managerRole, dataScope: '3' }, headers: H });
    expect(narrowed.code, narrowed.msg).toBe(200);
  });

  it('offers in the user form only the roles the manager could grant (and those the user holds)', async () => {
    const offered = (await ts.api('GET', '/system/user/grants/0', { token: manager })).data.roles.map((r: { roleId: number }) => r.roleId);
    expect(offered).toContain(managerRole);
    for (const id of [ADMIN_ROLE_ID, everywhereRole, configRole, spareRole]) expect(offered).not.toContain(id);
    const forPeer = (await ts.api('GET', `/system/user/grants/${peerId}`, { token: manager })).data.roles.map((r: { roleId: number }) => r.roleId);
    expect(forPeer).toContain(configRole);
  });
});

describe('reach compares department by department', () => {
  it('lets "department and below" act on an own-department user beneath it, never the reverse', async () => {
    const sub = (await ok('POST', '/system/dept', { deptName: 'Sub desk', parentId: desk })).deptId;
    const keys = ['system:user:view', 'system:user:resetPwd'].map(menuOf);
    const below = (await ok('POST', '/system/role', { roleName: 'Below', roleKey: 'below_resetters', dataScope: '4', menuIds: keys })).roleId;
    const own = (await ok('POST', '/system/role', { roleName: 'Own', roleKey: 'own_resetters', dataScope: '3', menuIds: keys })).roleId;
    await ok('POST', '/system/user', { userName: 'lead', nickName: 'Lead', deptId: desk, password: 'Chief12345', roleIds: [below] });
    const subUser = (await ok('POST', '/system/user', { userName: 'subhand', nickName: 'Sub', deptId: sub, password: 'Subh12345', roleIds: [own] })).userId;
    const ownUser = (await ok('POST', '/system/user', { userName: 'ownlead', nickName: 'Own lead', deptId: desk, password: 'Ownl12345', roleIds: [own] })).userId;
    const belowUser = (await ok('POST', '/system/user', { userName: 'belowpeer', nickName: 'Below peer', deptId: desk, password: 'Belo12345', roleIds: [below] })).userId;
    const lead = await ts.loginReady('lead', 'Chief12345');
    const ownLead = await ts.loginReady('ownlead', 'Ownl12345');
    const reset = (token: string, userId: number) => ts.api('PUT', '/system/user/resetPwd', { token, body: { userId, password: 'Reset12345' }, headers: H });
    // Same department, but the peer reaches the sub-department too: more than "own department".
    expect((await reset(ownLead, belowUser)).msg).toBe('User "belowpeer" holds permissions or a data scope you do not hold; you cannot change that account');
    expect((await reset(lead, subUser)).code).toBe(200);
    expect((await reset(lead, ownUser)).code).toBe(200);
  });
});
