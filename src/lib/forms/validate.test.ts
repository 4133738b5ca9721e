import { describe, expect, it } from 'vitest';
import { loginBody, registerBody } from '../../../shared/validators/auth.ts';
import { issueText, requiredText, validate } from './validate.ts';
import { activateLanguage } from '../i18n/i18n.ts';

describe('form validation with the shared schemas', () => {
  it('localises field errors with the form labels or the shared field names', () => {
    expect(validate(loginBody, { username: ' ', password: '' }, { username: '账号' })).toEqual({ username: '账号不能为空', password: '密码不能为空' });
    expect(validate(loginBody, { username: 'admin', password: 'x' })).toEqual({});
    expect(validate(registerBody, { username: 'a', password: '123456', confirmPassword: '1234567' })).toEqual({
      username: '用户名长度必须介于 2 和 20 之间',
      confirmPassword: '两次输入的密码不一致',
    });
    expect(requiredText('code', { code: '验证码' })).toBe('验证码不能为空');
  });

  it('follows the language', async () => {
    await activateLanguage('en');
    expect(validate(loginBody, { username: '', password: 'x' })).toEqual({ username: 'User name cannot be empty' });
    expect(issueText({ field: 'nope', key: 'unknownKey', params: {} })).toBe('nope is not in a valid format');
    await activateLanguage('zh-CN');
  });
});
