// Namespace `server`: every message the API sends back. Keys are stable; texts are per language.
export default {
  success: 'Success',
  fail: 'Operation failed',
  notFound: 'Resource does not exist: {{path}}',
  internal: 'Unknown system error, please report it to the administrator',
  resource: {
    notFound: 'The record does not exist or is out of your reach',
    exists: '{{field}} "{{value}}" already exists',
    exportOnly: 'Only export requests (header cc-export) are accepted here',
  },
  auth: {
    notLogin: 'Authentication failed, cannot access system resources; please sign in again',
    noPermission: 'No permission for this operation; ask an administrator to grant: {{perm}}',
    repeatSubmit: 'The request is being processed, do not submit it repeatedly',
  },
  login: {
    success: 'Signed in',
    logout: 'Signed out',
    failed: 'Wrong user name or password',
    disabled: 'This account has been disabled, please contact the administrator',
    locked: 'This account is locked, please try again later',
    captchaRequired: 'Please enter the captcha',
    captchaExpired: 'The captcha has expired, please refresh it and try again',
    captchaWrong: 'Wrong captcha',
  },
  register: {
    disabled: 'Registration is not enabled on this system',
    success: 'Registered',
    userExists: 'Cannot register "{{userName}}": the account already exists',
  },
  profile: {
    emailExists: 'Cannot update the profile: email "{{email}}" is used by another account',
    phoneExists: 'Cannot update the profile: phone number "{{phoneNumber}}" is used by another account',
    oldPasswordWrong: 'Cannot change the password: the old password is wrong',
    samePassword: 'The new password must differ from the old one',
  },
  oplog: {
    post: 'Posts',
    profile: 'Personal info',
    password: 'Change password',
  },
};
