import { bigint, date, index, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { cmsContent } from '../content/schema.ts';

/**
 * Readers' views of a content per day (UTC), written in batches by the view counter
 * (view-counter.ts) in the same transaction that adds them to cms_content.view_count, so the two
 * always agree. The site is kept beside the content for a site's daily totals without a join.
 */
export const cmsContentViewDay = pgTable('cms_content_view_day', {
  contentId: bigint('content_id', { mode: 'number' }).notNull().references(() => cmsContent.contentId, { onDelete: 'cascade' }),
  day: date('day', { mode: 'string' }).notNull(),
  siteId: bigint('site_id', { mode: 'number' }).notNull(),
  views: bigint('views', { mode: 'number' }).notNull().default(0),
}, (t) => [primaryKey({ columns: [t.contentId, t.day] }), index('cms_content_view_day_site_idx').on(t.siteId, t.day)]);
