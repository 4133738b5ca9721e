// Namespace `request`: the error catalogue of spec §8, shown by the request layer.
export default {
  sessionExpired: {
    title: '系統提示',
    message: '登入狀態已過期，您可以繼續留在該頁面，或者重新登入',
    relogin: '重新登入',
    cancel: '取消',
  },
  invalidSession: '工作階段無效或已過期，請重新登入。',
  repeatSubmit: '資料正在處理，請勿重複送出',
  networkError: '後端介面連線異常',
  timeout: '系統介面請求逾時',
  httpStatus: '系統介面{{status}}異常',
  codes: {
    '401': '認證失敗，無法存取系統資源',
    '403': '目前操作沒有權限',
    '404': '存取的資源不存在',
    default: '系統未知錯誤，請回報給管理員',
  },
  downloadFailed: '下載檔案出現錯誤，請聯絡管理員！',
};
