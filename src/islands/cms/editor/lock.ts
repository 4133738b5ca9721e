/**
 * Who keeps the user from editing a content: its locker, when that is someone else and the user is
 * no administrator (spec §4: only the locker or an administrator changes a locked content; the
 * server refuses the others, the editor opens read-only and says who holds it).
 */
export function lockHolder(state: { isLock: string; lockUser: string | null } | null, me: string | undefined, isAdmin: boolean): string | null {
  if (!state || state.isLock !== 'Y' || !state.lockUser || isAdmin) return null;
  return state.lockUser === me ? null : state.lockUser;
}
