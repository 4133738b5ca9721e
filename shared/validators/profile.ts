import { z } from 'zod';
import { v } from './issues.ts';
import { PHONE_PATTERN, requiredText } from './common.ts';

/** Password length while no security config is enabled (same bounds as registration). */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 20;

// Optional contact fields: empty clears them, anything else must be well formed.
const optionalEmail = () =>
  z.string().trim().max(100, v('tooLong')).refine((s) => s === '' || z.email().safeParse(s).success, v('email'));
const optionalPhone = () => z.string().trim().refine((s) => s === '' || PHONE_PATTERN.test(s), v('phone'));

/** The account center's "basic data" form (PUT /system/user/profile). Fields left out stay as they are. */
export const profileBody = z.object({
  nickName: requiredText(30),
  email: optionalEmail().optional(),
  phoneNumber: optionalPhone().optional(),
  /** dict Gender: 0 male, 1 female, 2 unknown */
  sex: z.enum(['0', '1', '2'], { error: v('invalid') }).optional(),
});
export type ProfileBody = z.infer<typeof profileBody>;

/** The account center's "change password" form (PUT /system/user/profile/updatePwd). */
export const updatePasswordBody = z
  .object({
    oldPassword: z.string({ error: v('required') }).min(1, v('required')).max(128, v('tooLong')),
    // Length, rule, sensitive data and weak list come from the security config (password-policy.ts);
    // this only bounds what the server will hash.
    newPassword: z.string({ error: v('required') }).min(1, v('required')).max(128, v('tooLong')),
    confirmPassword: z.string({ error: v('required') }).min(1, v('required')),
  })
  .refine((b) => b.newPassword === b.confirmPassword, { path: ['confirmPassword'], message: v('passwordMismatch') });
export type UpdatePasswordBody = z.infer<typeof updatePasswordBody>;
