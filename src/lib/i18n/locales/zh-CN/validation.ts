// Namespace `validation`: shared by server replies and console forms. {{field}} is the field's label.
export default {
  required: '{{field}}不能为空',
  invalid: '{{field}}格式不正确',
  tooShort: '{{field}}长度不能少于{{min}}个字符',
  tooLong: '{{field}}长度不能超过{{max}}个字符',
  length: '{{field}}长度必须介于 {{min}} 和 {{max}} 之间',
  email: '请输入正确的邮箱地址',
  phone: '请输入正确的手机号码',
  code: '{{field}}只能包含字母、数字和下划线',
  lettersDigits: '{{field}}只能包含字母和数字',
  url: '请输入正确的网址',
  passwordMismatch: '两次输入的密码不一致',
  selectFirst: '请至少选择一条记录',
};
