import { z } from 'zod';
import { v } from './issues.ts';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../constants.ts';

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

const choice = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: v('invalid') });
const flag = () => z.boolean({ error: v('invalid') });

/** Every key with its rule; unknown keys are refused (strict), so a typo never silently "saves". */
export const preferencesSchema = z.strictObject(
  {
    pageSize: z.number({ error: v('invalid') }).int(v('invalid')).refine((n) => (PAGE_SIZES as readonly number[]).includes(n), v('invalid')),
    contentEditorOpenMode: choice(CONTENT_EDITOR_OPEN_MODES),
    includeChildContent: flag(),
    showContentSubTitle: flag(),
    catalogTreeExpandMode: choice(CATALOG_TREE_EXPAND_MODES),
    openLinksInNewTab: flag(),
    statGranularity: choice(STAT_GRANULARITIES),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? v('unknownSetting', { keys: issue.keys.join(', ') }) : undefined) },
);

/** PUT body: any subset of the keys; the rest keep their saved values. */
export const preferencesBody = preferencesSchema.partial();
export type PreferencesBody = z.infer<typeof preferencesBody>;

/**
 * Saved preferences over the defaults. Values that no longer pass (an older release's key, a
 * hand-edited row) fall back to the default instead of breaking the screen.
 */
export function withDefaults(stored: Record<string, unknown> | null | undefined): Preferences {
  const out: Record<string, unknown> = { ...DEFAULT_PREFERENCES };
  const shape = preferencesSchema.shape as Record<string, z.ZodType>;
  for (const [key, value] of Object.entries(stored ?? {})) {
    if (shape[key]?.safeParse(value).success) out[key] = value;
  }
  return out as unknown as Preferences;
}
