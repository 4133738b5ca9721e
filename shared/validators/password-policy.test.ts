import { describe, expect, it } from 'vitest';
import { checkPassword, DEFAULT_PASSWORD_POLICY, rulePattern, weakList, type PasswordPolicy } from './password-policy.ts';

const policy = (p: Partial<PasswordPolicy>): PasswordPolicy => ({ ...DEFAULT_PASSWORD_POLICY, ...p });
const key = (password: string, p: Partial<PasswordPolicy>, owner = {}) => checkPassword(password, policy(p), owner)?.key ?? null;

describe('checkPassword', () => {
  it('checks the length between min and max (characters, not bytes)', () => {
    expect(checkPassword('abcde', DEFAULT_PASSWORD_POLICY)).toEqual({ key: 'passwordPolicy.length', params: { min: 6, max: 20 } });
    expect(key('abcdef', {})).toBeNull();
    expect(key('a'.repeat(20), {})).toBeNull();
    expect(key('a'.repeat(21), {})).toBe('passwordPolicy.length');
    expect(key('密码密码密码', {})).toBeNull();
  });

  it('LETTER_NUMBER: letters and digits both', () => {
    const rule = { passwordRule: 'LETTER_NUMBER' };
    expect(key('abcdefg', rule)).toBe('passwordPolicy.rule.LETTER_NUMBER');
    expect(key('1234567', rule)).toBe('passwordPolicy.rule.LETTER_NUMBER');
    expect(key('abc1234', rule)).toBeNull();
    expect(key('ABC1234!', rule)).toBeNull();
  });

  it('UPPER_LOW_LETTER_NUMBER: upper, lower and digits', () => {
    const rule = { passwordRule: 'UPPER_LOW_LETTER_NUMBER' };
    expect(key('abc1234', rule)).toBe('passwordPolicy.rule.UPPER_LOW_LETTER_NUMBER');
    expect(key('ABC1234', rule)).toBe('passwordPolicy.rule.UPPER_LOW_LETTER_NUMBER');
    expect(key('Abcdefg', rule)).toBe('passwordPolicy.rule.UPPER_LOW_LETTER_NUMBER');
    expect(key('Abc1234', rule)).toBeNull();
  });

  it('LETTER_NUMBER_SPECIAL and UPPER_LOW_LETTER_NUMBER_SPECIAL also need a special character', () => {
    expect(key('abc1234', { passwordRule: 'LETTER_NUMBER_SPECIAL' })).toBe('passwordPolicy.rule.LETTER_NUMBER_SPECIAL');
    expect(key('abc123!', { passwordRule: 'LETTER_NUMBER_SPECIAL' })).toBeNull();
    expect(key('abc123!', { passwordRule: 'UPPER_LOW_LETTER_NUMBER_SPECIAL' })).toBe('passwordPolicy.rule.UPPER_LOW_LETTER_NUMBER_SPECIAL');
    expect(key('Abc123_', { passwordRule: 'UPPER_LOW_LETTER_NUMBER_SPECIAL' })).toBeNull();
    expect(key('Abc123[', { passwordRule: 'UPPER_LOW_LETTER_NUMBER_SPECIAL' })).toBeNull();
  });

  it('tells characters outside the allowed set apart from a missing kind', () => {
    expect(key('abc 1234', { passwordRule: 'LETTER_NUMBER' })).toBe('passwordPolicy.chars');
    expect(key('abc1234密', { passwordRule: 'LETTER_NUMBER' })).toBe('passwordPolicy.chars');
    // without a rule any character goes
    expect(key('abc 1234', {})).toBeNull();
  });

  it('refuses the account’s own data, case-insensitively, only for the kinds named', () => {
    const owner = { userName: 'Alice', phoneNumber: '13812345678', email: 'ally.w@example.com', nickName: 'Wonder', realName: 'Alice Liddell' };
    const all = { passwordSensitive: ['ACCOUNT', 'PHONE_NUMBER', 'EMAIL', 'NICK_NAME', 'REAL_NAME'] };
    expect(key('xxALICE99', all, owner)).toBe('passwordPolicy.sensitive.ACCOUNT');
    expect(key('p13812345678', all, owner)).toBe('passwordPolicy.sensitive.PHONE_NUMBER');
    expect(key('Ally.W#2024', all, owner)).toBe('passwordPolicy.sensitive.EMAIL');
    expect(key('wonder2024', all, owner)).toBe('passwordPolicy.sensitive.NICK_NAME');
    expect(key('xalice liddellx', { passwordSensitive: ['REAL_NAME'] }, owner)).toBe('passwordPolicy.sensitive.REAL_NAME');
    expect(key('xxALICE99', { passwordSensitive: ['PHONE_NUMBER'] }, owner)).toBeNull();
    expect(key('birth19900101', { passwordSensitive: ['BIRTHDAY'] }, { birthday: '19900101' })).toBe('passwordPolicy.sensitive.BIRTHDAY');
    // values under 3 characters are not checked; missing values never match
    expect(key('bob-is-here', { passwordSensitive: ['NICK_NAME', 'EMAIL'] }, { nickName: 'b' })).toBeNull();
  });

  it('refuses passwords on the weak list, case-insensitively, blank lines ignored', () => {
    const weak = { weakPasswords: 'Password1\n\n  qwerty123  \r\n' };
    expect(key('password1', weak)).toBe('passwordPolicy.weak');
    expect(key('QWERTY123', weak)).toBe('passwordPolicy.weak');
    expect(key('qwerty1234', weak)).toBeNull();
    expect(weakList('a\n\n b \r\nC')).toEqual(['a', 'b', 'c']);
  });

  it('reports the most basic problem first: length, rule, sensitive data, weak list', () => {
    const strict = { passwordLenMin: 8, passwordRule: 'LETTER_NUMBER', passwordSensitive: ['ACCOUNT'], weakPasswords: 'admin1234' };
    expect(key('admin', strict, { userName: 'admin' })).toBe('passwordPolicy.length');
    expect(key('adminadmin', strict, { userName: 'admin' })).toBe('passwordPolicy.rule.LETTER_NUMBER');
    expect(key('admin1234', strict, { userName: 'admin' })).toBe('passwordPolicy.sensitive.ACCOUNT');
    expect(key('admin1234', strict, { userName: 'root' })).toBe('passwordPolicy.weak');
  });

  it('has a pattern for each rule and none for NONE or an unknown rule', () => {
    expect(rulePattern('NONE')).toBe('');
    expect(rulePattern('WHATEVER')).toBe('');
    expect(new RegExp(rulePattern('LETTER_NUMBER')).test('abc123')).toBe(true);
    expect(key('abcdefg', { passwordRule: 'WHATEVER' })).toBeNull();
  });
});
