import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { z } from 'zod';
import { formatDateTime } from '../../../../shared/format.ts';
import { unauthorized } from '../../../core/errors.ts';
import type { memberInfoBody, signInMonthQuery } from '../../../../shared/validators/member.ts';
import type { MemberCall } from './account.ts';
import { cmsMember, cmsMemberSignIn } from './schema.ts';
import { dayOf, expLevels, grantExp } from './exp.ts';
import { fail } from '../../../core/errors.ts';
import { avatarUrl } from './avatar.ts';

/** The member's own profile, its levels and its daily sign-ins (issue 31 item 2). */

const signedIn = (call: MemberCall) => {
  if (!call.member) throw unauthorized();
  return call.member;
};

/** What a member may see of itself: never the password hash. */
export async function ownInfo(call: MemberCall) {
  const me = signedIn(call);
  const db = call.services.db;
  const [m] = await db.select().from(cmsMember).where(eq(cmsMember.memberId, me.memberId));
  if (!m) throw unauthorized();
  const levels = await expLevels(db);
  const current = levels.find((l) => l.level === m.level);
  return {
    memberId: m.memberId, userName: m.userName, nickName: m.nickName, email: m.email, phoneNumber: m.phoneNumber,
    birthday: m.birthday, gender: m.gender, avatar: avatarUrl(m.memberId, m.avatar), signature: m.signature, description: m.description,
    exp: m.exp, level: m.level, levelName: current?.name ?? null, nextNeedExp: current?.nextNeedExp ?? null,
    registerTime: formatDateTime(m.registerTime), lastLoginTime: m.lastLoginTime ? formatDateTime(m.lastLoginTime) : null,
  };
}

/** GET /api/member/is_login: the signed-in member's name and level, or null (a console token is no member). */
export async function whoAmI(call: MemberCall) {
  if (!call.member) return null;
  const [m] = await call.services.db.select({ memberId: cmsMember.memberId, userName: cmsMember.userName, nickName: cmsMember.nickName, avatar: cmsMember.avatar, level: cmsMember.level, exp: cmsMember.exp })
    .from(cmsMember).where(eq(cmsMember.memberId, call.member.memberId));
  return m ? { ...m, avatar: avatarUrl(m.memberId, m.avatar) } : null;
}

/** POST /api/member/info: the fields a member may change of its own profile (stored as text). */
export async function saveInfo(call: MemberCall, body: z.infer<typeof memberInfoBody>): Promise<void> {
  const me = signedIn(call);
  const values: Partial<typeof cmsMember.$inferInsert> = {};
  if (body.nickName !== undefined) values.nickName = body.nickName;
  if (body.signature !== undefined) values.signature = body.signature;
  if (body.description !== undefined) values.description = body.description;
  if (body.gender !== undefined) values.gender = body.gender;
  if (body.birthday !== undefined) values.birthday = body.birthday || null;
  if (!Object.keys(values).length) return;
  await call.services.db.update(cmsMember).set({ ...values, updateBy: me.userName ?? '', updateTime: new Date() }).where(eq(cmsMember.memberId, me.memberId));
}

/** GET /api/member/level: the experience levels, and where the member stands. */
export async function levels(call: MemberCall) {
  const me = signedIn(call);
  const db = call.services.db;
  const [m] = await db.select({ exp: cmsMember.exp, level: cmsMember.level }).from(cmsMember).where(eq(cmsMember.memberId, me.memberId));
  return { exp: m?.exp ?? 0, level: m?.level ?? 0, levels: await expLevels(db) };
}

const previousDay = (day: string) => {
  const d = new Date(`${day}T12:00:00`);
  d.setDate(d.getDate() - 1);
  return dayOf(d);
};

/**
 * POST /api/member/signIn: today's sign-in (once a day: the key of cms_member_sign_in refuses a
 * second, whatever runs at once), the streak it continues, and the experience the signIn rule grants.
 */
export async function signIn(call: MemberCall, now = new Date()) {
  const me = signedIn(call);
  const day = dayOf(now);
  return call.services.db.transaction(async (tx) => {
    const [before] = await tx.select({ streak: cmsMemberSignIn.streak }).from(cmsMemberSignIn)
      .where(and(eq(cmsMemberSignIn.memberId, me.memberId), eq(cmsMemberSignIn.day, previousDay(day))));
    const streak = (before?.streak ?? 0) + 1;
    const [row] = await tx.insert(cmsMemberSignIn).values({ memberId: me.memberId, day, streak, signTime: now }).onConflictDoNothing().returning({ day: cmsMemberSignIn.day });
    if (!row) throw fail('member.signIn.already');
    const grant = await grantExp(tx, me.memberId, 'signIn', now);
    if (grant.exp) await tx.update(cmsMemberSignIn).set({ exp: grant.exp }).where(and(eq(cmsMemberSignIn.memberId, me.memberId), eq(cmsMemberSignIn.day, day)));
    return { day, streak, exp: grant.exp, totalExp: grant.total, level: grant.level, levelUp: grant.levelUp };
  });
}

/** GET /api/member/signIn?year=&month=: the month's sign-ins, whether today is signed and the streak. */
export async function signInMonth(call: MemberCall, q: z.infer<typeof signInMonthQuery>, now = new Date()) {
  const me = signedIn(call);
  const year = q.year ?? now.getFullYear();
  const month = q.month ?? now.getMonth() + 1;
  const first = `${year}-${String(month).padStart(2, '0')}-01`;
  const last = dayOf(new Date(year, month, 0, 12));
  const db = call.services.db;
  const rows = await db.select({ day: cmsMemberSignIn.day, streak: cmsMemberSignIn.streak, exp: cmsMemberSignIn.exp }).from(cmsMemberSignIn)
    .where(and(eq(cmsMemberSignIn.memberId, me.memberId), gte(cmsMemberSignIn.day, first), lte(cmsMemberSignIn.day, last))).orderBy(asc(cmsMemberSignIn.day));
  const today = dayOf(now);
  const [latest] = await db.select({ day: cmsMemberSignIn.day, streak: cmsMemberSignIn.streak }).from(cmsMemberSignIn)
    .where(and(eq(cmsMemberSignIn.memberId, me.memberId), gte(cmsMemberSignIn.day, previousDay(today)))).orderBy(asc(cmsMemberSignIn.day));
  // The streak still counts when yesterday was signed and today not yet.
  const tail = await db.select({ day: cmsMemberSignIn.day, streak: cmsMemberSignIn.streak }).from(cmsMemberSignIn)
    .where(and(eq(cmsMemberSignIn.memberId, me.memberId), eq(cmsMemberSignIn.day, today)));
  const streak = tail[0]?.streak ?? latest?.streak ?? 0;
  return { year, month, days: rows, signedToday: tail.length > 0, streak };
}
