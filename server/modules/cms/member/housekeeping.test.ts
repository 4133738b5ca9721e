import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { cmsMember, cmsMemberSession } from './schema.ts';
import { issueMemberToken } from './session.ts';
import { MEMBER_PRUNE_EVERY_MS, pruneMembersNowAndThen } from './housekeeping.ts';
import { MEMBER_ATTEMPTS } from './account.ts';

// Members' sign-ins that have expired leave the table, at most hourly, and live ones stay.
const ts = useTestServer();

describe('members\' housekeeping', () => {
  it('forgets expired sign-ins, keeps live ones, and does the work at most once an hour', async () => {
    const db = ts.database.db;
    const [m] = await db.insert(cmsMember).values({ userName: 'tidy', password: 'x' }).returning({ memberId: cmsMember.memberId });
    await issueMemberToken(db, m!.memberId, { ip: '192.0.2.1' });
    await issueMemberToken(db, m!.memberId, { ip: '192.0.2.1' });
    const sessions = await db.select().from(cmsMemberSession).where(eq(cmsMemberSession.memberId, m!.memberId));
    await db.update(cmsMemberSession).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(cmsMemberSession.tokenHash, sessions[0]!.tokenHash));
    const now = new Date();
    expect(await pruneMembersNowAndThen(ts.server.services, MEMBER_ATTEMPTS, now)).toBe(true);
    const left = await db.select().from(cmsMemberSession).where(eq(cmsMemberSession.memberId, m!.memberId));
    expect(left.map((s) => s.tokenHash)).toEqual([sessions[1]!.tokenHash]);
    expect(await pruneMembersNowAndThen(ts.server.services, MEMBER_ATTEMPTS, new Date(now.getTime() + MEMBER_PRUNE_EVERY_MS - 1))).toBe(false);
    expect(await pruneMembersNowAndThen(ts.server.services, MEMBER_ATTEMPTS, new Date(now.getTime() + MEMBER_PRUNE_EVERY_MS))).toBe(true);
  });
});
