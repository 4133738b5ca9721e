// Namespace `common`: words every page uses.
export default {
  appName: 'Castanea',
  appTagline: '多網站內容管理後台',
  language: {
    label: '語言',
    'zh-CN': '简体中文',
    'zh-TW': '繁體中文',
    en: 'English',
  },
  actions: {
    ok: '確定',
    cancel: '取消',
    yes: '是',
    no: '否',
    back: '返回',
    backHome: '返回首頁',
    close: '關閉',
  },
  dialog: {
    tip: '提示',
    systemTip: '系統提示',
  },
  docs: {
    title: '使用說明文件',
    note: '本版本 Castanea 的文件：如何執行、設定與部署，它的架構，以及它所做的設計選擇。文件為英文。',
    back: '返回 README',
  },
  loading: '載入中…',
};
