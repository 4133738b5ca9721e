import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import type { StorageType } from '../../../../shared/cms/resource-types.ts';
import type { SiteConfigValues } from '../../../../shared/cms/site-config.ts';
import { fail } from '../../../core/errors.ts';
import { bucketUrl, isStorageKey } from './keys.ts';
import type { ObjectStorage } from './object-storage.ts';

export interface S3Settings {
  endpoint: string;
  region: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  pathStyle: boolean;
  /** public base URL of the bucket */
  domain: string;
}

/** The S3 settings of a site's storage tab. */
export function s3SettingsOf(values: SiteConfigValues): S3Settings {
  return {
    endpoint: values.StorageEndpoint ?? '',
    region: values.StorageRegion ?? '',
    bucket: values.StorageBucket ?? '',
    accessKey: values.StorageAccessKey ?? '',
    secretKey: values.StorageSecretKey ?? '',
    pathStyle: values.StoragePathStyle === 'Y',
    domain: values.StorageDomain ?? '',
  };
}

function clientConfig(s: S3Settings): S3ClientConfig {
  return {
    ...(s.endpoint ? { endpoint: s.endpoint } : {}),
    // OSS, COS and MinIO ignore the region in signatures only when it is the one they expect;
    // without one, us-east-1 is what MinIO expects.
    region: s.region || 'us-east-1',
    forcePathStyle: s.pathStyle,
    credentials: { accessKeyId: s.accessKey, secretAccessKey: s.secretKey },
    // One retry: an upload waits for its objects, and a dead endpoint should fail soon.
    maxAttempts: 2,
    // Checksums only where the API requires them: the SDK's default sends streamed bodies
    // aws-chunked with a trailing checksum, which S3-compatible servers (older MinIO, OSS, COS,
    // s3rver) store verbatim, framing and all.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

type Sdk = typeof import('@aws-sdk/client-s3');

/**
 * A bucket's client, made at its first call: the SDK (a few hundred modules) loads only on a server
 * that has a site on S3, not at every start nor in every API test.
 */
function clientOf(s: S3Settings) {
  let made: Promise<{ sdk: Sdk; client: S3Client }> | undefined;
  return async <T>(call: (sdk: Sdk, client: S3Client) => Promise<T>): Promise<T> => {
    made ??= import('@aws-sdk/client-s3').then((sdk) => ({ sdk, client: new sdk.S3Client(clientConfig(s)) }));
    const { sdk, client } = await made;
    return call(sdk, client);
  };
}

const keyOf = (key: string) => {
  if (!isStorageKey(key)) throw fail('upload.badPath');
  return key;
};

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
};

/** An S3-protocol bucket: Amazon S3, MinIO, Aliyun OSS and Tencent COS all speak it. */
export function s3Storage(type: StorageType, s: S3Settings): ObjectStorage {
  const s3 = clientOf(s);
  const Bucket = s.bucket;
  return {
    type,
    async put(key, file, contentType) {
      const { size } = await stat(file);
      await s3((sdk, c) => c.send(new sdk.PutObjectCommand({ Bucket, Key: keyOf(key), Body: createReadStream(file), ContentLength: size, ContentType: contentType })));
    },
    async get(key) {
      try {
        const out = await s3((sdk, c) => c.send(new sdk.GetObjectCommand({ Bucket, Key: keyOf(key) })));
        return out.Body as Readable;
      } catch (err) {
        if (isMissing(err)) throw fail('upload.notFound');
        throw err;
      }
    },
    async delete(key) {
      await s3((sdk, c) => c.send(new sdk.DeleteObjectCommand({ Bucket, Key: keyOf(key) })));
    },
    async exists(key) {
      try {
        await s3((sdk, c) => c.send(new sdk.HeadObjectCommand({ Bucket, Key: keyOf(key) })));
        return true;
      } catch (err) {
        if (isMissing(err)) return false;
        throw err;
      }
    },
    url: (key) => bucketUrl(s.domain, key),
  };
}

/** Whether the bucket answers with these settings: the storage tab refuses settings that cannot work. */
export async function reachBucket(s: S3Settings): Promise<string | null> {
  try {
    await clientOf(s)((sdk, c) => c.send(new sdk.HeadBucketCommand({ Bucket: s.bucket })));
    return null;
  } catch (err) {
    const e = err as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
    const status = e.$metadata?.httpStatusCode;
    return status ? `HTTP ${status} ${e.name ?? ''}`.trim() : (e.message ?? String(err)).slice(0, 200);
  }
}

/**
 * The bucket of a site's settings for the publisher: pages under their pipe's prefix, any key the
 * publisher checked (publish/output.ts), the ETag read to skip a page whose bytes did not change.
 */
export function s3Bucket(s: S3Settings) {
  const s3 = clientOf(s);
  const Bucket = s.bucket;
  return {
    async put(key: string, body: Buffer, contentType: string) {
      await s3((sdk, c) => c.send(new sdk.PutObjectCommand({ Bucket, Key: key, Body: body, ContentLength: body.length, ContentType: contentType })));
    },
    async etag(key: string): Promise<string | null> {
      try {
        const head = await s3((sdk, c) => c.send(new sdk.HeadObjectCommand({ Bucket, Key: key })));
        return head.ETag ? head.ETag.replace(/"/g, '') : null;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async delete(key: string) {
      await s3((sdk, c) => c.send(new sdk.DeleteObjectCommand({ Bucket, Key: key })));
    },
  };
}
