import { DEFAULT_PREFERENCES, type Preferences } from '../../shared/preferences.ts';
import { request } from '../lib/request.ts';

/**
 * The signed-in user's own preferences (GET /system/user/preference) for the screens that follow
 * them: the catalog tree's expand mode, the content list's page size, sub-catalog content and
 * subtitles, where the editor opens. Read when a screen opens, so a change made on the preference
 * page counts on the next screen; calls made together share one request. Without an answer the
 * defaults apply.
 */
let pending: { at: number; reply: Promise<Preferences> } | null = null;
/** The last preferences read in this page's life: a screen starts from them while it reads again. */
let known: Preferences | null = null;
const SHARED_MS = 5000;

export function loadPreferences(now = Date.now()): Promise<Preferences> {
  if (pending && now - pending.at < SHARED_MS) return pending.reply;
  const reply = request<Partial<Preferences>>({ url: '/system/user/preference', quiet: true })
    .then((res) => (known = { ...DEFAULT_PREFERENCES, ...(res.data ?? {}) }))
    .catch(() => ({ ...DEFAULT_PREFERENCES }));
  pending = { at: now, reply };
  return reply;
}

/**
 * The preferences last read in this page's life (a client-side switch keeps them), or null: a
 * screen can ask for its data with them at once instead of a render later, and reads again.
 */
export const knownPreferences = (): Preferences | null => known;

/**
 * The preferences just saved (the preference page): the next screen starts from them and a read
 * within the sharing window returns them, not the answer from before the save.
 */
export function rememberPreferences(saved: Preferences, now = Date.now()): void {
  known = saved;
  pending = { at: now, reply: Promise.resolve(saved) };
}
