import { z } from 'zod';
import { v } from './issues.ts';
import { PAGE_SIZES } from '../constants.ts';
import { CATALOG_TREE_EXPAND_MODES, CONTENT_EDITOR_OPEN_MODES, DEFAULT_PREFERENCES, STAT_GRANULARITIES, type Preferences } from '../preferences.ts';

export * from '../preferences.ts';

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
