/**
 * The files of a site as the file manager and theme archives name them (shared by the console and
 * the server, so both accept the same names). A path starts with a publish pipe's code; below it,
 * `template/` is that pipe's template folder and everything else its static files:
 *
 *   pc/template/index.template.html    a template (names: TEMPLATE_FILE)
 *   pc/css/site.css                    a static file, published as it is (names: FILE_NAME)
 *
 * Spec §5: "Template names must end with the configured suffix; template file names use letters,
 * digits and underscore. File names accept letters, digits and underscore." Dots separate a file
 * name's suffixes (`site.min.css`); nothing else — no `..`, `\`, `%`, spaces or a leading `/` —
 * can reach a path on the server.
 */

export const FILE_API = '/cms/file';
/** ChestnutCMS names the theme calls under the site. */
export const THEME_API = '/cms/site';
/** The file menu's keys (seeded under /configs/file); theme export and import are editing the site. */
export const FILE_PERMS = {
  view: 'cms:file:view',
  add: 'cms:file:add',
  edit: 'cms:file:edit',
  remove: 'cms:file:remove',
  theme: 'cms:site:edit',
} as const;

/** The folder below a pipe that holds its templates. */
export const TEMPLATE_FOLDER = 'template';
/** The suffix of every template (ChestnutCMS's default CMSTemplateSuffix). */
export const TEMPLATE_SUFFIX = '.template.html';

/** A folder: letters, digits and underscores. */
export const FOLDER_NAME = /^[A-Za-z0-9_]{1,64}$/;
/** A file: letters, digits and underscores, with dot-separated suffixes. */
export const FILE_NAME = /^[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)+$/;
/** A template file: letters, digits and underscores, then the suffix. */
export const TEMPLATE_FILE = /^[A-Za-z0-9_]+\.template\.html$/;
/** A pipe code (the first segment). */
export const PIPE_CODE = /^[A-Za-z0-9_]{1,20}$/;

export const NAME_MAX = 100;
/** Folders below a pipe, at most. */
export const DEPTH_MAX = 8;

/** Files the code editor opens and saves (text, UTF-8). */
export const TEXT_SUFFIXES = ['html', 'htm', 'css', 'js', 'json', 'xml', 'txt'] as const;
/** Files that may be uploaded besides text: images and web fonts (no SVG: it can carry scripts). */
export const BINARY_SUFFIXES = ['png', 'jpg', 'jpeg', 'gif', 'webp', 'ico', 'woff', 'woff2', 'ttf', 'otf'] as const;
export const UPLOAD_SUFFIXES: readonly string[] = [...TEXT_SUFFIXES, ...BINARY_SUFFIXES];

/** An upload may be this large. */
export const FILE_UPLOAD_MAX_MB = 10;
/** A text file opened in the editor may be this large. */
export const TEXT_MAX_BYTES = 1024 * 1024;

/** Theme archives (zip only): the upload, its entries, and what they unpack to. */
export const THEME_LIMITS = {
  archiveMb: 50,
  entries: 2000,
  unpackedMb: 200,
} as const;
/** The description file at the top of a theme archive. */
export const THEME_MANIFEST = 'theme.json';
export const THEME_FORMAT = 'castanea-theme';

/** Lower-case last suffix of a name, without the dot; '' when there is none. */
export const suffixOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

export const isTemplateName = (name: string) => name.endsWith(TEMPLATE_SUFFIX);
export const isTextFile = (name: string) => (TEXT_SUFFIXES as readonly string[]).includes(suffixOf(name));

/** A path taken apart: the pipe, which of its two trees, and the names below it. */
export interface SitePath {
  pipe: string;
  area: 'static' | 'template';
  /** the names below the area's root ([] for the root itself) */
  rest: string[];
}

/** Why a path was refused: a message key of the server's `file` messages. */
export type PathProblem = 'badPath' | 'badFolder' | 'badFile' | 'badTemplate' | 'badType' | 'tooDeep';

export type ParsedPath = { ok: true; path: SitePath } | { ok: false; problem: PathProblem };

/**
 * Takes a path apart and checks every name in it. `kind` says what the last name must be: a
 * folder, a file, or either (a rename or delete of an existing entry). The pipe's own folder and
 * its template folder are folders.
 */
export function parseSitePath(raw: string, kind: 'folder' | 'file' | 'any'): ParsedPath {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 512) return { ok: false, problem: 'badPath' };
  // Caught before splitting: an encoded or Windows separator, a NUL, control characters.
  if (/[\\%\u0000-\u001f\u007f]/.test(raw) || raw.startsWith('/') || /^[A-Za-z]:/.test(raw)) return { ok: false, problem: 'badPath' };
  const parts = raw.replace(/\/$/, '').split('/');
  if (parts.some((p) => p === '' || p === '.' || p === '..')) return { ok: false, problem: 'badPath' };
  const [pipe, ...below] = parts;
  if (!PIPE_CODE.test(pipe!)) return { ok: false, problem: 'badPath' };
  const area = below[0] === TEMPLATE_FOLDER ? 'template' : 'static';
  const rest = area === 'template' ? below.slice(1) : below;
  if (rest.length > DEPTH_MAX + 1) return { ok: false, problem: 'tooDeep' };
  const last = rest.length - 1;
  for (let i = 0; i < rest.length; i++) {
    const name = rest[i]!;
    if (name.length > NAME_MAX) return { ok: false, problem: i === last ? 'badFile' : 'badFolder' };
    const isLast = i === last;
    const asFolder = FOLDER_NAME.test(name);
    const asFile = area === 'template' ? TEMPLATE_FILE.test(name) : FILE_NAME.test(name) && UPLOAD_SUFFIXES.includes(suffixOf(name));
    if (!isLast || kind === 'folder') {
      if (!asFolder) return { ok: false, problem: 'badFolder' };
    } else if (kind === 'file') {
      if (!asFile) return { ok: false, problem: fileProblem(area, name) };
    } else if (!asFolder && !asFile) {
      return { ok: false, problem: name.includes('.') ? fileProblem(area, name) : 'badFolder' };
    }
  }
  if (kind === 'file' && rest.length === 0) return { ok: false, problem: 'badFile' };
  return { ok: true, path: { pipe: pipe!, area, rest } };
}

function fileProblem(area: SitePath['area'], name: string): PathProblem {
  if (area === 'template') return 'badTemplate';
  return FILE_NAME.test(name) ? 'badType' : 'badFile';
}

/** The path of a SitePath, as the API names it. */
export const formatSitePath = (p: SitePath): string => [p.pipe, ...(p.area === 'template' ? [TEMPLATE_FOLDER] : []), ...p.rest].join('/');

/** The folder a path lies in ('' above a pipe). */
export const parentOf = (path: string): string => path.split('/').slice(0, -1).join('/');
/** The last name of a path. */
export const baseName = (path: string): string => path.split('/').pop() ?? '';
