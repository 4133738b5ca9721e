import { bigint, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * Per-object CMS grants (src/lib/cms/perms.ts): one row per owner (a role or a user) and object
 * (a site, catalog or page widget), its permissions as a bit set. What a user may do on an object
 * is the OR of their own row and their enabled roles' rows.
 */
export const cmsGrant = pgTable('cms_grant', {
  grantId: bigint('grant_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  /** Role or User */
  ownerType: varchar('owner_type', { length: 8 }).notNull(),
  ownerId: bigint('owner_id', { mode: 'number' }).notNull(),
  /** Site, Catalog or PageWidget */
  objectType: varchar('object_type', { length: 16 }).notNull(),
  objectId: bigint('object_id', { mode: 'number' }).notNull(),
  bits: integer('bits').notNull().default(0),
}, (t) => [
  uniqueIndex('cms_grant_owner_object_uq').on(t.ownerType, t.ownerId, t.objectType, t.objectId),
  index('cms_grant_object_idx').on(t.objectType, t.objectId),
]);
