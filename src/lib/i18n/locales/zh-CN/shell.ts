// Namespace `shell`: header, session and other frame pieces around the pages.
export default {
  header: {
    home: '首页',
    language: '切换语言',
    logout: '退出登录',
  },
  logout: {
    title: '提示',
    message: '确定注销并退出系统吗？',
  },
  password: {
    title: '安全提示',
    force: '首次登录或密码被重置后必须修改密码',
    expired: '密码已过期，请立即修改',
    change: '立即修改',
  },
};
