// Namespace `home`: the Home page.
export default {
  pageTitle: '首頁',
  greeting: {
    morning: '早安',
    afternoon: '午安',
    evening: '晚安',
  },
  welcome: '{{greeting}}，{{name}}，歡迎回來！',
  subtitle: '祝您工作順利。',
  thisLogin: '本次登入',
  lastLogin: '上次登入',
  time: '登入時間',
  ip: '登入 IP',
  firstLogin: '這是您的首次登入',
  noScreens: {
    title: '目前沒有可用的頁面',
    noRoles: '您的帳號還沒有可以開啟控制台頁面的角色，請聯絡管理員為您指派角色。',
    notYet: '您的角色所對應的功能（例如內容編輯）在目前版本的控制台中尚未提供，推出後會出現在側邊欄中。如果現在需要其他權限，請聯絡管理員。',
  },
  dashboard: {
    title: '網站「{{site}}」概況',
    contents: '內容',
    published: '已發布',
    catalogs: '欄目',
    resources: '資源',
    byStatus: '內容狀態',
    byType: '內容類型',
    none: '還沒有內容',
    archived: '已封存',
    types: { article: '文章', image: '圖集', audio: '音訊', video: '影片', book: '圖書' },
  },
};
