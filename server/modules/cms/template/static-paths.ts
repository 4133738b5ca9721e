/**
 * A content's custom static path is taken as ChestnutCMS takes it: folders and a file name relative
 * to the pipe's root (cms-heart §1.2). It may only name a file no other object publishes, or one
 * content's publish would overwrite another's page and its offline would delete it. What the name
 * alone tells is checked here, on save and again when publishing (a path stored before the rule is
 * neither written nor removed); what depends on the site — catalog folders, other contents' static
 * paths, dynamic pages — is checked on save (content/static-path.ts).
 */

/** The names publishing gives pages: index and list pages, a content by its id, each with its page N. */
const GENERATED_NAME = /^(?:index|list|\d+)(?:_\d+)?$/i;
/** Folders of the pipe's root the site keeps for itself (its resources are served there), and files it writes there. */
const RESERVED_FOLDERS = new Set(['resources', 'include', 'template']);
const RESERVED_ROOT_FILE = /^(?:sitemapindex|sitemap|sitemap_\d+)$/i;

export type StaticPathClash = 'generated' | 'reserved';

/** The file name of a path without its suffix. */
export const stemOf = (path: string) => {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
};

/** Why a static path can never be a content's own file, or null. */
export function staticPathClash(path: string): StaticPathClash | null {
  const segments = path.split('/');
  const stem = stemOf(path);
  if (GENERATED_NAME.test(stem)) return 'generated';
  const first = (segments.length > 1 ? segments[0]! : stem).toLowerCase();
  if (RESERVED_FOLDERS.has(first) || (segments.length === 1 && RESERVED_ROOT_FILE.test(stem))) return 'reserved';
  return null;
}

/** Whether one static path's pages (`a.shtml`, `a_2.shtml`…) and another's meet (case aside: some disks ignore it). */
export function staticPathsMeet(a: string, b: string): boolean {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x === y || isPageOf(x, y) || isPageOf(y, x);
}

/** `dir/name_N.ext` is page N of `dir/name.ext`. */
function isPageOf(page: string, first: string): boolean {
  const dot = first.lastIndexOf('.');
  const cut = dot > first.lastIndexOf('/') ? dot : first.length;
  const [head, ext] = [first.slice(0, cut), first.slice(cut)];
  return page.startsWith(`${head}_`) && page.endsWith(ext) && /^\d+$/.test(page.slice(head.length + 1, page.length - ext.length));
}
