// Namespace `server`: every message the API sends back. Keys are stable; texts are per language.
export default {
  success: '操作成功',
  fail: '操作失敗',
  notFound: '資源不存在：{{path}}',
  internal: '系統未知錯誤，請回饋給管理員',
  resource: {
    notFound: '記錄不存在或無權存取',
    exists: '{{field}}「{{value}}」已存在',
    exportOnly: '僅支援匯出請求（請求標頭 cc-export）',
  },
  auth: {
    notLogin: '認證失敗，無法存取系統資源，請重新登入',
    noPermission: '沒有存取權限，請聯絡管理員授權：{{perm}}',
    repeatSubmit: '資料正在處理，請勿重複提交',
  },
  login: {
    success: '登入成功',
    logout: '登出成功',
    failed: '使用者名稱或密碼錯誤',
    disabled: '帳號已被停用，請聯絡管理員',
    locked: '帳號已被鎖定，請稍後再試',
    captchaRequired: '請輸入驗證碼',
    captchaExpired: '驗證碼已失效，請重新整理後重試',
    captchaWrong: '驗證碼錯誤',
  },
  register: {
    disabled: '目前系統沒有開啟註冊功能',
    success: '註冊成功',
    userExists: '註冊帳號「{{userName}}」失敗，帳號已存在',
  },
  profile: {
    emailExists: '修改個人資訊失敗，郵箱「{{email}}」已被其他帳號使用',
    phoneExists: '修改個人資訊失敗，手機號碼「{{phoneNumber}}」已被其他帳號使用',
    oldPasswordWrong: '修改密碼失敗，舊密碼錯誤',
    samePassword: '新密碼不能與舊密碼相同',
  },
  oplog: {
    post: '崗位管理',
    profile: '個人資訊',
    password: '修改密碼',
  },
};
