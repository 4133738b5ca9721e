import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit } from '../../../db/columns.ts';
import { cmsSite } from '../site/schema.ts';

/** A site's message pushers (shared/resources/cms/pusher.ts): a channel and the events it is told of. */
export const cmsPusher = pgTable('cms_pusher', {
  pusherId: bigint('pusher_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  siteId: bigint('site_id', { mode: 'number' }).notNull().references(() => cmsSite.siteId, { onDelete: 'cascade' }),
  name: varchar('name', { length: 64 }).notNull(),
  /** EMAIL, WEBHOOK, WECOM, DINGTALK, FEISHU */
  type: varchar('type', { length: 16 }).notNull(),
  /** 0 enabled, 1 disabled */
  status: varchar('status', { length: 1 }).notNull().default('0'),
  /** the CMS event types it subscribes to (shared/cms/events.ts) */
  events: jsonb('events').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  /** the type's settings, secrets included (they never leave the server), its language, e-mail's recipients */
  config: jsonb('config').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  ...audit,
}, (t) => [uniqueIndex('cms_pusher_name_uq').on(t.siteId, t.name)]);

/**
 * The outbox: one row per pusher told of one event, written in the event's transaction, sent by
 * the delivery worker (delivery.ts). PENDING (due at next_time), RUNNING (claimed; next_time is the
 * lease: past it, a stopped process's claim is taken again), SENT, FAILED (attempts used up).
 */
export const cmsPusherDelivery = pgTable('cms_pusher_delivery', {
  deliveryId: bigint('delivery_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  siteId: bigint('site_id', { mode: 'number' }).notNull().references(() => cmsSite.siteId, { onDelete: 'cascade' }),
  pusherId: bigint('pusher_id', { mode: 'number' }).notNull().references(() => cmsPusher.pusherId, { onDelete: 'cascade' }),
  eventType: varchar('event_type', { length: 32 }).notNull(),
  /** the event's params and console link, rendered into the pusher's language when sent */
  params: jsonb('params').$type<Record<string, string | number>>().notNull().default(sql`'{}'::jsonb`),
  link: varchar('link', { length: 500 }),
  status: varchar('status', { length: 10 }).notNull().default('PENDING'),
  attempts: integer('attempts').notNull().default(0),
  nextTime: timestamp('next_time', { withTimezone: true }).notNull().defaultNow(),
  /** the last failure as a server message key and its params (messaging's SendFailure), shown in the reader's language */
  failure: jsonb('failure').$type<{ key: string; params: Record<string, unknown> }>(),
  sentTime: timestamp('sent_time', { withTimezone: true }),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  /** when it ended (sent or failed for good): what pruning goes by */
  endTime: timestamp('end_time', { withTimezone: true }),
}, (t) => [
  index('cms_pusher_delivery_due_idx').on(t.nextTime).where(sql`status in ('PENDING', 'RUNNING')`),
  index('cms_pusher_delivery_site_idx').on(t.siteId, t.deliveryId),
]);
