// Namespace `system`: titles and texts of the system administration screens.
export default {
  post: {
    title: '崗位管理',
  },
  config: {
    title: '參數設置',
    builtIn: '內置參數「{{key}}」不能刪除',
    refreshCache: '刷新緩存',
    refreshed: '緩存已刷新',
  },
  user: {
    title: '使用者管理',
    deptFilter: '部門名稱',
    allDepts: '全部部門',
    resetPwd: '重設密碼',
    resetPwdTitle: '重設 {{name}} 的密碼',
    resetDone: '密碼已重設',
  },
  role: {
    title: '角色管理',
    assignUsers: '分配使用者',
    authTitle: '分配使用者 · {{name}}',
    addUsers: '新增使用者',
    cancelAuth: '取消授權',
    cancelSelected: '批次取消授權',
    confirmCancel: '取消所選 {{count}} 個使用者的該角色？',
    selectUsers: '選擇使用者',
    cancelled: '已取消授權',
    assigned: '已分配',
    back: '返回',
  },
  dict: {
    title: '字典管理',
  },
  dictData: {
    title: '字典資料',
    type: '字典類型',
    back: '返回字典列表',
    missing: '字典類型不存在',
  },
  notice: {
    title: '通知公告',
  },
  i18n: {
    title: '國際化管理',
    refreshCache: '刷新緩存',
    refreshed: '緩存已刷新',
  },
  iprule: {
    title: 'IP 規則',
    types: {
      ALLOW: '允許',
      DENY: '拒絕',
    },
  },
  dept: {
    title: '部門管理',
    addChild: '新增下級',
    root: '頂級部門',
  },
  menu: {
    title: '選單管理',
    addChild: '新增下級',
    root: '主類目',
    typeM: '目錄',
    typeC: '選單',
    typeF: '按鈕',
    iconSearch: '搜尋圖示',
  },
};
