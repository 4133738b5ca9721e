import { rm } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { fail, unauthorized } from '../../../core/errors.ts';
import { AVATAR_EXTENSIONS, PUBLIC_UPLOAD_PREFIX, receiveFile, resolveInRoot, uploadRoot } from '../../common/index.ts';
import type { PublicCall } from '../public-api/route.ts';
import { inspectImage } from '../resource/image.ts';
import { cmsMember } from './schema.ts';

/** A member's avatar: png or jpeg, at most 2 MB, at most 2048 × 2048 pixels. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_MAX_SIDE = 2048;
/** The multipart body's cap: the file and its part headers. */
export const AVATAR_UPLOAD_LIMIT = AVATAR_MAX_BYTES + 64 * 1024;
export const MEMBER_AVATAR_FOLDER = 'member-avatar';

/**
 * POST /api/member/avatar (multipart, field `file`, as the default theme's settings form sends it): as a console user's avatar
 * (auth/profile-avatar.ts) — the type checked by the content, the size bounded while it streams —
 * and, before anything decodes it, its dimensions read from the header and bounded (a small file
 * announcing a huge image is refused). The previous avatar file goes once the new one is stored.
 * Served read-only at /profile/upload/member-avatar/… (common/public-files.ts).
 */
export async function uploadAvatar(call: Pick<PublicCall, 'services' | 'member' | 'req'>): Promise<{ avatar: string }> {
  if (!call.member) throw unauthorized();
  const memberId = call.member.memberId;
  const root = uploadRoot(call.services.config.dataDir);
  const saved = await receiveFile(call.req, 'file', root, {
    extensions: AVATAR_EXTENSIONS,
    maxBytes: AVATAR_MAX_BYTES,
    folder: MEMBER_AVATAR_FOLDER,
    messages: { type: 'upload.avatarType', size: 'upload.avatarSize' },
  });
  let previous: string | null = null;
  try {
    const image = await inspectImage(saved.fullPath);
    if (image.width > AVATAR_MAX_SIDE || image.height > AVATAR_MAX_SIDE) throw fail('member.avatarTooLarge', { max: AVATAR_MAX_SIDE, width: image.width, height: image.height });
    previous = await call.services.db.transaction(async (tx) => {
      const [m] = await tx.select({ avatar: cmsMember.avatar }).from(cmsMember).where(eq(cmsMember.memberId, memberId)).for('update');
      await tx.update(cmsMember).set({ avatar: saved.fileName, updateTime: new Date() }).where(eq(cmsMember.memberId, memberId));
      return m?.avatar ?? null;
    });
  } catch (err) {
    await rm(saved.fullPath, { force: true });
    throw err;
  }
  if (previous?.startsWith(`${PUBLIC_UPLOAD_PREFIX}${MEMBER_AVATAR_FOLDER}/`)) {
    const old = resolveInRoot(root, previous.slice(PUBLIC_UPLOAD_PREFIX.length));
    if (old) await rm(old, { force: true }).catch(() => {});
  }
  return { avatar: saved.fileName };
}
