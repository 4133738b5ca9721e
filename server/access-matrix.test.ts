import { beforeAll, describe, expect } from 'vitest';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { useTestServer } from '../tests/helpers/server.ts';
import {
  accessMatrix, del, digestOf, exported, get, harmless, post, put, refused, send, setUpPeople, upload,
  type Method, type People, type Table,
} from '../tests/helpers/access-matrix.ts';
import { BUILT_IN_ADMIN_ID } from '../shared/resources/system/user.ts';
import { workbookBuffer } from './core/xlsx.ts';
import { sysSession } from './modules/auth/schema.ts';
import { cmsModule } from './modules/cms/routes.ts';
import { MENUS } from './modules/shipped.ts';
import { sysUser } from './modules/system/schema.ts';
import { IMPORT_COLUMNS } from './modules/system/user-import.ts';

// Issue 9 §1.2, for every route outside the CMS (server/modules/cms/access-matrix.test.ts has
// those): which key each needs, and, where rows belong to someone's data scope or power, that the
// member (every key, scope "own department and below") reaches only users and departments below
// their own, and never acts on a user, role or menu carrying more than they hold. Everything
// outside their scope says "zeta"; the more powerful user, role and menu must never change.
const ts = useTestServer();
const PASSWORD = 'Matrix2026x';

interface Fx extends People {
  /** the button menu for system:user:view (a key the member holds) */
  userView: number;
}
let fx: Fx;
let serial = 0;
const n = () => ++serial;

async function asAdmin(method: Method, path: string, body?: unknown) {
  const r = await send(ts, ts.admin, { method, path, body });
  expect(r.code, `${method} ${path}: ${r.msg}`).toBe(200);
  return r.data;
}

// Rows made for one call (a delete, a role given or taken…), inside the member's reach.
const fresh = {
  user: async (roleIds: number[] = []) => (await asAdmin('POST', '/system/user', { userName: `fresh${n()}`, nickName: 'Fresh', deptId: fx.depts.sub, password: PASSWORD, roleIds })).userId as number,
  dept: async () => (await asAdmin('POST', '/system/dept', { deptName: `Fresh dept ${n()}`, parentId: fx.depts.desk })).deptId as number,
  role: async () => (await asAdmin('POST', '/system/role', { roleName: `Fresh role ${n()}`, roleKey: `fresh_role_${serial}`, dataScope: '5', menuIds: [fx.userView] })).roleId as number,
  menu: async () => (await asAdmin('POST', '/system/menu', { menuName: `Fresh menu ${n()}`, menuType: 'F', perms: 'system:user:view' })).menuId as number,
  /** a new session of this user: its id as Online Users lists it */
  async session(userName: string) {
    await ts.loginReady(userName, PASSWORD);
    const [s] = await ts.database.db.select({ id: sysSession.sessionId }).from(sysSession).innerJoin(sysUser, eq(sysUser.userId, sysSession.userId))
      .where(and(eq(sysUser.userName, userName), isNull(sysSession.revokedAt))).orderBy(desc(sysSession.loginTime)).limit(1);
    return s!.id;
  },
};

/** Everything beyond the member: users outside their departments or above their power, the departments beside theirs, the roles and menu carrying more. */
async function outside(f: Fx) {
  const users = `${f.users.zeta}, ${f.users.boss}, ${BUILT_IN_ADMIN_ID}`;
  const roles = `${f.roles.top}, ${f.roles.admin}`;
  return digestOf(ts.database.db, {
    users: `select * from sys_user where user_id in (${users}) or dept_id = ${f.depts.zeta}`,
    userRoles: `select * from sys_user_role where user_id in (${users}) or role_id in (${roles})`,
    userPosts: `select * from sys_user_post where user_id in (${users})`,
    sessions: `select session_id, user_id, revoked_at from sys_session where user_id in (${users})`,
    attempts: `select * from sys_login_attempt where name_key in ('zetauser', 'boss', 'admin')`,
    depts: `select * from sys_dept where dept_id = ${f.depts.zeta} or parent_id = ${f.depts.zeta}`,
    roles: `select * from sys_role where role_id in (${roles})`,
    roleMenus: `select * from sys_role_menu where role_id in (${roles}) or menu_id = ${f.topMenu}`,
    roleDepts: `select * from sys_role_dept where role_id in (${roles}) or dept_id = ${f.depts.zeta}`,
    menus: `select * from sys_menu where menu_id = ${f.topMenu}`,
    grants: `select * from cms_grant where (owner_type = 'Role' and owner_id in (${roles})) or (owner_type = 'User' and owner_id in (${users}))`,
  });
}

