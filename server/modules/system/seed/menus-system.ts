import { buttons, dir, page, type MenuSeed } from '../../../core/seed-data.ts';

const SYSTEM = 1;

// Ids below 3000 come from ChestnutCMS 1.5.10's seed; 3600–3799 are Castanea's additions here.
export const SYSTEM_MENUS: readonly MenuSeed[] = [
  dir(SYSTEM, 0, 40, 'system', 'system', ['系统管理', 'System', '系統管理']),

  page(100, SYSTEM, 1, 'user', 'system/user/index', 'system:user:view', 'user', ['用户管理', 'User', '使用者管理']),
  ...buttons(100, 'system:user', [
    [1001, 'add', ['用户新增', 'Add User', '使用者新增']],
    [1002, 'edit', ['用户修改', 'Edit User', '使用者修改']],
    [1003, 'remove', ['用户删除', 'Delete User', '使用者刪除']],
    [1004, 'export', ['用户导出', 'Export Users', '使用者匯出']],
    [1005, 'import', ['用户导入', 'Import Users', '使用者匯入']],
    [1006, 'resetPwd', ['重置密码', 'Reset Password', '重設密碼']],
    [3600, 'grant', ['用户授权', 'Grant User Permissions', '使用者授權']],
    [3601, 'unlock', ['用户解锁', 'Unlock User', '使用者解鎖']],
  ]),

  page(101, SYSTEM, 2, 'role', 'system/role/index', 'system:role:view', 'peoples', ['角色管理', 'Role', '角色管理']),
  ...buttons(101, 'system:role', [
    [1008, 'add', ['角色新增', 'Add Role', '角色新增']],
    [1009, 'edit', ['角色修改', 'Edit Role', '角色修改']],
    [1010, 'remove', ['角色删除', 'Delete Role', '角色刪除']],
    [1011, 'export', ['角色导出', 'Export Roles', '角色匯出']],
    [3605, 'grant', ['角色授权', 'Grant Role Permissions', '角色授權']],
  ]),

  page(102, SYSTEM, 3, 'menu', 'system/menu/index', 'system:menu:view', 'tree-table', ['菜单管理', 'Menu', '選單管理']),
  ...buttons(102, 'system:menu', [
    [1013, 'add', ['菜单新增', 'Add Menu', '選單新增']],
    [1014, 'edit', ['菜单修改', 'Edit Menu', '選單修改']],
    [1015, 'remove', ['菜单删除', 'Delete Menu', '選單刪除']],
  ]),

  page(103, SYSTEM, 4, 'dept', 'system/dept/index', 'system:dept:view', 'tree', ['部门管理', 'Department', '部門管理']),
  ...buttons(103, 'system:dept', [
    [1017, 'add', ['部门新增', 'Add Department', '部門新增']],
    [1018, 'edit', ['部门修改', 'Edit Department', '部門修改']],
    [1019, 'remove', ['部门删除', 'Delete Department', '部門刪除']],
  ]),

  page(104, SYSTEM, 5, 'post', 'system/post/index', 'system:post:view', 'post', ['岗位管理', 'Post', '職位管理']),
  ...buttons(104, 'system:post', [
    [1021, 'add', ['岗位新增', 'Add Post', '職位新增']],
    [1022, 'edit', ['岗位修改', 'Edit Post', '職位修改']],
    [1023, 'remove', ['岗位删除', 'Delete Post', '職位刪除']],
    [1024, 'export', ['岗位导出', 'Export Posts', '職位匯出']],
  ]),

  // Dictionary types and, through the dynamic route /system/dict-data/index/:dictId, their data.
  page(105, SYSTEM, 6, 'dict', 'system/dict/index', 'system:dict:view', 'dict', ['字典管理', 'Dictionary', '字典管理']),
  ...buttons(105, 'system:dict', [
    [1026, 'add', ['字典新增', 'Add Dictionary', '字典新增']],
    [1027, 'edit', ['字典修改', 'Edit Dictionary', '字典修改']],
    [1028, 'remove', ['字典删除', 'Delete Dictionary', '字典刪除']],
    [1029, 'export', ['字典导出', 'Export Dictionaries', '字典匯出']],
  ]),

  page(106, SYSTEM, 7, 'config', 'system/config/index', 'system:config:view', 'edit', ['参数设置', 'Config', '參數設定']),
  ...buttons(106, 'system:config', [
    [1031, 'add', ['参数新增', 'Add Config', '參數新增']],
    [1032, 'edit', ['参数修改', 'Edit Config', '參數修改']],
    [1033, 'remove', ['参数删除', 'Delete Config', '參數刪除']],
    [1034, 'export', ['参数导出', 'Export Configs', '參數匯出']],
  ]),

  page(107, SYSTEM, 8, 'notice', 'system/notice/index', 'system:notice:view', 'message', ['通知公告', 'Notice', '通知公告']),
  ...buttons(107, 'system:notice', [
    [1036, 'add', ['公告新增', 'Add Notice', '公告新增']],
    [1037, 'edit', ['公告修改', 'Edit Notice', '公告修改']],
    [1038, 'remove', ['公告删除', 'Delete Notice', '公告刪除']],
  ]),

  // ChestnutCMS hid these two under a hidden "Logs" directory; the spec lists them under Admin.
  // Keys keep the API's module (`/monitor/operlog`, `/monitor/logininfor`).
  page(2049, SYSTEM, 9, 'operlog', 'monitor/logs/operation', 'monitor:operlog:view', 'form', ['操作日志', 'Operation Log', '操作日誌']),
  ...buttons(2049, 'monitor:operlog', [
    [3620, 'remove', ['删除操作日志', 'Delete Operation Logs', '刪除操作日誌']],
    [3621, 'clean', ['清空操作日志', 'Clear Operation Logs', '清空操作日誌']],
    [3622, 'export', ['导出操作日志', 'Export Operation Logs', '匯出操作日誌']],
  ]),

  page(2050, SYSTEM, 10, 'logininfor', 'monitor/logs/logininfo', 'monitor:logininfor:view', 'logininfor', ['登录日志', 'Login Log', '登入日誌']),
  ...buttons(2050, 'monitor:logininfor', [
    [3625, 'remove', ['删除登录日志', 'Delete Login Logs', '刪除登入日誌']],
    [3626, 'clean', ['清空登录日志', 'Clear Login Logs', '清空登入日誌']],
    [3627, 'export', ['导出登录日志', 'Export Login Logs', '匯出登入日誌']],
  ]),

  page(2014, SYSTEM, 11, 'i18n/dict', 'system/i18n/index', 'system:i18ndict:view', 'language', ['国际化管理', 'I18n', '國際化管理']),
  ...buttons(2014, 'system:i18ndict', [
    [2017, 'add', ['国际化新增', 'Add Translation', '國際化新增']],
    [2018, 'edit', ['国际化修改', 'Edit Translation', '國際化修改']],
    [2019, 'remove', ['国际化删除', 'Delete Translation', '國際化刪除']],
    [2020, 'export', ['国际化导出', 'Export Translations', '國際化匯出']],
  ]),

  page(2040, SYSTEM, 12, 'security/config', 'system/security/index', 'system:security:view', 'shield-user-line', ['安全配置', 'Security', '安全設定']),
  ...buttons(2040, 'system:security', [
    [3630, 'add', ['新增安全配置', 'Add Security Config', '新增安全設定']],
    [3631, 'edit', ['修改安全配置', 'Edit Security Config', '修改安全設定']],
    [3632, 'remove', ['删除安全配置', 'Delete Security Config', '刪除安全設定']],
  ]),

  page(3610, SYSTEM, 13, 'iprule', 'system/iprule/index', 'system:iprule:view', 'lock', ['IP规则', 'IP Rule', 'IP規則']),
  ...buttons(3610, 'system:iprule', [
    [3611, 'add', ['新增IP规则', 'Add IP Rule', '新增IP規則']],
    [3612, 'edit', ['修改IP规则', 'Edit IP Rule', '修改IP規則']],
    [3613, 'remove', ['删除IP规则', 'Delete IP Rule', '刪除IP規則']],
  ]),

  // Accounts of the platforms that send SMS/mail for the system (spec §1 "messaging-platform config").
  page(3640, SYSTEM, 14, 'messaging', 'system/messaging/index', 'system:messaging:view', 'message', ['消息平台配置', 'Messaging Platform', '訊息平台設定']),
  ...buttons(3640, 'system:messaging', [
    [3641, 'add', ['新增平台配置', 'Add Platform Config', '新增平台設定']],
    [3642, 'edit', ['修改平台配置', 'Edit Platform Config', '修改平台設定']],
    [3643, 'remove', ['删除平台配置', 'Delete Platform Config', '刪除平台設定']],
  ]),
];
