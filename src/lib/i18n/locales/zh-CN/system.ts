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
};
