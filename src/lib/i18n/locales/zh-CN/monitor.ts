// Namespace `monitor`: titles and texts of the log and monitoring screens.
export default {
  operlog: { title: '操作日志' },
  logininfor: { title: '登录日志' },
  clean: {
    button: '清空',
    confirm: '是否确认清空所有日志？',
    done: '已清空',
  },
  businessType: {
    ADD: '新增',
    UPDATE: '修改',
    DELETE: '删除',
    GRANT: '授权',
    EXPORT: '导出',
    IMPORT: '导入',
    FORCE: '强退',
    CLEAN: '清空',
    OTHER: '其他',
  },
};
