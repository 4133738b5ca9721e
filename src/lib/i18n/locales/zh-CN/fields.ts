// Namespace `fields`: labels of form fields, named as the API names them; used in validation messages.
export default {
  value: '值',
  username: '用户名',
  password: '密码',
  confirmPassword: '确认密码',
  code: '验证码',
  uuid: '验证码标识',
  nickName: '用户昵称',
  email: '邮箱',
  phoneNumber: '手机号码',
};
