import { lstat, readdir, readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../../db/client.ts';
import { cmsPublishPipe } from '../../pipe/schema.ts';
import { cmsSite } from '../../site/schema.ts';
import { fileURLToPath } from 'node:url';
import { join, relative, sep } from 'node:path';
import { normalizeLocale, type Locale } from '../../../../../shared/i18n/locales.ts';
import { TEMPLATE_SUFFIX } from '../../../../../shared/cms/template-name.ts';
import { templateExists, templateRoot, writeTemplateFile } from '../store.ts';
import { THEME_WORDS } from './words.ts';

/**
 * The default theme (issue 11 §3): the templates in this folder, named as a site's default
 * templates are (index, list, detail_<type>: pipe-props.ts PIPE_PROP_DEFAULTS), so a site whose
 * templates were never set publishes with them. Installing writes them into a pipe's template
 * folder through the confined store, with the theme's words in one language.
 */
const HERE = fileURLToPath(new URL('.', import.meta.url));

let files: Promise<Map<string, string>> | null = null;

/** The theme's templates, name → source with its `[[word]]` markers (read once). */
export function themeSources(): Promise<Map<string, string>> {
  files ??= (async () => {
    const out = new Map<string, string>();
    const walk = async (dir: string) => {
      for (const e of await readdir(dir, { withFileTypes: true })) {
        const full = join(dir, e.name);
        if (e.isDirectory()) await walk(full);
        else if (e.name.endsWith(TEMPLATE_SUFFIX)) out.set(relative(HERE, full).split(sep).join('/'), await readFile(full, 'utf8'));
      }
    };
    await walk(HERE);
    return new Map([...out].sort(([a], [b]) => (a < b ? -1 : 1)));
  })();
  return files;
}

/** The theme's templates with their words in `locale`. */
export async function themeTemplates(locale: string): Promise<Map<string, string>> {
  const words = THEME_WORDS[normalizeLocale(locale) as Locale] ?? THEME_WORDS.en;
  const out = new Map<string, string>();
  for (const [name, source] of await themeSources()) {
    out.set(name, source.replace(/\[\[([a-z_]+)\]\]/g, (m, key: string) => words[key] ?? m));
  }
  return out;
}

export interface InstallResult {
  /** templates written */
  written: string[];
  /** templates left as they were (the pipe had them already) */
  kept: string[];
}

/**
 * Writes the theme into a site's pipe. Templates the pipe already has are kept unless `replace`:
 * installing on an existing site never overwrites someone's work by surprise.
 */
export async function installDefaultTheme(dataDir: string, sitePath: string, pipeCode: string, locale: string, opts: { replace?: boolean } = {}): Promise<InstallResult> {
  const root = templateRoot(dataDir, sitePath, pipeCode);
  const result: InstallResult = { written: [], kept: [] };
  for (const [name, source] of await themeTemplates(locale)) {
    const exists = await templateExists(root, name);
    if (exists && !opts.replace) {
      result.kept.push(name);
      continue;
    }
    await writeTemplateFile(root, name, source, { create: !exists });
    result.written.push(name);
  }
  return result;
}

/**
 * On start: every pipe of every site whose template folder does not exist yet gets the theme (the
 * seeded demo site, sites made before the theme shipped), so `npm start` publishes a site at once.
 * A folder that exists, even empty, is someone's choice and is left alone.
 */
export async function installMissingThemes(db: DbOrTx, dataDir: string, locale: string): Promise<string[]> {
  const rows = await db.select({ path: cmsSite.path, code: cmsPublishPipe.code }).from(cmsPublishPipe).innerJoin(cmsSite, eq(cmsSite.siteId, cmsPublishPipe.siteId));
  const done: string[] = [];
  for (const r of rows) {
    const root = templateRoot(dataDir, r.path, r.code);
    if (await lstat(root).then(() => true, () => false)) continue;
    await installDefaultTheme(dataDir, r.path, r.code, locale);
    done.push(`${r.path}/${r.code}`);
  }
  return done;
}
