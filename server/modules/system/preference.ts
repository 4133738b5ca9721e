import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../core/access.ts';
import { unauthorized } from '../../core/errors.ts';
import { withDefaults, type Preferences, type PreferencesBody } from '../../../shared/validators/preference.ts';
import { sysUser } from './schema.ts';

/** GET /system/user/preference: the user's saved preferences over the defaults (every key present). */
export async function getPreferences(db: Db, actor: Actor): Promise<Preferences> {
  const [u] = await db.select({ prefs: sysUser.preferences }).from(sysUser).where(eq(sysUser.userId, actor.userId));
  if (!u) throw unauthorized();
  return withDefaults(u.prefs);
}

/**
 * PUT /system/user/preference: merges the sent keys (already validated, unknown keys refused) into
 * the saved ones. Read and write share a row lock so two tabs saving different keys both stick.
 */
export async function savePreferences(db: Db, actor: Actor, body: PreferencesBody): Promise<Preferences> {
  return db.transaction(async (tx) => {
    const [u] = await tx.select({ prefs: sysUser.preferences }).from(sysUser).where(eq(sysUser.userId, actor.userId)).for('update');
    if (!u) throw unauthorized();
    const merged = withDefaults({ ...u.prefs, ...body });
    await tx.update(sysUser).set({ preferences: merged as unknown as Record<string, unknown> }).where(eq(sysUser.userId, actor.userId));
    return merged;
  });
}
