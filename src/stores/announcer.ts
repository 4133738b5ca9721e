import { atom } from 'nanostores';
import { addAnnouncement, ANNOUNCEMENT_LIFE_MS, type Announcement, type Politeness } from '../lib/a11y/announce.ts';

/**
 * What the live regions say now (src/lib/a11y/announce.ts has the rules): code with something to
 * tell a screen reader user calls `announce`; the regions drawn in the page (the shell's
 * LiveRegions, the sign-in pages' light host) show these messages and drop them after a while.
 */
export const $announcements = atom<readonly Announcement[]>([]);

let nextId = 1;

/** Says `text` in the polite region (news), or the assertive one (errors). Blank text says nothing. */
export function announce(text: string, politeness: Politeness = 'polite'): void {
  const words = text.trim();
  if (!words) return;
  const id = nextId++;
  $announcements.set(addAnnouncement($announcements.get(), { id, text: words, politeness }));
  setTimeout(() => $announcements.set($announcements.get().filter((a) => a.id !== id)), ANNOUNCEMENT_LIFE_MS);
}
