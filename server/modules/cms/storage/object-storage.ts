import type { Readable } from 'node:stream';
import type { StorageType } from '../../../../shared/cms/resource-types.ts';

// Apart from storage.ts, which picks an implementation: local.ts and s3.ts implement this without
// importing the file that imports them.

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
