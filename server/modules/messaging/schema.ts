import { sql } from 'drizzle-orm';
import { bigint, jsonb, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit } from '../../db/columns.ts';

/** Messaging-platform configs: the SMTP server and webhooks the system sends messages through. */
export const sysMessagingConfig = pgTable('sys_messaging_config', {
  configId: bigint('config_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity({ startWith: 1000 }),
  name: varchar('name', { length: 64 }).notNull(),
  /** dict MessagingPlatform: SMTP, WEBHOOK, DINGTALK, WECOM, FEISHU */
  platform: varchar('platform', { length: 16 }).notNull(),
  /** email or chat, from the platform: what "default" is unique within */
  channel: varchar('channel', { length: 8 }).notNull(),
  /** 0 enabled, 1 disabled */
  status: varchar('status', { length: 1 }).notNull().default('0'),
  /** Y: the config its channel sends through */
  isDefault: varchar('is_default', { length: 1 }).notNull().default('N'),
  /** the platform's settings, secrets included (they never leave the server) */
  config: jsonb('config').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  ...audit,
}, (t) => [
  uniqueIndex('sys_messaging_config_name_uq').on(t.name),
  // At most one default per channel, whatever the writers do concurrently.
  uniqueIndex('sys_messaging_config_default_uq').on(t.channel).where(sql`${t.isDefault} = 'Y'`),
]);
