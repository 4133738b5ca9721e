import { storageTypeOf, type SiteStorageRef } from '../storage/storage.ts';
import { s3Bucket, s3SettingsOf } from '../storage/s3.ts';
import { contentTypeOf } from './content-types.ts';
import { bucketOutput, localOutput, type LocalOutputOptions, type PublishOutput } from './output.ts';
import { pipeFolder, pipeOutputRoot, type PublishPaths } from './roots.ts';

/**
 * Where a pipe's pages go: the site's bucket when its storage setting names one (so several
 * servers on one PostgreSQL publish into one place a CDN serves), else this server's publish
 * folder. In the bucket a pipe's pages sit under the same `<site path>[_<pipe>]/` prefix as the
 * local folder, beside the site's `resources/`.
 */
export function outputFor(config: PublishPaths, site: SiteStorageRef, pipeCode: string, isDefault: boolean, opts: LocalOutputOptions = {}): PublishOutput {
  if (storageTypeOf(site) !== 'Local') return bucketOutput(s3Bucket(s3SettingsOf(site.configProps)), pipeFolder(site.path, pipeCode, isDefault), contentTypeOf);
  return localOutput(pipeOutputRoot(config, site.path, pipeCode, isDefault), opts);
}

export const publishesToBucket = (site: SiteStorageRef) => storageTypeOf(site) !== 'Local';
