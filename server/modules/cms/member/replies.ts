import { z } from 'zod';
import { selectedRow } from '../../../core/row-schema.ts';
import { cmsMember, cmsMemberLevelConfig, cmsMemberSignIn } from './schema.ts';
import { MEMBER_TOKEN_PREFIX } from './session.ts';

/**
 * The replies of members' routes of the readers' public API (PublicRoute `reply`: published in the
 * OpenAPI document, checked against every reply in the tests). Dates are text, as the wire carries them.
 */

/** `/api/member/register`: the new member's id. */
export const registeredReply = z.object({ memberId: z.int() });

/** `/api/member/login`: the member's token (`m_…`), for `Authorization: Bearer`. */
export const memberTokenReply = z.string().startsWith(MEMBER_TOKEN_PREFIX).describe('the member token for the Authorization header');

/** An avatar's address on the sites origin (`/api/member/avatar/:id?v=…`), null without one. */
const avatar = z.string().nullable();

/** `/api/member/is_login`: the signed-in member, or null. */
export const whoAmIReply = selectedRow({ memberId: cmsMember.memberId, userName: cmsMember.userName, nickName: cmsMember.nickName, level: cmsMember.level, exp: cmsMember.exp })
  .extend({ avatar })
  .nullable();

/** `GET /api/member/info`: the member's own profile (never its password). */
export const ownInfoReply = selectedRow({
  memberId: cmsMember.memberId, userName: cmsMember.userName, nickName: cmsMember.nickName, email: cmsMember.email, phoneNumber: cmsMember.phoneNumber,
  birthday: cmsMember.birthday, gender: cmsMember.gender, signature: cmsMember.signature, description: cmsMember.description, exp: cmsMember.exp, level: cmsMember.level,
}).extend({
  avatar,
  levelName: z.string().nullable(),
  nextNeedExp: z.int().nullable(),
  registerTime: z.string(),
  lastLoginTime: z.string().nullable(),
});

/** `POST /api/member/avatar`: the new picture's address. */
export const avatarReply = z.object({ avatar });

/** `/api/member/level`: the member's experience and level, and the levels configured (lowest first). */
export const levelsReply = z.object({
  exp: z.int(),
  level: z.int(),
  levels: z.array(selectedRow({ level: cmsMemberLevelConfig.level, nextNeedExp: cmsMemberLevelConfig.nextNeedExp, name: cmsMemberLevelConfig.name })),
});

/** `POST /api/member/signIn`: today's sign-in, its streak and what it earned. */
export const signInReply = z.object({
  day: z.string(), streak: z.int(), exp: z.int(), totalExp: z.int(), level: z.int(), levelUp: z.boolean(),
});

/** `GET /api/member/signIn`: the month's sign-ins, whether today is signed, and the current streak. */
export const signInMonthReply = z.object({
  year: z.int(),
  month: z.int().min(1).max(12),
  days: z.array(selectedRow({ day: cmsMemberSignIn.day, streak: cmsMemberSignIn.streak, exp: cmsMemberSignIn.exp })),
  signedToday: z.boolean(),
  streak: z.int(),
});
