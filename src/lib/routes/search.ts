import type { IFuseOptions } from 'fuse.js';
import { MENU_SEARCH_PATH_WEIGHT, MENU_SEARCH_THRESHOLD, MENU_SEARCH_TITLE_WEIGHT } from '../../../shared/constants.ts';
import type { PageEntry } from './menu.ts';

/** One searchable menu page: its title with its ancestors' ('System > Post') and its path. */
export interface SearchItem {
  title: string;
  path: string;
  page: PageEntry;
}

export const searchItems = (pages: readonly PageEntry[]): SearchItem[] =>
  pages.filter((p) => !p.hidden && p.title).map((p) => ({ title: p.trail.map((t) => t.title).join(' > '), path: p.path, page: p }));

/** Spec §2: fuzzy over titles and paths, threshold 0.4, title weight 0.7, path weight 0.3. */
export const SEARCH_OPTIONS: IFuseOptions<SearchItem> = {
  threshold: MENU_SEARCH_THRESHOLD,
  ignoreLocation: true,
  shouldSort: true,
  minMatchCharLength: 1,
  keys: [
    { name: 'title', weight: MENU_SEARCH_TITLE_WEIGHT },
    { name: 'path', weight: MENU_SEARCH_PATH_WEIGHT },
  ],
};

/** Loads Fuse on first use (it is not needed until someone searches) and returns a search function. */
export async function createMenuSearch(pages: readonly PageEntry[]): Promise<(query: string) => SearchItem[]> {
  const { default: Fuse } = await import('fuse.js');
  const fuse = new Fuse(searchItems(pages), SEARCH_OPTIONS);
  return (query) => (query.trim() ? fuse.search(query.trim()).map((r) => r.item) : []);
}
