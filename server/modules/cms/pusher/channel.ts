import { deliver, readTarget, type OutgoingMessage, type TargetPolicy } from '../../messaging/index.ts';
import { platformOfPusher, recipientsOf, type PusherType } from '../../../../shared/resources/cms/pusher.ts';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../../../shared/i18n/locales.ts';

/** A stored pusher as the channel needs it. */
export interface PusherRow {
  type: string;
  config: Record<string, unknown>;
}

/** The language a pusher's messages are written in (its config; zh-CN when unset). */
export const languageOf = (p: PusherRow): Locale => (LOCALES as readonly string[]).includes(String(p.config.language)) ? (p.config.language as Locale) : DEFAULT_LOCALE;

/**
 * Sends one message through the pusher: its settings read back as the messaging platform's
 * (System → Messaging's SMTP and webhook senders, address guard and signing), e-mail to its
 * recipients. Throws messaging's SendFailure, localizable, naming what failed.
 */
export async function sendThrough(p: PusherRow, msg: OutgoingMessage, policy: TargetPolicy, timeoutMs?: number): Promise<void> {
  const type = p.type as PusherType;
  const target = readTarget({ platform: platformOfPusher(type), config: p.config });
  const to = type === 'EMAIL' ? recipientsOf(String(p.config.recipients ?? '')).join(', ') : undefined;
  await deliver(target, { ...msg, to }, policy, timeoutMs);
}
