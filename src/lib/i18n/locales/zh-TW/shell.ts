// Namespace `shell`: header, session and other frame pieces around the pages.
export default {
  header: {
    home: '首頁',
    language: '切換語言',
    logout: '登出',
  },
  logout: {
    title: '提示',
    message: '確定登出並離開系統嗎？',
  },
  password: {
    title: '安全提示',
    force: '首次登入或密碼被重設後必須修改密碼',
    expired: '密碼已過期，請立即修改',
    change: '立即修改',
  },
};
