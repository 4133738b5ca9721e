/**
 * How templates are named (spec §5 "Template names must end with the configured suffix; template
 * file names use letters, digits and underscore"): a path below the pipe's template folder whose
 * folders and file name are letters, digits and underscores, ending in the template suffix, e.g.
 * `index.template.html`, `list/news.template.html`. Shared by the console's forms, the pipe and
 * catalog template props, the template routes and the engine's loader, so a name one accepts the
 * others accept too. Nothing else (dots, `..`, `\`, `%`, a leading `/`, NUL) can reach a path.
 */

/** The suffix every template carries (ChestnutCMS's default `CMSTemplateSuffix`); fixed, see the README. */
export const TEMPLATE_SUFFIX = '.template.html';

/** At most this many folders above a template. */
export const TEMPLATE_MAX_DEPTH = 8;

/** A template name is at most this long. */
export const TEMPLATE_NAME_MAX = 255;

/** The largest template source the server stores (and the engine parses): 512 KiB. */
export const TEMPLATE_MAX_BYTES = 512 * 1024;

export const TEMPLATE_NAME_PATTERN = /^(?:[A-Za-z0-9_]+\/){0,8}[A-Za-z0-9_]+\.template\.html$/;

/** Whether `name` is a template name we accept (pattern and length). */
export const isTemplateName = (name: string): boolean => name.length <= TEMPLATE_NAME_MAX && TEMPLATE_NAME_PATTERN.test(name);

/** How many saved versions of a template are kept (the workbench's history; older ones are dropped). */
export const TEMPLATE_VERSIONS_KEPT = 30;