const importFile = async (deptId: number) => ({
  name: 'users.xlsx',
  content: await workbookBuffer([{ name: 'users', header: [...IMPORT_COLUMNS], rows: [[`imp${n()}`, 'Imported', deptId, '', '', '', '', PASSWORD]] }]),
});

// Keys alone decide: these rows belong to no department, user or site.
const KEY_ONLY = 'system-wide rows: the permission key alone decides';
const keyOnly = (...keys: string[]): Table<Fx> => Object.fromEntries(keys.map((k) => [k, { keyOnly: KEY_ONLY }]));

const TABLE: Table<Fx> = {
  // Signing in and the session's view of itself.
  'GET /captchaImage': { open: 'public: the sign-in form' },
  'GET /login/config': { open: 'public: the sign-in form' },
  'POST /login': { open: 'public: signing in' },
  'POST /register': { open: 'public: registration, when the config allows it' },
  'POST /logout': { open: 'public: ends the session that sends it' },
  'GET /getInfo': { open: 'the signed-in user\'s own account' },
  'GET /getRouters': { open: 'the signed-in user\'s own menus' },
  'PUT /monitor/logininfor/unlock/:userName': {
    call: () => put('/monitor/logininfor/unlock/colleague'),
    // Out of scope, and in scope but above the member (the power rule), in any case.
    forged: () => [refused(put('/monitor/logininfor/unlock/zetauser')), refused(put('/monitor/logininfor/unlock/boss')), refused(put('/monitor/logininfor/unlock/BOSS'))],
  },

  // One's own account: no id is taken from the request.
  'GET /system/user/profile': { call: () => get('/system/user/profile'), shows: 'Matrix desk' },
  'PUT /system/user/profile': { call: () => put('/system/user/profile', { nickName: 'Member' }), forged: () => [harmless(put('/system/user/profile', { nickName: 'Member', userId: fx.users.zeta, userName: 'zetauser' }))] },
  'PUT /system/user/profile/updatePwd': { open: 'the signed-in user\'s own password, proven by the old one' },
  'POST /system/user/profile/avatar': { open: 'the signed-in user\'s own avatar' },
  'GET /system/user/preference': { open: 'the signed-in user\'s own preferences' },
  'PUT /system/user/preference': { open: 'the signed-in user\'s own preferences' },
  'GET /system/config/configKey/:configKey': { open: 'public config keys for anyone signed in; any other key needs system:config:view (checked by key)' },
  'GET /system/dict/data/type/:dictType': { open: 'dictionary labels every screen shows' },
  'GET /system/security/config/current': { open: 'the password rules the signed-in user must meet' },
  'GET /system/security/config/check': { open: 'checks a password against the rules, stores nothing' },
  'POST /common/upload': { open: 'any signed-in user may upload (spec §7), throttled per user' },
  'GET /common/download': { open: 'uploaded files, public anyway (served under /profile)' },
  'GET /system/i18n/dict/langOptions': { open: 'public: the languages the sign-in form offers' },
  'GET /system/i18n/dict/overrides': { open: 'public: the console\'s text overrides' },
  'GET /async/task/:taskId': { open: 'the user who started the task, or a holder of monitor:async:view (checked by owner)' },

  // Users: within the member's data scope, and never above their power.
  'GET /system/user/list': {
    call: () => get('/system/user/list', { pageSize: '100' }),
    shows: 'colleague',
    forged: () => [harmless(get('/system/user/list', { deptId: String(fx.depts.zeta) })), harmless(get('/system/user/list', { userName: 'zeta' }))],
  },
  'GET /system/user/:id': { call: () => get(`/system/user/${fx.users.colleague}`), shows: 'colleague', forged: () => [refused(get(`/system/user/${fx.users.zeta}`))] },
  'POST /system/user': {
    call: () => post('/system/user', { userName: `made${n()}`, nickName: 'Made', deptId: fx.depts.sub, password: PASSWORD }),
    forged: () => [
      refused(post('/system/user', { userName: `forged${n()}`, nickName: 'Forged', deptId: fx.depts.zeta, password: PASSWORD })),
      refused(post('/system/user', { userName: `forged${n()}`, nickName: 'Forged', deptId: fx.depts.sub, password: PASSWORD, roleIds: [fx.roles.top] })),
      refused(post('/system/user', { userName: `forged${n()}`, nickName: 'Forged', deptId: fx.depts.sub, password: PASSWORD, roleIds: [fx.roles.admin] })),
    ],
  },
  'PUT /system/user': {
    call: () => put('/system/user', { userId: fx.users.colleague, nickName: 'Colleague' }),
    forged: () => [
      refused(put('/system/user', { userId: fx.users.zeta, nickName: 'Taken' })),
      refused(put('/system/user', { userId: fx.users.boss, nickName: 'Taken' })),
      refused(put('/system/user', { userId: fx.users.colleague, deptId: fx.depts.zeta })),
      refused(put('/system/user', { userId: fx.users.colleague, roleIds: [fx.roles.helper, fx.roles.top] })),
    ],
  },
  'DELETE /system/user': {
    call: async () => del('/system/user', [await fresh.user()]),
    forged: () => [refused(del('/system/user', [fx.users.zeta])), refused(del('/system/user', [fx.users.boss]))],
    mixed: async () => del('/system/user', [await fresh.user(), fx.users.zeta]),
  },
  'POST /system/user/list': { call: () => exported('/system/user/list'), shows: 'colleague', forged: () => [harmless(exported('/system/user/list', { deptId: String(fx.depts.zeta) }))] },
  'PUT /system/user/resetPwd': {
    call: () => put('/system/user/resetPwd', { userId: fx.users.colleague, password: PASSWORD }),
    forged: () => [refused(put('/system/user/resetPwd', { userId: fx.users.zeta, password: 'Taken2026x' })), refused(put('/system/user/resetPwd', { userId: fx.users.boss, password: 'Taken2026x' }))],
  },
  'PUT /system/user/changeStatus': {
    call: () => put('/system/user/changeStatus', { userId: fx.users.colleague, status: '0' }),
    forged: () => [refused(put('/system/user/changeStatus', { userId: fx.users.zeta, status: '1' })), refused(put('/system/user/changeStatus', { userId: fx.users.boss, status: '1' }))],
  },
  'GET /system/user/deptTree': { call: () => get('/system/user/deptTree'), shows: 'Matrix sub' },
  'GET /system/user/grants/:userId': {
    call: () => get(`/system/user/grants/${fx.users.colleague}`),
    shows: 'Matrix helper',
    // The form offers only roles the member could grant.
    check: (r) => expect(r.data.roles.map((x: { roleId: number }) => x.roleId)).not.toContain(fx.roles.top),
    forged: () => [refused(get(`/system/user/grants/${fx.users.zeta}`))],
  },
  'GET /system/user/importTemplate': { call: () => get('/system/user/importTemplate'), shows: 'Matrix sub' },
  'POST /system/user/importData': {
    call: async () => upload('/system/user/importData', await importFile(fx.depts.sub)),
    check: (r) => expect(r.data).toMatchObject({ imported: 1, errors: [] }),
    // A row in a department outside the member's scope: reported, nothing imported.
    forged: async () => [harmless(upload('/system/user/importData', await importFile(fx.depts.zeta)))],
  },

  // Departments: the member's own and below.
  'GET /system/dept/list': { call: () => get('/system/dept/list'), shows: 'Matrix sub' },
  'GET /system/dept/:id': { call: () => get(`/system/dept/${fx.depts.sub}`), shows: 'Matrix sub', forged: () => [refused(get(`/system/dept/${fx.depts.zeta}`))] },
  'POST /system/dept': {
    call: () => post('/system/dept', { deptName: `Member dept ${n()}`, parentId: fx.depts.desk }),
    forged: () => [refused(post('/system/dept', { deptName: 'Forged', parentId: fx.depts.zeta }))],
  },
  'PUT /system/dept': {
    call: () => put('/system/dept', { deptId: fx.depts.sub, deptName: 'Matrix sub' }),
    forged: () => [refused(put('/system/dept', { deptId: fx.depts.zeta, deptName: 'Taken' })), refused(put('/system/dept', { deptId: fx.depts.sub, parentId: fx.depts.zeta }))],
  },
  'DELETE /system/dept': {
    call: async () => del('/system/dept', [await fresh.dept()]),
    forged: () => [refused(del('/system/dept', [fx.depts.zeta]))],
    mixed: async () => del('/system/dept', [await fresh.dept(), fx.depts.zeta]),
  },

  // Roles: read by anyone with the key; changed, granted and taken only within the member's power.
  ...keyOnly('GET /system/role/list', 'GET /system/role/:id', 'POST /system/role/list', 'GET /system/role/grants/:roleId'),
  'POST /system/role': {
    call: () => post('/system/role', { roleName: `Member role ${n()}`, roleKey: `member_role_${serial}`, dataScope: '5', menuIds: [fx.userView] }),
    forged: () => [
      refused(post('/system/role', { roleName: 'Forged', roleKey: `forged_${n()}`, dataScope: '1', menuIds: [fx.userView] })),
      refused(post('/system/role', { roleName: 'Forged', roleKey: `forged_${n()}`, dataScope: '5', menuIds: [fx.topMenu] })),
    ],
  },
  'PUT /system/role': {
    call: () => put('/system/role', { roleId: fx.roles.helper, roleName: 'Matrix helper' }),
    forged: () => [
      refused(put('/system/role', { roleId: fx.roles.top, roleName: 'Taken' })),
      refused(put('/system/role', { roleId: fx.roles.admin, roleName: 'Taken' })),
      refused(put('/system/role', { roleId: fx.roles.helper, dataScope: '1' })),
      refused(put('/system/role', { roleId: fx.roles.helper, menuIds: [fx.userView, fx.topMenu] })),
    ],
  },
  'DELETE /system/role': {
    call: async () => del('/system/role', [await fresh.role()]),
    forged: () => [refused(del('/system/role', [fx.roles.top])), refused(del('/system/role', [fx.roles.admin]))],
    mixed: async () => del('/system/role', [await fresh.role(), fx.roles.top]),
  },
  'PUT /system/role/changeStatus': {
    call: () => put('/system/role/changeStatus', { roleId: fx.roles.helper, status: '0' }),
    forged: () => [refused(put('/system/role/changeStatus', { roleId: fx.roles.top, status: '1' })), refused(put('/system/role/changeStatus', { roleId: fx.roles.admin, status: '1' }))],
  },
  'PUT /system/role/dataScope': {
    call: () => put('/system/role/dataScope', { roleId: fx.roles.helper, dataScope: '5' }),
    forged: () => [
      refused(put('/system/role/dataScope', { roleId: fx.roles.top, dataScope: '5' })),
      refused(put('/system/role/dataScope', { roleId: fx.roles.helper, dataScope: '1' })),
      refused(put('/system/role/dataScope', { roleId: fx.roles.helper, dataScope: '2', deptIds: [fx.depts.zeta] })),
    ],
  },
  'GET /system/role/authUser/allocatedList': { call: () => get('/system/role/authUser/allocatedList', { roleId: String(fx.roles.helper) }), shows: 'colleague' },
  'GET /system/role/authUser/unallocatedList': { call: () => get('/system/role/authUser/unallocatedList', { roleId: String(fx.roles.top), pageSize: '100' }), shows: 'colleague' },
  'PUT /system/role/authUser/selectAll': {
    call: async () => put('/system/role/authUser/selectAll', { roleId: fx.roles.helper, userIds: [await fresh.user()] }),
    forged: () => [
      refused(put('/system/role/authUser/selectAll', { roleId: fx.roles.helper, userIds: [fx.users.zeta] })),
      refused(put('/system/role/authUser/selectAll', { roleId: fx.roles.helper, userIds: [fx.users.boss] })),
      refused(put('/system/role/authUser/selectAll', { roleId: fx.roles.top, userIds: [fx.users.colleague] })),
      refused(put('/system/role/authUser/selectAll', { roleId: fx.roles.admin, userIds: [fx.users.colleague] })),
    ],
    mixed: async () => put('/system/role/authUser/selectAll', { roleId: fx.roles.helper, userIds: [await fresh.user(), fx.users.zeta] }),
  },
  'PUT /system/role/authUser/cancelAll': {
    call: async () => put('/system/role/authUser/cancelAll', { roleId: fx.roles.helper, userIds: [await fresh.user([fx.roles.helper])] }),
    forged: () => [
      refused(put('/system/role/authUser/cancelAll', { roleId: fx.roles.helper, userIds: [fx.users.zeta] })),
      refused(put('/system/role/authUser/cancelAll', { roleId: fx.roles.admin, userIds: [fx.users.boss] })),
    ],
    mixed: async () => put('/system/role/authUser/cancelAll', { roleId: fx.roles.helper, userIds: [await fresh.user([fx.roles.helper]), fx.users.zeta] }),
  },

  // Menus: a menu's key is a grant to every role holding it, so only menus whose keys one holds.
  ...keyOnly('GET /system/menu/list', 'GET /system/menu/:id', 'GET /system/menu/treeselect'),
  'POST /system/menu': {
    call: () => post('/system/menu', { menuName: `Member menu ${n()}`, menuType: 'F', perms: 'system:user:view' }),
    forged: () => [refused(post('/system/menu', { menuName: 'Forged', menuType: 'F', perms: 'top:secret:use' }))],
  },
  'PUT /system/menu': {
    call: async () => put('/system/menu', { menuId: await fresh.menu(), menuName: `Renamed ${n()}` }),
    forged: async () => [refused(put('/system/menu', { menuId: fx.topMenu, menuName: 'Taken' })), refused(put('/system/menu', { menuId: await fresh.menu(), perms: 'top:secret:use' }))],
  },
  'DELETE /system/menu': {
    call: async () => del('/system/menu', [await fresh.menu()]),
    forged: () => [refused(del('/system/menu', [fx.topMenu]))],
    mixed: async () => del('/system/menu', [await fresh.menu(), fx.topMenu]),
  },

  // Online users: sessions of users within the member's scope and power.
  'GET /monitor/online/list': {
    call: async () => {
      await fresh.session('colleague');
      await fresh.session('zetauser');
      return get('/monitor/online/list', { pageSize: '100' });
    },
    shows: 'colleague',
  },
  'DELETE /monitor/online/:tokenId': {
    call: async () => del(`/monitor/online/${await fresh.session('colleague')}`),
    forged: async () => [
      refused(del(`/monitor/online/${await fresh.session('zetauser')}`)),
      refused(del(`/monitor/online/${await fresh.session('boss')}`)),
    ],
  },

  ...keyOnly(
    'GET /system/security/config/list', 'GET /system/security/config/:id', 'POST /system/security/config', 'PUT /system/security/config', 'DELETE /system/security/config', 'PUT /system/security/config/changeStatus/:configId',
    'GET /system/post/list', 'GET /system/post/:id', 'POST /system/post', 'PUT /system/post', 'DELETE /system/post', 'POST /system/post/list',
    'GET /system/config/list', 'GET /system/config/:id', 'POST /system/config', 'PUT /system/config', 'DELETE /system/config', 'POST /system/config/list', 'DELETE /system/config/refreshCache',
    'DELETE /monitor/logininfor/clean', 'GET /monitor/logininfor/list', 'GET /monitor/logininfor/:id', 'DELETE /monitor/logininfor', 'POST /monitor/logininfor/list',
    'DELETE /monitor/operlog/clean', 'GET /monitor/operlog/list', 'GET /monitor/operlog/:id', 'DELETE /monitor/operlog', 'POST /monitor/operlog/list',
    'GET /system/dict/type/optionselect', 'GET /system/dict/type/list', 'GET /system/dict/type/:id', 'POST /system/dict/type', 'PUT /system/dict/type', 'DELETE /system/dict/type', 'POST /system/dict/type/list',
    'GET /system/dict/data/list', 'GET /system/dict/data/:id', 'POST /system/dict/data', 'PUT /system/dict/data', 'DELETE /system/dict/data', 'POST /system/dict/data/list',
    'GET /system/iprule/list', 'GET /system/iprule/:id', 'POST /system/iprule', 'PUT /system/iprule', 'DELETE /system/iprule',
    'GET /system/notice/list', 'GET /system/notice/:id', 'POST /system/notice', 'PUT /system/notice', 'DELETE /system/notice',
    'GET /system/i18n/dict/list', 'GET /system/i18n/dict/:id', 'POST /system/i18n/dict', 'PUT /system/i18n/dict', 'DELETE /system/i18n/dict', 'POST /system/i18n/dict/list',
    'GET /system/i18n/dict/langKey/:langKey', 'PUT /system/i18n/dict/batch', 'DELETE /system/i18n/dict/refreshCache',
    'GET /monitor/job/list', 'GET /monitor/job/:id', 'POST /monitor/job', 'PUT /monitor/job', 'DELETE /monitor/job', 'POST /monitor/job/list',
    'DELETE /monitor/jobLog/clean', 'GET /monitor/jobLog/list', 'GET /monitor/jobLog/:id', 'DELETE /monitor/jobLog', 'POST /monitor/jobLog/list',
    'PUT /monitor/job/changeStatus', 'PUT /monitor/job/run', 'GET /monitor/job/cronNextRuns', 'GET /monitor/job/targets',
    'GET /monitor/task/list', 'GET /monitor/task/:id', 'POST /monitor/task', 'PUT /monitor/task', 'DELETE /monitor/task',
    'GET /monitor/task/log/list', 'GET /monitor/task/log/:id', 'DELETE /monitor/task/log', 'GET /monitor/task/detail/:id', 'POST /monitor/task/add',
    'POST /monitor/task/update', 'POST /monitor/task/delete', 'GET /monitor/task/logs', 'POST /monitor/task/logs/delete', 'POST /monitor/task/enable/:taskId',
    'POST /monitor/task/disable/:taskId', 'PUT /monitor/task/changeStatus', 'POST /monitor/task/exec/:taskId', 'GET /monitor/task/typeOptions', 'GET /monitor/task/cronNextRuns',
    'GET /monitor/server', 'GET /monitor/cache', 'GET /monitor/cache/getKeys/:cacheName', 'GET /monitor/cache/getValue/:cacheName', 'DELETE /monitor/cache/clearCacheName/:cacheName', 'DELETE /monitor/cache/clearCacheAll',
    'GET /monitor/async/task/list', 'PUT /monitor/async/task/stop/:taskId', 'DELETE /monitor/async/task',
    'GET /system/messaging/config/list', 'GET /system/messaging/config/:id', 'POST /system/messaging/config', 'PUT /system/messaging/config', 'DELETE /system/messaging/config',
    'PUT /system/messaging/config/changeStatus', 'POST /system/messaging/config/:id/test',
    // Review workflows' categories and models: system-wide, like their keys (bindings and reviews
    // are a site's: the CMS matrix has them).
    'GET /workflow/category/list', 'GET /workflow/category/:id', 'POST /workflow/category', 'PUT /workflow/category', 'DELETE /workflow/category',
    'GET /workflow/model/list', 'GET /workflow/model/:id', 'POST /workflow/model', 'PUT /workflow/model', 'DELETE /workflow/model',
    'GET /workflow/model/:id/xml', 'PUT /workflow/model/:id/xml', 'GET /workflow/model/:id/versions', 'POST /workflow/model/:id/deploy',
    'PUT /workflow/model/:id/suspend', 'PUT /workflow/model/:id/resume',
    // The code generator: its own rows and the database's catalog, no department, user or site.
    'GET /tool/gen/list', 'GET /tool/gen/db/list', 'POST /tool/gen/importTable', 'GET /tool/gen/:tableId', 'GET /tool/gen/column/:tableId',
    'PUT /tool/gen', 'POST /tool/gen/update', 'POST /tool/gen/delete', 'DELETE /tool/gen', 'GET /tool/gen/synchDb/:tableName',
    'GET /tool/gen/preview/:tableId', 'GET /tool/gen/download/:tableName', 'GET /tool/gen/batchGenCode', 'GET /tool/gen/genCode/:tableName',
  ),
};

beforeAll(async () => {
  fx = { ...(await setUpPeople(ts)), userView: MENUS.find((m) => m.perms === 'system:user:view')!.menuId };
  // Sessions of users outside the member's reach, for Online Users.
  for (const name of ['colleague', 'zetauser', 'boss']) await ts.loginReady(name, PASSWORD);
}, 120_000);

describe('system access matrix', () => {
  accessMatrix<Fx, string>({
    ts,
    // The CMS matrix has the CMS's routes and the other current-site routes (review workflows').
    routes: (all) => all.filter((r) => !cmsModule.routes.includes(r) && !r.site),
    table: TABLE,
    fixtures: () => fx,
    outside,
    marker: /zeta/i,
  });
});
