// Namespace `fields`: labels of form fields, named as the API names them; used in validation messages.
export default {
  value: 'Value',
  username: 'User name',
  password: 'Password',
  confirmPassword: 'Confirm password',
  code: 'Captcha',
  uuid: 'Captcha id',
  nickName: 'Nickname',
  email: 'Email',
  phoneNumber: 'Phone number',
};
