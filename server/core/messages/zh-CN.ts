// Namespace `server`: every message the API sends back. Keys are stable; texts are per language.
export default {
  success: '操作成功',
  fail: '操作失败',
  notFound: '资源不存在：{{path}}',
  internal: '系统未知错误，请反馈给管理员',
  resource: {
    notFound: '记录不存在或无权访问',
    exists: '{{field}}“{{value}}”已存在',
    exportOnly: '仅支持导出请求（请求头 cc-export）',
  },
  auth: {
    notLogin: '认证失败，无法访问系统资源，请重新登录',
    noPermission: '没有访问权限，请联系管理员授权：{{perm}}',
    repeatSubmit: '数据正在处理，请勿重复提交',
  },
  login: {
    success: '登录成功',
    logout: '退出成功',
    failed: '用户名或密码错误',
    disabled: '账号已被停用，请联系管理员',
    locked: '账号已被锁定，请稍后再试',
    captchaRequired: '请输入验证码',
    captchaExpired: '验证码已失效，请刷新后重试',
    captchaWrong: '验证码错误',
  },
  register: {
    disabled: '当前系统没有开启注册功能',
    success: '注册成功',
    userExists: '注册账号“{{userName}}”失败，账号已存在',
  },
  profile: {
    emailExists: '修改个人信息失败，邮箱“{{email}}”已被其他账号使用',
    phoneExists: '修改个人信息失败，手机号码“{{phoneNumber}}”已被其他账号使用',
    oldPasswordWrong: '修改密码失败，旧密码错误',
    samePassword: '新密码不能与旧密码相同',
  },
  oplog: {
    post: '岗位管理',
    profile: '个人信息',
    password: '修改密码',
  },
};
