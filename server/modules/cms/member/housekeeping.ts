import type { Services } from '../../../core/services.ts';
import { perServices } from '../../../core/services.ts';
import { pruneAttempts, type AttemptSpace } from '../../auth/index.ts';
import { pruneMemberSessions } from './session.ts';
import { pruneCodes } from './email-codes.ts';

/** How often one server process forgets members' expired sign-ins, used-up codes and old failure counts. */
export const MEMBER_PRUNE_EVERY_MS = 60 * 60_000;
const lastPrune = perServices(() => ({ at: 0 }));

/**
 * Members' tables that only grow otherwise, trimmed at most hourly by the sign-in that comes along
 * (as console sign-ins trim their failure counts, auth/login.ts): expired sessions, expired codes,
 * month-old failure counts (in `attempts`, members' own key space). Awaited before the sign-in's own transaction (PGlite has one connection).
 */
export async function pruneMembersNowAndThen(services: Services, attempts: AttemptSpace, now = new Date()): Promise<boolean> {
  const state = lastPrune(services);
  if (now.getTime() - state.at < MEMBER_PRUNE_EVERY_MS) return false;
  state.at = now.getTime();
  await pruneMemberSessions(services.db, now);
  await pruneCodes(services.db, now);
  await pruneAttempts(services.db, now, attempts);
  return true;
}
