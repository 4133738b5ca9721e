import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { cmsMember, cmsMemberExpConfig, cmsMemberExpLog, cmsMemberLevelConfig } from './schema.ts';
import { grantExp, levelFor } from './exp.ts';

// grantExp, the entry point other domains call (comments, contributions, likes…): daily and total
// limits per operation, and the level following the experience.
const ts = useTestServer();

describe('levelFor', () => {
  const levels = [{ level: 1, nextNeedExp: 10 }, { level: 2, nextNeedExp: 30 }, { level: 3, nextNeedExp: 0 }];
  it('walks up the levels whose next needed exp is reached', () => {
    expect(levelFor(0, levels, 0)).toBe(1);
    expect(levelFor(9, levels, 0)).toBe(1);
    expect(levelFor(10, levels, 0)).toBe(2);
    expect(levelFor(1000, levels, 0)).toBe(3);
    expect(levelFor(50, [], 4)).toBe(4);
  });
});

describe('grantExp', () => {
  it('grants within the daily and total limits and moves the level', async () => {
    const db = ts.database.db;
    await db.insert(cmsMemberLevelConfig).values([{ level: 1, name: 'One', nextNeedExp: 6 }, { level: 2, name: 'Two', nextNeedExp: 100 }]);
    await db.insert(cmsMemberExpConfig).values([{ opType: 'comment', exp: 3, dayLimit: 2 }, { opType: 'like', exp: 1, totalLimit: 3 }]);
    const [m] = await db.insert(cmsMember).values({ userName: 'granted', password: 'x' }).returning();
    const day1 = new Date(2026, 4, 1, 10);
    const day2 = new Date(2026, 4, 2, 10);
    const grant = (op: 'comment' | 'like' | 'vote', now: Date) => db.transaction((tx) => grantExp(tx, m!.memberId, op, now));
    // A new member (level 0) lands on the first configured level.
    expect(await grant('comment', day1)).toEqual({ exp: 3, total: 3, level: 1, levelUp: true });
    expect(await grant('comment', day1)).toEqual({ exp: 3, total: 6, level: 2, levelUp: true });
    expect(await grant('comment', day1)).toEqual({ exp: 0, total: 6, level: 2, levelUp: false });
    expect((await grant('comment', day2)).exp).toBe(3);
    // No rule: nothing.
    expect((await grant('vote', day1)).exp).toBe(0);
    // Total limit: three likes ever, whatever the day.
    const likes = [];
    for (const d of [day1, day1, day2, day2]) likes.push((await grant('like', d)).exp);
    expect(likes).toEqual([1, 1, 1, 0]);
    const [after] = await db.select().from(cmsMember).where(eq(cmsMember.memberId, m!.memberId));
    expect(after).toMatchObject({ exp: 12, level: 2 });
    expect((await db.select().from(cmsMemberExpLog).where(eq(cmsMemberExpLog.memberId, m!.memberId))).length).toBe(6);
    // An unknown member earns nothing and breaks nothing.
    expect(await db.transaction((tx) => grantExp(tx, 987654, 'comment', day1))).toEqual({ exp: 0, total: 0, level: 0, levelUp: false });
  });

  it('holds the daily limit when grants to one member run at once', async () => {
    const db = ts.database.db;
    await db.insert(cmsMemberExpConfig).values({ opType: 'favorite', exp: 2, dayLimit: 3 });
    const [m] = await db.insert(cmsMember).values({ userName: 'racer', password: 'x' }).returning();
    const now = new Date(2026, 4, 3, 10);
    const results = await Promise.all(Array.from({ length: 12 }, () => db.transaction((tx) => grantExp(tx, m!.memberId, 'favorite', now))));
    expect(results.filter((r) => r.exp > 0)).toHaveLength(3);
    const [after] = await db.select().from(cmsMember).where(eq(cmsMember.memberId, m!.memberId));
    expect(after!.exp).toBe(6);
  });
});
