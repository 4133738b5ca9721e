import type { SiteOp } from '../../../core/operation.ts';

/**
 * Home's "Reviews for me": how many review tasks of the current site wait for the actor, null when
 * the actor may not see reviews. The review workflow (server/modules/workflow) registers it; kept
 * here so the CMS imports nothing of the module that reviews. Without one, the figure is null and
 * Home shows no card for it.
 */
export type ReviewCounter = (op: SiteOp) => Promise<number | null>;

export const reviewCounters: ReviewCounter[] = [];

/** The registered counters' sum, null when none counts for this actor. */
export async function pendingReviewsOf(op: SiteOp): Promise<number | null> {
  let total: number | null = null;
  for (const counter of reviewCounters) {
    const n = await counter(op);
    if (n !== null) total = (total ?? 0) + n;
  }
  return total;
}
