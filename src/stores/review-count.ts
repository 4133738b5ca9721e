import { atom } from 'nanostores';
import { http } from '../lib/request.ts';

/**
 * How many reviews wait for the signed-in user on the current site: the navbar's badge shows it,
 * My Reviews refreshes it after each decision. null: not asked (no right, no site) or not known.
 */
export const $reviewCount = atom<number | null>(null);

export async function refreshReviewCount(): Promise<void> {
  try {
    $reviewCount.set((await http.get<number>('/workflow/review/count', undefined, { quiet: true })).data ?? 0);
  } catch {
    $reviewCount.set(null);
  }
}
