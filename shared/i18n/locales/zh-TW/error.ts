// Namespace `error`: the 401 and 404 pages.
export default {
  notFound: {
    pageTitle: '頁面不存在',
    code: '404',
    heading: '找不到網頁！',
    message: '對不起，您正在尋找的頁面不存在。請檢查網址是否正確，或返回首頁繼續瀏覽。',
  },
  forbidden: {
    pageTitle: '沒有權限',
    code: '401',
    heading: '您沒有存取權限！',
    message: '對不起，您沒有存取權限，請不要進行非法操作！您可以返回首頁。',
  },
};
