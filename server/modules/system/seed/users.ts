export const ROOT_DEPT_ID = 100;
export const ADMIN_ROLE_ID = 1;
export const EDITOR_ROLE_ID = 2;
export const ADMIN_USER_ID = 1;

/** The first password of user `admin`; it must be changed at first login (forceModifyPassword). */
export const ADMIN_INITIAL_PASSWORD = 'admin123';

export interface DeptSeed {
  deptId: number;
  parentId: number;
  /** ancestor ids, root first, as sys_dept.ancestors stores them */
  ancestors: string;
  deptName: string;
  orderNum: number;
}

export const DEPTS: readonly DeptSeed[] = [
  { deptId: ROOT_DEPT_ID, parentId: 0, ancestors: '0', deptName: 'Castanea', orderNum: 0 },
  { deptId: 101, parentId: ROOT_DEPT_ID, ancestors: `0,${ROOT_DEPT_ID}`, deptName: '研发部', orderNum: 1 },
];

export interface PostSeed {
  postId: number;
  postCode: string;
  postName: string;
  postSort: number;
}

export const POSTS: readonly PostSeed[] = [
  { postId: 1, postCode: 'ceo', postName: '董事长', postSort: 1 },
  { postId: 2, postCode: 'se', postName: '项目经理', postSort: 2 },
  { postId: 3, postCode: 'hr', postName: '人力资源', postSort: 3 },
  { postId: 4, postCode: 'user', postName: '普通员工', postSort: 4 },
];

export interface RoleSeed {
  roleId: number;
  roleKey: string;
  roleName: string;
  roleSort: number;
  /** dict SysDataScope */
  dataScope: string;
  remark: string;
}

export const ROLES: readonly RoleSeed[] = [
  // Role key `admin` holds every permission (server/core/access.ts), so it needs no sys_role_menu rows.
  { roleId: ADMIN_ROLE_ID, roleKey: 'admin', roleName: '超级管理员', roleSort: 1, dataScope: '1', remark: '拥有全部权限' },
  // Content work only: the CMS directory, granted through ROLE_MENU_ROOTS in menus.ts.
  { roleId: EDITOR_ROLE_ID, roleKey: 'editor', roleName: '内容编辑', roleSort: 2, dataScope: '4', remark: '仅内容管理权限' },
];

export const ADMIN_USER = {
  userId: ADMIN_USER_ID,
  userName: 'admin',
  nickName: '管理员',
  deptId: ROOT_DEPT_ID,
  roleKey: 'admin',
  postCode: 'ceo',
  remark: '系统内置管理员',
} as const;
