import { z } from 'zod';
import { v } from './issues.ts';
import { email } from './common.ts';

/**
 * Members' input, shared by the console's Member List and the readers' public API (spec §5
 * "Members": a user name starts with a letter and has letters, digits and underscores; user name,
 * phone and email cannot all be empty).
 */
export const MEMBER_NAME_MIN = 2;
export const MEMBER_NAME_MAX = 30;
export const MEMBER_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;

export const memberUserName = () =>
  z.string({ error: v('required') }).trim().min(1, v('required'))
    .min(MEMBER_NAME_MIN, v('length', { min: MEMBER_NAME_MIN, max: MEMBER_NAME_MAX }))
    .max(MEMBER_NAME_MAX, v('length', { min: MEMBER_NAME_MIN, max: MEMBER_NAME_MAX }))
    .regex(MEMBER_NAME_PATTERN, v('memberUserName'));

/** A password as typed: the security config's rules are checked on the server (acceptablePassword). */
export const memberPassword = () => z.string({ error: v('required') }).min(1, v('required')).max(128, v('tooLong'));

export const memberEmail = () => email().max(100, v('tooLong'));

/** An e-mail code as mailed: six digits. */
export const emailCode = () => z.string({ error: v('required') }).trim().min(1, v('required')).max(16, v('tooLong'));

/**
 * POST /api/member/register: the user name (optional: the address then names the account; sent as
 * ChestnutCMS's `username`, or `userName`), the address its code went to, the password twice.
 */
export const memberRegisterBody = z.preprocess(
  (b) => (b && typeof b === 'object' && !('userName' in b) && 'username' in b ? { ...b, userName: (b as { username: unknown }).username } : b),
  z.object({
    userName: memberUserName().or(z.literal('')).optional(),
    nickName: z.string().trim().max(30, v('tooLong')).optional(),
    email: memberEmail(),
    password: memberPassword(),
    rePassword: z.string().optional(),
    authCode: emailCode(),
  }).refine((b) => b.rePassword === undefined || b.rePassword === b.password, { path: ['rePassword'], message: v('passwordMismatch') }),
);

/** POST /api/member/login: by user name or e-mail address. */
export const memberLoginBody = z.object({
  username: z.string({ error: v('required') }).trim().min(1, v('required')).max(100, v('tooLong')),
  password: memberPassword(),
});

/**
 * POST|PUT /api/member/reset_pwd: the member's own change, knowing the old one: `oldPassword`, the
 * new `password` and `rePassword` (the default theme's form, as ChestnutCMS's).
 */
export const memberPasswordBody = z.object({
  oldPassword: memberPassword(),
  password: memberPassword(),
  rePassword: z.string().optional(),
}).refine((b) => b.rePassword === undefined || b.rePassword === b.password, { path: ['rePassword'], message: v('passwordMismatch') });

/** GET /api/member/register_sms_code?email=, POST /api/member/forget_password/code and /api/member/sms_code: the address to mail a code to. */
export const emailOnlyBody = z.object({ email: memberEmail() });

/** POST /api/member/forget_password: the code mailed to the account's address, and the new password (twice). */
export const memberForgotBody = z.object({ email: memberEmail(), authCode: emailCode(), password: memberPassword(), rePassword: z.string().optional() })
  .refine((b) => b.rePassword === undefined || b.rePassword === b.password, { path: ['rePassword'], message: v('passwordMismatch') });

/** POST /api/member/change_email: the new address and the code mailed to it. */
export const memberChangeEmailBody = z.object({ email: memberEmail(), authCode: emailCode() });

/** POST /api/member/info: what a member may change of its own profile. */
export const memberInfoBody = z.object({
  nickName: z.string().trim().max(30, v('tooLong')).optional(),
  signature: z.string().trim().max(200, v('tooLong')).optional(),
  description: z.string().trim().max(500, v('tooLong')).optional(),
  gender: z.enum(['0', '1', '2']).optional(),
  birthday: z.string().trim().regex(/^(\d{4}-\d{2}-\d{2})?$/, v('invalid')).optional(),
});

/** GET /api/member/signIn: the month whose sign-ins to show (default: this one). */
export const signInMonthQuery = z.object({
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  month: z.coerce.number().int().min(1).max(12).optional(),
});
