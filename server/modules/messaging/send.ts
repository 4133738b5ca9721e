import { and, eq } from 'drizzle-orm';
import { channelOf, platformConfigSchema, type MessagingChannel, type PlatformConfig } from '../../../shared/resources/system/messaging.ts';
import type { Db } from '../../db/client.ts';
import type { Services } from '../../core/services.ts';
import { sysMessagingConfig } from './schema.ts';
import { sendMail } from './smtp.ts';
import { postWebhook, webhookCall, type OutgoingMessage } from './webhooks.ts';
import { describeFailure, SendFailure } from './failure.ts';
import type { TargetPolicy } from './target-guard.ts';

export { SendFailure } from './failure.ts';
export type { OutgoingMessage } from './webhooks.ts';

/** How long one send may take, per phase for SMTP and in all for a webhook. */
export const SEND_TIMEOUT_MS = 15_000;

const ENABLED = '0';

/** A stored row read back through the shared discriminated union; a row that no longer fits cannot send. */
export function readTarget(row: { platform: string; config: unknown }): PlatformConfig {
  const parsed = platformConfigSchema.safeParse({ platform: row.platform, config: row.config });
  if (!parsed.success) throw new SendFailure('messaging.error.badConfig');
  return parsed.data as PlatformConfig;
}

/** Where a target sends to, for messages: host:port or the URL's origin (never its query, which may hold a key). */
export const describeTarget = (t: PlatformConfig) => (t.platform === 'SMTP' ? `${t.config.host}:${t.config.port}` : new URL(t.config.url).origin);

/**
 * Sends one message through a platform, to a public address or one `policy` allows. Throws
 * SendFailure, localizable, on any failure.
 */
export async function deliver(target: PlatformConfig, msg: OutgoingMessage, policy: TargetPolicy, timeoutMs = SEND_TIMEOUT_MS): Promise<void> {
  try {
    if (target.platform === 'SMTP') {
      if (!msg.to) throw new SendFailure('messaging.recipientRequired');
      await sendMail(target.config, msg, describeTarget(target), policy, timeoutMs);
    } else {
      await postWebhook(webhookCall(target.platform, target.config, msg), describeTarget(target), policy, timeoutMs);
    }
  } catch (err) {
    throw describeFailure(err, describeTarget(target), timeoutMs);
  }
}

/**
 * Sends through the channel's default config, for the features that notify people (e.g. mail to
 * a user). Only an enabled default sends: a disabled one, or none, fails with messaging.noDefault.<channel>.
 */
export async function sendToChannel(db: Db, channel: MessagingChannel, msg: OutgoingMessage, policy: TargetPolicy): Promise<void> {
  const [row] = await db.select().from(sysMessagingConfig)
    .where(and(eq(sysMessagingConfig.channel, channel), eq(sysMessagingConfig.isDefault, 'Y'), eq(sysMessagingConfig.status, ENABLED)));
  if (!row) throw new SendFailure(`messaging.noDefault.${channel}`);
  const target = readTarget(row);
  if (channelOf(target.platform) !== channel) throw new SendFailure('messaging.error.badConfig');
  await deliver(target, msg, policy);
}

/**
 * One e-mail through the default SMTP configuration of System → Messaging (enabled), to a public
 * address or one of MESSAGING_ALLOWED_HOSTS: what other modules use to mail a person (the CMS's
 * member codes). Throws SendFailure (localizable: `messaging.noDefault.email` when none is set up).
 */
export async function sendEmail(services: Services, msg: OutgoingMessage & { to: string }): Promise<void> {
  await sendToChannel(services.db, 'email', msg, { allowedHosts: services.config.messagingAllowedHosts });
}
