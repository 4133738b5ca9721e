// Namespace `error`: the 401 and 404 pages.
export default {
  notFound: {
    pageTitle: '页面不存在',
    code: '404',
    heading: '找不到网页！',
    message: '对不起，您正在寻找的页面不存在。请检查地址是否正确，或返回首页继续浏览。',
  },
  forbidden: {
    pageTitle: '没有权限',
    code: '401',
    heading: '您没有访问权限！',
    message: '对不起，您没有访问权限，请不要进行非法操作！您可以返回首页。',
  },
};
