// Namespace `request`: the error catalogue of spec §8, shown by the request layer.
export default {
  sessionExpired: {
    title: '系统提示',
    message: '登录状态已过期，您可以继续留在该页面，或者重新登录',
    relogin: '重新登录',
    cancel: '取消',
  },
  invalidSession: '无效的会话，或者会话已过期，请重新登录。',
  repeatSubmit: '数据正在处理，请勿重复提交',
  networkError: '后端接口连接异常',
  timeout: '系统接口请求超时',
  httpStatus: '系统接口{{status}}异常',
  codes: {
    '401': '认证失败，无法访问系统资源',
    '403': '当前操作没有权限',
    '404': '访问资源不存在',
    default: '系统未知错误，请反馈给管理员',
  },
  downloadFailed: '下载文件出现错误，请联系管理员！',
};
