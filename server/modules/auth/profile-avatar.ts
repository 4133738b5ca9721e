import { rm } from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Actor } from '../../core/access.ts';
import type { Services } from '../../core/services.ts';
import { AVATAR_EXTENSIONS } from '../common/index.ts';
import { receiveFile } from '../common/index.ts';
import { PUBLIC_UPLOAD_PREFIX, resolveInRoot, uploadRoot } from '../common/index.ts';
import { sysUser } from '../system/index.ts';

/** Avatar limits (the account center checks the same before sending). */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_FOLDER = 'avatar';

/**
 * POST /system/user/profile/avatar: stores the image (png/jpg/jpeg, ≤ 2 MB, checked by content)
 * and makes it the user's avatar. The file is written first and removed again if the row cannot
 * be saved; the previous avatar file is removed once the new one is in place.
 */
export async function updateAvatar(services: Services, actor: Actor, req: FastifyRequest) {
  const root = uploadRoot(services.config.dataDir);
  const saved = await receiveFile(req, 'avatarfile', root, {
    extensions: AVATAR_EXTENSIONS,
    maxBytes: AVATAR_MAX_BYTES,
    folder: AVATAR_FOLDER,
    messages: { type: 'upload.avatarType', size: 'upload.avatarSize' },
  });
  let previous: string | null = null;
  try {
    previous = await services.db.transaction(async (tx) => {
      const [u] = await tx.select({ avatar: sysUser.avatar }).from(sysUser).where(eq(sysUser.userId, actor.userId)).for('update');
      await tx.update(sysUser).set({ avatar: saved.fileName, updateBy: actor.userName, updateTime: new Date() }).where(eq(sysUser.userId, actor.userId));
      return u?.avatar ?? null;
    });
  } catch (err) {
    await rm(saved.fullPath, { force: true });
    throw err;
  }
  // Only our own avatar files are cleaned up; an external URL or a shared upload stays.
  if (previous?.startsWith(`${PUBLIC_UPLOAD_PREFIX}${AVATAR_FOLDER}/`)) {
    const old = resolveInRoot(root, previous);
    if (old) await rm(old, { force: true }).catch(() => {});
  }
  return { imgUrl: saved.fileName };
}
