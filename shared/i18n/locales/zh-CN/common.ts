// Namespace `common`: words every page uses.
export default {
  appName: 'Castanea',
  appTagline: '多站点内容管理后台',
  language: {
    label: '语言',
    'zh-CN': '简体中文',
    'zh-TW': '繁體中文',
    en: 'English',
  },
  actions: {
    ok: '确定',
    cancel: '取消',
    yes: '是',
    no: '否',
    back: '返回',
    backHome: '返回首页',
    close: '关闭',
  },
  dialog: {
    tip: '提示',
    systemTip: '系统提示',
  },
  docs: {
    title: '使用文档',
    note: '本版本 Castanea 的文档：如何运行、配置和部署，它的构成，以及它所做的设计选择。文档为英文。',
    back: '返回 README',
  },
  loading: '加载中…',
};
