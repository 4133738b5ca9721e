// Namespace `system`: titles and texts of the system administration screens.
export default {
  post: {
    title: '岗位管理',
  },
  config: {
    title: '参数设置',
    builtIn: '内置参数「{{key}}」不能删除',
    refreshCache: '刷新缓存',
    refreshed: '缓存已刷新',
  },
  user: {
    title: '用户管理',
    deptFilter: '部门名称',
    allDepts: '全部部门',
    resetPwd: '重置密码',
    resetPwdTitle: '重置 {{name}} 的密码',
    resetDone: '密码已重置',
  },
  role: {
    title: '角色管理',
    assignUsers: '分配用户',
    authTitle: '分配用户 · {{name}}',
    addUsers: '添加用户',
    cancelAuth: '取消授权',
    cancelSelected: '批量取消授权',
    confirmCancel: '取消所选 {{count}} 个用户的该角色？',
    selectUsers: '选择用户',
    cancelled: '已取消授权',
    assigned: '已分配',
    back: '返回',
  },
  dict: {
    title: '字典管理',
  },
  dictData: {
    title: '字典数据',
    type: '字典类型',
    back: '返回字典列表',
    missing: '字典类型不存在',
  },
  notice: {
    title: '通知公告',
  },
  i18n: {
    title: '国际化管理',
    refreshCache: '刷新缓存',
    refreshed: '缓存已刷新',
  },
  iprule: {
    title: 'IP 规则',
    types: {
      ALLOW: '允许',
      DENY: '拒绝',
    },
  },
  dept: {
    title: '部门管理',
    addChild: '新增下级',
    root: '顶级部门',
  },
  menu: {
    title: '菜单管理',
    addChild: '新增下级',
    root: '主类目',
    typeM: '目录',
    typeC: '菜单',
    typeF: '按钮',
    iconSearch: '搜索图标',
  },
};
