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
};
