import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import type { Services } from '../../../core/services.ts';
import { fail } from '../../../core/errors.ts';
import type { Locale } from '../../../../shared/i18n/locales.ts';
import { sendEmail, SendFailure } from '../../messaging/index.ts';
import { cmsMemberEmailCode } from './schema.ts';

/**
 * One-time codes mailed to a reader (registration, a forgotten password, a new address). Only a
 * hash of the code is stored; a code lives CODE_TTL_MS, dies after MAX_TRIES wrong guesses, and a
 * new code for the same address and purpose replaces the old one. How often codes may be asked for
 * is the public API's throttles' business (emailCodePerIp, emailCodePerMember).
 */
export type CodePurpose = 'register' | 'forgot' | 'changeEmail';

export const CODE_TTL_MS = 10 * 60_000;
export const MAX_TRIES = 5;

const normal = (email: string) => email.trim().toLowerCase();
/** Bound to its address and purpose, so one code cannot be replayed for another. */
const hashOf = (purpose: CodePurpose, email: string, code: string) => createHash('sha256').update(`${purpose}\n${normal(email)}\n${code}`).digest('hex');

/** Stores a new six-digit code for the address (replacing any earlier one) and returns it. */
export async function issueCode(tx: DbOrTx, purpose: CodePurpose, email: string, memberId: number | null, now = new Date()): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const address = normal(email);
  await tx.delete(cmsMemberEmailCode).where(and(eq(cmsMemberEmailCode.purpose, purpose), eq(cmsMemberEmailCode.email, address)));
  // Expired codes of anyone go now and then with the asking (no job needed: codes are asked for all the time).
  await tx.delete(cmsMemberEmailCode).where(lt(cmsMemberEmailCode.expiresAt, new Date(now.getTime() - CODE_TTL_MS)));
  await tx.insert(cmsMemberEmailCode).values({
    purpose, email: address, memberId, codeHash: hashOf(purpose, address, code), expiresAt: new Date(now.getTime() + CODE_TTL_MS), createTime: now,
  });
  return code;
}

/**
 * Uses up the code for this address and purpose (and member, for a change of address). Each try is
 * counted before the code is compared, in one statement, so parallel guesses get no more than
 * MAX_TRIES comparisons; call it on the database itself (not inside a transaction that may roll
 * back), so a wrong try stays counted. Throws `member.code.invalid` for a wrong, used, expired or
 * exhausted code alike.
 */
export async function consumeCode(db: DbOrTx, purpose: CodePurpose, email: string, code: string, memberId: number | null = null, now = new Date()): Promise<void> {
  const address = normal(email);
  const t = cmsMemberEmailCode;
  const [latest] = await db.select({ id: t.codeId }).from(t).where(and(eq(t.purpose, purpose), eq(t.email, address))).orderBy(desc(t.codeId)).limit(1);
  // The count and its ceiling in one statement: no two tries can both take the last one.
  const [row] = latest ? await db.update(t)
    .set({ attempts: sql`${t.attempts} + 1` })
    .where(and(eq(t.codeId, latest.id), isNull(t.usedAt), gt(t.expiresAt, now), lt(t.attempts, MAX_TRIES), memberId === null ? undefined : eq(t.memberId, memberId)))
    .returning({ codeId: t.codeId, codeHash: t.codeHash }) : [];
  const given = Buffer.from(hashOf(purpose, address, String(code ?? '').trim()));
  if (!row || !timingSafeEqual(Buffer.from(row.codeHash), given)) throw fail('member.code.invalid');
  // Used once: a second request with the same code finds it spent.
  const [used] = await db.update(t).set({ usedAt: now }).where(and(eq(t.codeId, row.codeId), isNull(t.usedAt))).returning({ id: t.codeId });
  if (!used) throw fail('member.code.invalid');
}

/** Forgets codes that expired (or were used) a while ago; codes are few, so a sweep is cheap. */
export async function pruneCodes(db: DbOrTx, now = new Date()): Promise<void> {
  await db.delete(cmsMemberEmailCode).where(or(lte(cmsMemberEmailCode.expiresAt, now), lte(cmsMemberEmailCode.usedAt, now)));
}

/**
 * Mails the code in the reader's language through System → Messaging's default SMTP configuration.
 * A failure to send is the reader's to read (no mail set up, the server refused): localized.
 */
export async function mailCode(services: Services, locale: Locale, purpose: CodePurpose, email: string, code: string, siteName: string): Promise<void> {
  const t = services.i18n.translator(locale);
  const minutes = CODE_TTL_MS / 60_000;
  try {
    await sendEmail(services, {
      to: email.trim(),
      subject: t(`member.mail.${purpose}.subject`, { site: siteName }),
      text: t(`member.mail.${purpose}.text`, { site: siteName, code, minutes }),
    });
  } catch (err) {
    if (err instanceof SendFailure) throw fail('member.mail.failed', { reason: t(err.key, err.params) });
    throw err;
  }
}
