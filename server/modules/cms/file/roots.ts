import { resolve } from 'node:path';
import { fail } from '../../../core/errors.ts';
import { LETTERS_DIGITS_PATTERN } from '../../../../shared/validators/common.ts';
import { PIPE_CODE, type SitePath } from '../../../../shared/cms/site-files.ts';

/**
 * Where a site's files live (README "Files of a site"). Beside the site's resource library, under
 * DATA_DIR/sites/<site path>/, one folder per publish pipe in each of two trees:
 *
 *   template/<pipe>/   the pipe's templates (the template engine's folder, engine's store.ts)
 *   static/<pipe>/     its static files (css, js, images, fonts…), copied into the pipe's output
 *
 * Neither is ever a served or published folder itself: templates never reach a web root
 * (ChestnutCMS keeps them inside it, cms-heart §8.3), and static files reach one only through the
 * publisher.
 */

/** The folder of every site's files. */
export const sitesDir = (dataDir: string) => resolve(dataDir, 'sites');

function checked(sitePath: string, pipe: string) {
  if (!LETTERS_DIGITS_PATTERN.test(sitePath) || !PIPE_CODE.test(pipe)) throw fail('file.badPath', { path: `${sitePath}/${pipe}` });
}

/** A pipe's template folder: must stay the engine's `templateRoot` (server/modules/cms/template/store.ts). */
export function templateRoot(dataDir: string, sitePath: string, pipe: string): string {
  checked(sitePath, pipe);
  return resolve(sitesDir(dataDir), sitePath, 'template', pipe);
}

/** A pipe's static files. */
export function staticRoot(dataDir: string, sitePath: string, pipe: string): string {
  checked(sitePath, pipe);
  return resolve(sitesDir(dataDir), sitePath, 'static', pipe);
}

/** Every pipe's static files of a site (removed with the site). */
export const siteStaticDir = (dataDir: string, sitePath: string) => resolve(sitesDir(dataDir), sitePath, 'static');

/** The folder a SitePath's area lies in. */
export const areaRoot = (dataDir: string, sitePath: string, p: Pick<SitePath, 'pipe' | 'area'>) =>
  (p.area === 'template' ? templateRoot : staticRoot)(dataDir, sitePath, p.pipe);

/** Folders a new pipe's static tree starts with (ChestnutCMS creates the same). */
export const STATIC_FOLDERS = ['css', 'js', 'images'] as const;
