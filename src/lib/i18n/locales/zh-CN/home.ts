// Namespace `home`: the Home page.
export default {
  pageTitle: '首页',
  greeting: {
    morning: '早上好',
    afternoon: '下午好',
    evening: '晚上好',
  },
  welcome: '{{greeting}}，{{name}}，欢迎回来！',
  subtitle: '祝您工作顺利。',
  thisLogin: '本次登录',
  lastLogin: '上次登录',
  time: '登录时间',
  ip: '登录 IP',
  firstLogin: '这是您的首次登录',
};
