import { createHash } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { fail, unauthorized } from '../../../core/errors.ts';
import { AVATAR_EXTENSIONS, PUBLIC_UPLOAD_PREFIX, receiveFile, resolveInRoot, sniffImage, uploadRoot } from '../../common/index.ts';
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
 * Members' avatars live in `${DATA_DIR}/member-avatar/`, outside the console's upload root: the
 * console never serves what a reader uploaded (docs/two-origins.md); the sites port does, at
 * /api/member/avatar/<member id>. `cms_member.avatar` holds `member-avatar/yyyy/MM/dd/<uuid>.<ext>`;
 * a value from before (`/profile/upload/member-avatar/…`, in the upload root) is still read.
 */
export const memberAvatarRoot = (dataDir: string) => resolve(dataDir, MEMBER_AVATAR_FOLDER);
const LEGACY_PREFIX = `${PUBLIC_UPLOAD_PREFIX}${MEMBER_AVATAR_FOLDER}/`;

/** The file of a stored avatar value, or null (none, or a value pointing anywhere else). */
export function avatarFile(dataDir: string, stored: string | null): string | null {
  if (!stored) return null;
  if (stored.startsWith(LEGACY_PREFIX)) return resolveInRoot(uploadRoot(dataDir), stored);
  if (stored.startsWith(`${MEMBER_AVATAR_FOLDER}/`)) return resolveInRoot(memberAvatarRoot(dataDir), stored.slice(MEMBER_AVATAR_FOLDER.length + 1));
  return null;
}

/** The version of a stored avatar: a new upload is a new URL, so the picture may be cached for a year. */
const versionOf = (stored: string) => createHash('sha256').update(stored).digest('hex').slice(0, 12);

/**
 * What readers' replies give as a member's `avatar`: its path on the sites port (below the API's
 * address, which the readers' script puts in front), versioned; null when the member has none.
 */
export const avatarUrl = (memberId: number | null, stored: string | null): string | null =>
  memberId && stored ? `/api/member/avatar/${memberId}?v=${versionOf(stored)}` : null;

/**
 * POST /api/member/avatar (multipart, field `file`, as the default theme's forms send it): as a console user's avatar
 * (auth/profile-avatar.ts) — the type checked by the content, the size bounded while it streams —
 * and, before anything decodes it, its dimensions read from the header and bounded (a small file
 * announcing a huge image is refused). The previous avatar file goes once the new one is stored.
 */
export async function uploadAvatar(call: Pick<PublicCall, 'services' | 'member' | 'req'>): Promise<{ avatar: string | null }> {
  if (!call.member) throw unauthorized();
  const memberId = call.member.memberId;
  const dataDir = call.services.config.dataDir;
  const saved = await receiveFile(call.req, 'file', memberAvatarRoot(dataDir), {
    extensions: AVATAR_EXTENSIONS,
    maxBytes: AVATAR_MAX_BYTES,
    messages: { type: 'upload.avatarType', size: 'upload.avatarSize' },
  });
  const stored = `${MEMBER_AVATAR_FOLDER}/${saved.relPath}`;
  let previous: string | null = null;
  try {
    const image = await inspectImage(saved.fullPath);
    if (image.width > AVATAR_MAX_SIDE || image.height > AVATAR_MAX_SIDE) throw fail('member.avatarTooLarge', { max: AVATAR_MAX_SIDE, width: image.width, height: image.height });
    previous = await call.services.db.transaction(async (tx) => {
      const [m] = await tx.select({ avatar: cmsMember.avatar }).from(cmsMember).where(eq(cmsMember.memberId, memberId)).for('update');
      await tx.update(cmsMember).set({ avatar: stored, updateTime: new Date() }).where(eq(cmsMember.memberId, memberId));
      return m?.avatar ?? null;
    });
  } catch (err) {
    await rm(saved.fullPath, { force: true });
    throw err;
  }
  const old = avatarFile(dataDir, previous);
  if (old) await rm(old, { force: true }).catch(() => {});
  return { avatar: avatarUrl(memberId, stored) };
}

const IMAGE_TYPES = { png: 'image/png', jpeg: 'image/jpeg' } as const;

/** The avatar's bytes and type, sniffed from its content (never from its name); null when there is no picture to show. */
async function readAvatar(full: string): Promise<{ bytes: Buffer; type: string } | null> {
  const file = await open(full, 'r').catch(() => null);
  if (!file) return null;
  try {
    const { size } = await file.stat();
    if (size === 0 || size > AVATAR_MAX_BYTES) return null;
    const bytes = await file.readFile();
    const kind = sniffImage(bytes.subarray(0, 16));
    return kind === 'png' || kind === 'jpeg' ? { bytes, type: IMAGE_TYPES[kind] } : null;
  } finally {
    await file.close();
  }
}

/**
 * GET /api/member/avatar/:memberId on the sites port: the member's picture as an image, its type
 * sniffed from the bytes, `nosniff` and a sandboxing CSP (opened on its own it runs nothing),
 * cached for a year under its current version (`?v=`, see avatarUrl) and five minutes otherwise.
 * 404 when the member has none: a page shows the initial instead.
 */
export async function serveAvatar(call: Pick<PublicCall, 'services' | 'params' | 'query' | 'reply'>): Promise<void> {
  const { reply } = call;
  reply.header('X-Content-Type-Options', 'nosniff').header('Content-Security-Policy', "default-src 'none'; sandbox");
  const memberId = /^[1-9]\d{0,15}$/.test(call.params.memberId ?? '') ? Number(call.params.memberId) : 0;
  const [m] = memberId ? await call.services.db.select({ avatar: cmsMember.avatar }).from(cmsMember).where(eq(cmsMember.memberId, memberId)) : [];
  const full = avatarFile(call.services.config.dataDir, m?.avatar ?? null);
  const image = full ? await readAvatar(full) : null;
  if (!image) {
    await reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    return;
  }
  const v = (call.query as { v?: unknown } | undefined)?.v;
  await reply
    .type(image.type)
    .header('Cache-Control', v === versionOf(m!.avatar!) ? 'public, max-age=31536000, immutable' : 'public, max-age=300')
    // Published pages on a CDN or another host show it.
    .header('Cross-Origin-Resource-Policy', 'cross-origin')
    .send(image.bytes);
}
