import type { SiteOp } from '../../../core/operation.ts';
import type { ContentRow } from './access.ts';

/**
 * What may stand between an editor's Publish and the publication: the review workflow
 * (server/modules/workflow) registers one, which submits the contents a bound model reviews and
 * returns the others. Kept here so the CMS imports nothing of the module that reviews.
 */
export type PublishGate = (op: SiteOp, rows: readonly ContentRow[]) => Promise<readonly ContentRow[]>;

export const publishGates: PublishGate[] = [];

/** The rows every gate let through (in the caller's transaction), and how many a gate kept. */
export async function throughGates(op: SiteOp, rows: readonly ContentRow[]): Promise<{ passed: readonly ContentRow[]; submitted: number }> {
  let passed = rows;
  for (const gate of publishGates) passed = await gate(op, passed);
  return { passed, submitted: rows.length - passed.length };
}
