// Namespace `monitor`: titles and texts of the log and monitoring screens.
export default {
  operlog: { title: '操作日誌' },
  logininfor: { title: '登錄日誌' },
  clean: {
    button: '清空',
    confirm: '是否確認清空所有日誌？',
    done: '已清空',
  },
  businessType: {
    ADD: '新增',
    UPDATE: '修改',
    DELETE: '刪除',
    GRANT: '授權',
    EXPORT: '導出',
    IMPORT: '導入',
    FORCE: '強退',
    CLEAN: '清空',
    OTHER: '其他',
  },
};
