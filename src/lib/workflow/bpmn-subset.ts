/**
 * What the modeler offers: only the elements the server runs (docs/review-workflows.md
 * "Supported BPMN"): start and end events, user tasks, exclusive gateways, sequence flows. The
 * palette's and context pad's other entries (sub-processes, pools, data stores, intermediate
 * events, annotations, the "change element" menu…) are taken away, and bpmn-js's plain task is
 * replaced by a user task; the tools (hand, lasso, space, connect) stay.
 */

/** Palette entries of bpmn-js kept, by id. */
export const PALETTE_KEPT: ReadonlySet<string> = new Set([
  'hand-tool', 'lasso-tool', 'space-tool', 'global-connect-tool', 'tool-separator',
  'create.start-event', 'create.end-event', 'create.exclusive-gateway',
]);

/** Context pad entries of bpmn-js kept, by id. */
export const CONTEXT_PAD_KEPT: ReadonlySet<string> = new Set(['append.end-event', 'append.gateway', 'connect', 'delete']);

/** Our own entries' ids, added where bpmn-js had its plain task. */
export const CREATE_USER_TASK = 'create.user-task';
export const APPEND_USER_TASK = 'append.user-task';

/** The element types a review model is made of. */
export const SUPPORTED_TYPES: ReadonlySet<string> = new Set(['bpmn:StartEvent', 'bpmn:EndEvent', 'bpmn:UserTask', 'bpmn:ExclusiveGateway', 'bpmn:SequenceFlow']);

/** The entries kept of `entries`, in their order, with `added` where the plain task was. */
export function keptEntries<E>(entries: Record<string, E>, kept: ReadonlySet<string>, added: Record<string, E>, after: string): Record<string, E> {
  const out: Record<string, E> = {};
  for (const [id, entry] of Object.entries(entries)) {
    if (kept.has(id)) out[id] = entry;
    if (id === after) Object.assign(out, added);
  }
  // bpmn-js without the entry named (a future version): ours still come, last.
  for (const [id, entry] of Object.entries(added)) if (!(id in out)) out[id] = entry;
  return out;
}
