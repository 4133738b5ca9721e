// Namespace `common`: words every page uses.
export default {
  appName: 'Castanea',
  appTagline: 'Multi-site content management console',
  language: {
    label: 'Language',
    'zh-CN': '简体中文',
    'zh-TW': '繁體中文',
    en: 'English',
  },
  actions: {
    ok: 'OK',
    cancel: 'Cancel',
    yes: 'Yes',
    no: 'No',
    back: 'Back',
    backHome: 'Back to Home',
    close: 'Close',
  },
  dialog: {
    tip: 'Tip',
    systemTip: 'System tip',
  },
  docs: {
    title: 'Documentation',
    note: 'The documentation of this version of Castanea: how to run, configure and deploy it, how it is built, and the choices it makes.',
    back: 'Back to the README',
  },
  loading: 'Loading…',
};
