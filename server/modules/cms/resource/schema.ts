import { bigint, index, integer, pgTable, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { audit } from '../../../db/columns.ts';
import { cmsSite } from '../site/schema.ts';

/**
 * A site's resource library (ChestnutCMS cms_resource): one uploaded image, audio, video or file.
 * `path` is the storage key, the same in every storage: resources/<type>/yyyy/MM/dd/<id>.<suffix>.
 */
export const cmsResource = pgTable('cms_resource', {
  resourceId: bigint('resource_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  siteId: bigint('site_id', { mode: 'number' }).notNull().references(() => cmsSite.siteId, { onDelete: 'cascade' }),
  /** image | audio | video | file, decided by the content */
  resourceType: varchar('resource_type', { length: 10 }).notNull(),
  /** where the object is kept: Local, or an S3-protocol storage (AmazonS3, AliyunOSS, TencentCOS, MinIO) */
  storageType: varchar('storage_type', { length: 20 }).notNull(),
  name: varchar('name', { length: 255 }).notNull(),
  path: varchar('path', { length: 255 }).notNull(),
  /** the name the file was uploaded with */
  fileName: varchar('file_name', { length: 255 }).notNull(),
  suffix: varchar('suffix', { length: 10 }).notNull(),
  width: integer('width'),
  height: integer('height'),
  fileSize: bigint('file_size', { mode: 'number' }).notNull(),
  /** storage key of the thumbnail, when the site's settings made one */
  thumbnail: varchar('thumbnail', { length: 255 }),
  /** a video's poster frame: an image of the same library (taken with POST /cms/resource/poster) */
  posterId: bigint('poster_id', { mode: 'number' }).references((): AnyPgColumn => cmsResource.resourceId, { onDelete: 'set null' }),
  status: varchar('status', { length: 1 }).notNull().default('0'),
  ...audit,
}, (t) => [index('cms_resource_site_idx').on(t.siteId, t.resourceType)]);
