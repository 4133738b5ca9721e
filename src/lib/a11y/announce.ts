/**
 * What the console says to screen readers without moving focus (WCAG 4.1.3, status messages):
 * notices, saves, a form's errors on submit, a long task's progress. The words go into one pair of
 * live regions that is in the page from its first paint (a region created together with its
 * message is not announced): polite for news, assertive for errors. Here the rules, without a DOM
 * or a store: which region a message goes to, what the regions hold, how a repeated text is said
 * again. The state is src/stores/announcer.ts; the regions are drawn by the shell
 * (components/shell/LiveRegions.tsx) and by the sign-in pages (LiveRegions.astro).
 */

export type Politeness = 'polite' | 'assertive';

export interface Announcement {
  id: number;
  text: string;
  politeness: Politeness;
}

/** The two regions: polite (`status`) and assertive (`alert`), always in the page, visually hidden. */
export const LIVE_REGIONS: readonly { id: string; politeness: Politeness; role: 'status' | 'alert' }[] = [
  { id: 'live-polite', politeness: 'polite', role: 'status' },
  { id: 'live-assertive', politeness: 'assertive', role: 'alert' },
];

/** How long a message stays in its region: long enough to be read, gone before it is stale text a reader could stumble on. */
export const ANNOUNCEMENT_LIFE_MS = 7000;

/** Messages a region holds at once (several may arrive together: a save and the list's reload). */
export const MAX_PER_REGION = 3;

/** Errors interrupt; everything else (success, information, warnings) waits its turn. */
export const politenessOf = (severity: string): Politeness => (severity === 'error' ? 'assertive' : 'polite');

/** A notice's words: its summary and detail, the detail left out when it only repeats the summary. */
export function noticeText(summary?: string, detail?: string): string {
  const parts = [summary, detail].map((s) => (s ?? '').trim()).filter(Boolean);
  if (parts.length === 2 && parts[0] === parts[1]) parts.pop();
  return parts.join(parts[0] && /[.!?。！？:：]$/.test(parts[0]) ? ' ' : '. ');
}

/**
 * The messages after `next` is said. The same text again (saving twice) is a new element, the old
 * one taken out, so the region changes and a screen reader says it again; a region keeps its last
 * MAX_PER_REGION messages.
 */
export function addAnnouncement(list: readonly Announcement[], next: Announcement, max = MAX_PER_REGION): Announcement[] {
  const kept = list.filter((a) => !(a.politeness === next.politeness && a.text === next.text));
  const same = kept.filter((a) => a.politeness === next.politeness);
  const drop = new Set(same.slice(0, Math.max(0, same.length - max + 1)).map((a) => a.id));
  return [...kept.filter((a) => !drop.has(a.id)), next];
}

/** `aria-owns` of an open modal dialog with the regions added: outside an `aria-modal` dialog a live region is not read by every screen reader. */
export function ownsWith(current: string | null, ids: readonly string[]): string {
  const owned = (current ?? '').split(/\s+/).filter(Boolean);
  for (const id of ids) if (!owned.includes(id)) owned.push(id);
  return owned.join(' ');
}
