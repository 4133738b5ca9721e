// Namespace `system`: titles and texts of the system administration screens.
export default {
  post: {
    title: 'Posts',
  },
  config: {
    title: 'Configs',
    builtIn: 'The built-in config "{{key}}" cannot be deleted',
    refreshCache: 'Refresh cache',
    refreshed: 'Cache refreshed',
  },
  user: {
    title: 'Users',
    deptFilter: 'Department name',
    allDepts: 'All departments',
    resetPwd: 'Reset password',
    resetPwdTitle: 'Reset the password of {{name}}',
    resetDone: 'Password reset',
  },
  role: {
    title: 'Roles',
    assignUsers: 'Assign users',
    authTitle: 'Assign users · {{name}}',
    addUsers: 'Add users',
    cancelAuth: 'Revoke',
    cancelSelected: 'Revoke selected',
    confirmCancel: 'Take this role from the {{count}} selected users?',
    selectUsers: 'Select users',
    cancelled: 'Revoked',
    assigned: 'Assigned',
    back: 'Back',
  },
  dict: {
    title: 'Dictionaries',
  },
  dictData: {
    title: 'Dictionary data',
    type: 'Dictionary type',
    back: 'Back to dictionaries',
    missing: 'This dictionary type does not exist',
  },
  notice: {
    title: 'Notices',
  },
  i18n: {
    title: 'I18n',
    refreshCache: 'Refresh cache',
    refreshed: 'Cache refreshed',
  },
  iprule: {
    title: 'IP rules',
    types: {
      ALLOW: 'Allow',
      DENY: 'Deny',
    },
  },
  dept: {
    title: 'Departments',
    addChild: 'Add child',
    root: 'Top level',
  },
  menu: {
    title: 'Menus',
    addChild: 'Add child',
    root: 'Top level',
    typeM: 'Directory',
    typeC: 'Menu',
    typeF: 'Button',
    iconSearch: 'Search icons',
  },
};
