import { bigint, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { cmsSite } from '../site/schema.ts';

/**
 * Saved versions of a site's templates (the workbench's history): every save, add and restore
 * writes the text as saved, so an earlier one can be compared and restored. The file stays the
 * template (README "Templates"); these rows are only its past, bounded per template
 * (TEMPLATE_VERSIONS_KEPT). They follow a rename and go with a delete or with the site.
 */
export const cmsTemplateVersion = pgTable('cms_template_version', {
  versionId: bigint('version_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  siteId: bigint('site_id', { mode: 'number' }).notNull().references(() => cmsSite.siteId, { onDelete: 'cascade' }),
  pipeCode: varchar('pipe_code', { length: 20 }).notNull(),
  path: varchar('path', { length: 255 }).notNull(),
  content: text('content').notNull(),
  /** bytes of the text in UTF-8 */
  size: integer('size').notNull(),
  createBy: varchar('create_by', { length: 64 }).notNull().default(''),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('cms_template_version_path_idx').on(t.siteId, t.pipeCode, t.path, t.versionId)]);

/**
 * Tickets of previews (README "The default theme and preview"): a previewed page rendered by the
 * API for a signed-in user, kept a few minutes under the hash of a random ticket, and shown by
 * the sites' port at `<site base>_preview/<ticket>` — site HTML runs on the sites' origin, never
 * the console's, and no console token is ever in a URL. The row names the session that asked for
 * it (its token's hash, as sys_session keeps it), so a signed-out or disabled user's tickets die
 * with the session, and what was previewed, so the sites' port checks the user's rights on it
 * again when the frame loads. Rows are forgotten once expired (each new ticket sweeps them).
 */
export const cmsPreviewTicket = pgTable('cms_preview_ticket', {
  /** sha256 (hex) of the ticket: the ticket itself is never stored */
  ticketHash: varchar('ticket_hash', { length: 64 }).primaryKey(),
  /** sys_session.token_hash of the session that minted it */
  sessionHash: varchar('session_hash', { length: 64 }).notNull(),
  siteId: bigint('site_id', { mode: 'number' }).notNull().references(() => cmsSite.siteId, { onDelete: 'cascade' }),
  /** preview (the console's preview page) or workbench (the template workbench's live preview) */
  kind: varchar('kind', { length: 16 }).notNull(),
  /** site, catalog or content */
  objectType: varchar('object_type', { length: 16 }).notNull(),
  objectId: bigint('object_id', { mode: 'number' }).notNull(),
  /** the console's origin that framed it (its frame-ancestors, and where the page's preview links lead) */
  consoleOrigin: varchar('console_origin', { length: 255 }).notNull(),
  html: text('html').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('cms_preview_ticket_expires_idx').on(t.expiresAt), index('cms_preview_ticket_session_idx').on(t.sessionHash, t.kind)]);
