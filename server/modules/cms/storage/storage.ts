import type { Readable } from 'node:stream';
import type { StorageType } from '../../../../shared/cms/resource-types.ts';
import { isS3Storage, type SiteConfigValues } from '../../../../shared/cms/site-config.ts';
import { localStorage } from './local.ts';
import { s3Storage, s3SettingsOf } from './s3.ts';

/**
 * Where a site's resources are kept, behind one interface: the server's disk (Local) or an
 * S3-protocol bucket (Amazon S3, MinIO, Aliyun OSS, Tencent COS). Keys are relative paths such as
 * resources/image/2026/11/23/42.png; every implementation refuses a key that is not one.
 */
export interface ObjectStorage {
  readonly type: StorageType;
  /** Stores the file at `file` (a local temporary file) under `key`. */
  put(key: string, file: string, contentType: string): Promise<void>;
  get(key: string): Promise<Readable>;
  /** Removes the object; one that is not there is no error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The public address of the object (absolute for a bucket, a server path for Local). */
  url(key: string): string;
}

export interface SiteStorageRef {
  /** the site's folder name (letters and digits) */
  path: string;
  configProps: SiteConfigValues;
}

export { STORAGE_KEY, isStorageKey } from './keys.ts';

/** The storage type a site's settings choose for new uploads. */
export const storageTypeOf = (site: SiteStorageRef): StorageType =>
  isS3Storage(site.configProps.FileStorageType) ? (site.configProps.FileStorageType as StorageType) : 'Local';

/**
 * The storage of `type` for a site: Local under DATA_DIR/sites/<path>/, or the bucket of the
 * site's S3 settings. A resource keeps the type it was stored with, so switching a site to a bucket
 * leaves earlier Local uploads where they are and still served.
 */
export function storageFor(site: SiteStorageRef, type: StorageType, dataDir: string): ObjectStorage {
  return type === 'Local' ? localStorage(dataDir, site.path) : s3Storage(type, s3SettingsOf(site.configProps));
}
