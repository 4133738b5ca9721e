import { randomUUID } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { DbOrTx } from '../../db/client.ts';
import { fail } from '../../core/errors.ts';
import { sysCaptcha } from './schema.ts';

/** A captcha answer is accepted this long after the image was issued. */
export const CAPTCHA_TTL_MS = 2 * 60 * 1000;

export interface CaptchaImage {
  captchaEnabled: true;
  uuid: string;
  /** bare base64 of the SVG; the console prefixes `data:image/svg+xml;base64,` */
  img: string;
  imgType: 'image/svg+xml';
}

/** The card the characters are drawn on (the sign-in form's field colour). */
export const CAPTCHA_BACKGROUND = '#f7f9fc';
/**
 * svg-captcha picks each character's colour against the background it is given: on white it picks
 * pale ones (lightness 55–75 %, unreadable at 120 × 40 px). Told a mid grey, it picks dark ones,
 * which are then drawn on the light card instead. One noise line and the shapes' own distortion
 * keep it machine-resistant.
 */
const PALETTE_BACKGROUND = '#999999';

export function drawCaptcha(): { text: string; data: string } {
  // Characters that read alike (0/o, 1/l/i, a/q/g/9) are left out: the check ignores case, not shape.
  const c = svgCaptcha.create({
    size: 4, noise: 1, color: true, background: PALETTE_BACKGROUND, ignoreChars: '0oO1lIiaqg9', width: 120, height: 40, fontSize: 44,
  });
  return { text: c.text, data: c.data.replace(`fill="${PALETTE_BACKGROUND}"`, `fill="${CAPTCHA_BACKGROUND}"`) };
}

/**
 * Issues a captcha: the answer is stored server-side (sys_captcha, so any server process can check
 * it) under a random uuid the client sends back with its answer.
 */
export async function issueCaptcha(db: DbOrTx, now = new Date()): Promise<CaptchaImage> {
  const c = drawCaptcha();
  const uuid = randomUUID();
  // Expired rows are cleared here rather than by a scheduler: issuing is the only way they pile up.
  await db.delete(sysCaptcha).where(lt(sysCaptcha.expiresAt, now));
  await db.insert(sysCaptcha).values({ uuid, code: c.text, expiresAt: new Date(now.getTime() + CAPTCHA_TTL_MS) });
  return { captchaEnabled: true, uuid, img: Buffer.from(c.data).toString('base64'), imgType: 'image/svg+xml' };
}

/**
 * Checks an answer and consumes the captcha whatever the outcome, so each image allows one guess.
 * Throws login.captchaRequired / captchaExpired / captchaWrong.
 */
export async function checkCaptcha(db: DbOrTx, code: string | undefined, uuid: string | undefined, now = new Date()): Promise<void> {
  if (!code || !uuid) throw fail('login.captchaRequired');
  const [row] = await db.delete(sysCaptcha).where(eq(sysCaptcha.uuid, uuid)).returning();
  if (!row || row.expiresAt.getTime() < now.getTime()) throw fail('login.captchaExpired');
  if (row.code.toLowerCase() !== code.trim().toLowerCase()) throw fail('login.captchaWrong');
}
