import { bigint, date, index, integer, jsonb, pgTable, primaryKey, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit } from '../../../db/columns.ts';
import { cmsSite } from '../site/schema.ts';
import type { ManualRow } from '../../../../shared/cms/page-widget.ts';

/**
 * A site's page widgets (ChestnutCMS cms_page_widget): a manual block or an ad space, site-level
 * (catalog 0) or a catalog's. Publishing renders its template of each pipe to
 * `<path><code>.<suffix>`; templates embed it with `cms_pagewidget`.
 */
export const cmsPageWidget = pgTable('cms_page_widget', {
  pageWidgetId: bigint('page_widget_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  siteId: bigint('site_id', { mode: 'number' }).notNull().references(() => cmsSite.siteId, { onDelete: 'cascade' }),
  /** 0 = site level */
  catalogId: bigint('catalog_id', { mode: 'number' }).notNull().default(0),
  /** manual | ads */
  type: varchar('type', { length: 20 }).notNull(),
  name: varchar('name', { length: 100 }).notNull(),
  /** letters, digits, underscore; unique per site: templates name the widget by it */
  code: varchar('code', { length: 50 }).notNull(),
  /** dict CMSPageWidgetStatus */
  state: varchar('state', { length: 2 }).notNull().default('0'),
  /** template per pipe code */
  templates: jsonb('templates').$type<Record<string, string>>().notNull().default({}),
  /** output folder below the pipe's root, '' or ending in '/' */
  path: varchar('path', { length: 255 }).notNull().default(''),
  /** a manual block's rows */
  content: jsonb('content').$type<ManualRow[]>().notNull().default([]),
  /** an ad space's strategy: random | weighted | all */
  strategy: varchar('strategy', { length: 20 }).notNull().default('random'),
  publishDate: timestamp('publish_date', { withTimezone: true }),
  ...audit,
}, (t) => [uniqueIndex('cms_page_widget_code_uq').on(t.siteId, t.code)]);

/** The ads of an ad space (an `ads` page widget); they go with it. */
export const cmsAdvertisement = pgTable('cms_advertisement', {
  advertisementId: bigint('advertisement_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  siteId: bigint('site_id', { mode: 'number' }).notNull().references(() => cmsSite.siteId, { onDelete: 'cascade' }),
  adSpaceId: bigint('ad_space_id', { mode: 'number' }).notNull().references(() => cmsPageWidget.pageWidgetId, { onDelete: 'cascade' }),
  /** image | text | link */
  type: varchar('type', { length: 20 }).notNull(),
  name: varchar('name', { length: 100 }).notNull(),
  weight: integer('weight').notNull().default(1),
  keywords: varchar('keywords', { length: 255 }),
  /** '0' enabled, '1' disabled */
  state: varchar('state', { length: 1 }).notNull().default('0'),
  onlineDate: timestamp('online_date', { withTimezone: true }),
  offlineDate: timestamp('offline_date', { withTimezone: true }),
  /** http:// or https:// only: where a click goes */
  redirectUrl: varchar('redirect_url', { length: 500 }).notNull(),
  /** a library resource (its internal link), for an image ad */
  resourcePath: varchar('resource_path', { length: 255 }),
  ...audit,
}, (t) => [index('cms_advertisement_space_idx').on(t.adSpaceId)]);

/** Impressions and clicks of an ad per day (UTC), written in batches by the counter (widget/counter.ts). */
export const cmsAdStatDay = pgTable('cms_ad_stat_day', {
  advertisementId: bigint('advertisement_id', { mode: 'number' }).notNull().references(() => cmsAdvertisement.advertisementId, { onDelete: 'cascade' }),
  day: date('day', { mode: 'string' }).notNull(),
  siteId: bigint('site_id', { mode: 'number' }).notNull(),
  adSpaceId: bigint('ad_space_id', { mode: 'number' }).notNull(),
  views: bigint('views', { mode: 'number' }).notNull().default(0),
  clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
}, (t) => [primaryKey({ columns: [t.advertisementId, t.day] }), index('cms_ad_stat_day_space_idx').on(t.adSpaceId, t.day)]);
