import type { StorageType } from '../../../../shared/cms/resource-types.ts';
import { isS3Storage, type SiteConfigValues } from '../../../../shared/cms/site-config.ts';
import { localStorage } from './local.ts';
import { s3Storage, s3SettingsOf } from './s3.ts';
import type { ObjectStorage } from './object-storage.ts';

export type { ObjectStorage } from './object-storage.ts';

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
