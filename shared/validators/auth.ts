import { z } from 'zod';
import { v } from './issues.ts';
import { requiredText } from './common.ts';

/** Username length 2–20 (spec §9). */
export const USERNAME_MIN = 2;
export const USERNAME_MAX = 20;

export const userName = () =>
  z.string({ error: v('required') }).trim().min(1, v('required')).min(USERNAME_MIN, v('length', { min: USERNAME_MIN, max: USERNAME_MAX })).max(USERNAME_MAX, v('length', { min: USERNAME_MIN, max: USERNAME_MAX }));

export const loginBody = z.object({
  username: requiredText(USERNAME_MAX),
  password: z.string({ error: v('required') }).min(1, v('required')).max(128, v('tooLong')),
  code: z.string().trim().max(16).optional(),
  uuid: z.string().trim().max(64).optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

export const registerBody = z
  .object({
    username: userName(),
    password: z.string({ error: v('required') }).min(1, v('required')).min(6, v('length', { min: 6, max: 20 })).max(20, v('length', { min: 6, max: 20 })),
    confirmPassword: z.string({ error: v('required') }).min(1, v('required')),
    code: z.string().trim().max(16).optional(),
    uuid: z.string().trim().max(64).optional(),
  })
  .refine((b) => b.password === b.confirmPassword, { path: ['confirmPassword'], message: v('passwordMismatch') });
export type RegisterBody = z.infer<typeof registerBody>;
