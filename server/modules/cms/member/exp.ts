import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { cmsMember, cmsMemberExpConfig, cmsMemberExpLog, cmsMemberLevelConfig } from './schema.ts';

/**
 * Members' experience and levels (issue 31 item 2): what an operation earns is configured per
 * operation in Exp Config (cms_member_exp_config: exp, a daily and a total limit), and the level
 * follows the experience through Level Config (cms_member_level_config).
 *
 * Other domains call `grantExp` when a member does something worth experience (a comment passes,
 * a contribution is published, a like is given…). It is a stable entry point: keep its signature.
 */

import type { ExpOperation, LevelType } from '../../../../shared/resources/cms/member-exp.ts';

/**
 * The operations that may earn experience (signIn, comment, contribute, like, favorite, follow,
 * vote): the Exp Config screen offers these, callers pass one.
 */
export { EXP_OPERATIONS, LEVEL_TYPES, type ExpOperation, type LevelType } from '../../../../shared/resources/cms/member-exp.ts';

/** The level systems: only experience levels ('exp') so far, held in cms_member.exp / .level. */
export const EXP_LEVEL_TYPE: LevelType = 'exp';

/** What one grant did. */
export interface ExpGrant {
  /** experience earned now: 0 without a rule, or once its daily or total limit is reached */
  exp: number;
  /** the member's experience afterwards */
  total: number;
  /** the member's level afterwards */
  level: number;
  /** the level rose with this grant */
  levelUp: boolean;
}

/** The server's local calendar day of `now` (what "daily" means for limits and sign-ins), as YYYY-MM-DD. */
export function dayOf(now: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

interface LevelRow {
  level: number;
  nextNeedExp: number;
}

/**
 * The level `exp` reaches on these levels (sorted by level): from the lowest configured level, each
 * level whose `nextNeedExp` the experience has reached is left for the next configured one. Without
 * levels configured, `fallback` (the member's level as stored) stands.
 */
export function levelFor(exp: number, levels: readonly LevelRow[], fallback: number): number {
  if (!levels.length) return fallback;
  let i = 0;
  while (i + 1 < levels.length && levels[i]!.nextNeedExp > 0 && exp >= levels[i]!.nextNeedExp) i++;
  return levels[i]!.level;
}

/** The experience levels as configured, lowest first. */
export const expLevels = (tx: DbOrTx) =>
  tx.select({ level: cmsMemberLevelConfig.level, nextNeedExp: cmsMemberLevelConfig.nextNeedExp, name: cmsMemberLevelConfig.name })
    .from(cmsMemberLevelConfig).where(eq(cmsMemberLevelConfig.levelType, EXP_LEVEL_TYPE)).orderBy(asc(cmsMemberLevelConfig.level));

/**
 * Grants `memberId` the experience `operation` earns, within its rule's daily and total limits, and
 * moves the member's level with it. Call it inside the transaction that records the operation
 * itself (a sign-in, an audited comment): the member's row is locked first, so grants to one member
 * are counted one after another and the limits hold under concurrency (on PostgreSQL as on PGlite).
 * `now` decides the day the daily limit counts (tests pass one). An unknown member earns nothing.
 */
export async function grantExp(tx: DbOrTx, memberId: number, operation: ExpOperation, now = new Date()): Promise<ExpGrant> {
  const [member] = await tx.select({ exp: cmsMember.exp, level: cmsMember.level }).from(cmsMember).where(eq(cmsMember.memberId, memberId)).for('update');
  if (!member) return { exp: 0, total: 0, level: 0, levelUp: false };
  const unchanged: ExpGrant = { exp: 0, total: member.exp, level: member.level, levelUp: false };
  const [rule] = await tx.select().from(cmsMemberExpConfig)
    .where(and(eq(cmsMemberExpConfig.opType, operation), eq(cmsMemberExpConfig.levelType, EXP_LEVEL_TYPE)));
  if (!rule || rule.exp <= 0) return unchanged;
  const day = dayOf(now);
  const logged = (extra?: ReturnType<typeof eq>) => tx.select({ n: count() }).from(cmsMemberExpLog)
    .where(and(eq(cmsMemberExpLog.memberId, memberId), eq(cmsMemberExpLog.opType, operation), eq(cmsMemberExpLog.levelType, EXP_LEVEL_TYPE), gt(cmsMemberExpLog.exp, 0), extra));
  if (rule.dayLimit > 0 && Number((await logged(eq(cmsMemberExpLog.day, day)))[0]?.n ?? 0) >= rule.dayLimit) return unchanged;
  if (rule.totalLimit > 0 && Number((await logged())[0]?.n ?? 0) >= rule.totalLimit) return unchanged;
  await tx.insert(cmsMemberExpLog).values({ memberId, opType: operation, levelType: EXP_LEVEL_TYPE, exp: rule.exp, day, logTime: now });
  const total = member.exp + rule.exp;
  const level = levelFor(total, await expLevels(tx), member.level);
  await tx.update(cmsMember).set({ exp: sql`${cmsMember.exp} + ${rule.exp}`, level }).where(eq(cmsMember.memberId, memberId));
  return { exp: rule.exp, total, level, levelUp: level > member.level };
}
