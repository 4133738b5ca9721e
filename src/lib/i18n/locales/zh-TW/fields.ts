// Namespace `fields`: labels of form fields, named as the API names them; used in validation messages.
export default {
  value: '值',
  username: '使用者名稱',
  password: '密碼',
  confirmPassword: '確認密碼',
  code: '驗證碼',
  uuid: '驗證碼標識',
  nickName: '使用者暱稱',
  email: '郵箱',
  phoneNumber: '手機號碼',
};
