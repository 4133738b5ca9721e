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
};
