import { DEFAULT_PAGE_SIZE } from './constants.ts';

// Without zod on purpose: the preference screen shows these and must not download the validators
// (src/lib/validators/preference.ts holds the rules the server checks).

/**
 * A user's own preferences (GET/PUT /system/user/preference), kept in sys_user.preferences.
 * Chosen for people who edit content all day; each maps to a choice the spec already names (§9).
 */
export const CONTENT_EDITOR_OPEN_MODES = ['tab', 'window'] as const;
export const CATALOG_TREE_EXPAND_MODES = ['normal', 'accordion'] as const;
export const STAT_GRANULARITIES = ['hour', 'day', 'week', 'month'] as const;

export interface Preferences {
  /** rows per page of every list until the user picks another size there (10, 20, 30, 50) */
  pageSize: number;
  /** the content editor opens as a console tab or in a new browser window */
  contentEditorOpenMode: (typeof CONTENT_EDITOR_OPEN_MODES)[number];
  /** the content list of a catalog also shows the content of its sub-catalogs */
  includeChildContent: boolean;
  /** the content list shows subtitles under titles */
  showContentSubTitle: boolean;
  /** catalog tree: several branches open at once, or one (accordion) */
  catalogTreeExpandMode: (typeof CATALOG_TREE_EXPAND_MODES)[number];
  /** preview and published-page links open in a new browser tab */
  openLinksInNewTab: boolean;
  /** the statistics screens start at this granularity */
  statGranularity: (typeof STAT_GRANULARITIES)[number];
}

export const DEFAULT_PREFERENCES: Preferences = {
  pageSize: DEFAULT_PAGE_SIZE,
  contentEditorOpenMode: 'tab',
  includeChildContent: false,
  showContentSubTitle: false,
  catalogTreeExpandMode: 'normal',
  openLinksInNewTab: true,
  statGranularity: 'day',
};
