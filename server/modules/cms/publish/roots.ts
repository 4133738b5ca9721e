import { resolve } from 'node:path';
import { LETTERS_DIGITS_PATTERN } from '../../../../shared/validators/common.ts';
import { PIPE_CODE } from '../../../../shared/cms/site-files.ts';

/**
 * Where published sites go on this server: PUBLISH_DIR when set, else DATA_DIR/wwwroot. Inside it
 * each pipe has a folder named as its address on this server: the site's default pipe at
 * `<site path>/`, any other pipe at `<site path>_<pipe code>/` (ChestnutCMS's `<path>_<pp>` folder,
 * cms-heart §1.1). So the publish folder can be handed as it is to a plain static web server or
 * synced to a CDN: its folders are the URL paths. Site paths are letters and digits only, so
 * `a_b` can never be both a site and a pipe of site `a`.
 */
export interface PublishPaths {
  dataDir: string;
  publishDir?: string;
}

export const publishRoot = (c: PublishPaths) => resolve(c.publishDir || resolve(c.dataDir, 'wwwroot'));

/** A pipe's folder name (and the first segment of its address on this server). */
export function pipeFolder(sitePath: string, pipeCode: string, isDefault: boolean): string {
  if (!LETTERS_DIGITS_PATTERN.test(sitePath) || !PIPE_CODE.test(pipeCode)) throw new Error(`bad site path or pipe code: ${sitePath}/${pipeCode}`);
  return isDefault ? sitePath : `${sitePath}_${pipeCode}`;
}

export const pipeOutputRoot = (c: PublishPaths, sitePath: string, pipeCode: string, isDefault: boolean) =>
  resolve(publishRoot(c), pipeFolder(sitePath, pipeCode, isDefault));
