// Namespace `monitor`: titles and texts of the log and monitoring screens.
export default {
  operlog: { title: 'Operation log' },
  logininfor: { title: 'Login log' },
  clean: {
    button: 'Clear',
    confirm: 'Clear the whole log?',
    done: 'Cleared',
  },
  businessType: {
    ADD: 'Add',
    UPDATE: 'Update',
    DELETE: 'Delete',
    GRANT: 'Grant',
    EXPORT: 'Export',
    IMPORT: 'Import',
    FORCE: 'Force logout',
    CLEAN: 'Clear',
    OTHER: 'Other',
  },
};
