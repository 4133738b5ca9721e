/**
 * The properties panel's model: what it reads of a BPMN element (bpmn-moddle's business object)
 * and the changes it writes back — the attributes the server reads (server/modules/workflow/bpmn.ts):
 * a task's `camunda:candidateUsers` / `camunda:candidateGroups` (comma-separated), a flow's
 * `conditionExpression`, a gateway's `default`, and names. Changes are data (`Change`): the modeler
 * applies them through bpmn-js's modeling (so undo takes them back), tests straight on the tree.
 */

/** A moddle element, as far as the panel uses it. */
export interface BpmnObject {
  $type: string;
  id?: string;
  name?: string;
  $attrs?: Record<string, string>;
  get(name: string): unknown;
  set(name: string, value: unknown): void;
  [key: string]: unknown;
}

export type ElementKind = 'start' | 'end' | 'userTask' | 'gateway' | 'flow' | 'process' | 'other';

const KINDS: Readonly<Record<string, ElementKind>> = {
  'bpmn:StartEvent': 'start',
  'bpmn:EndEvent': 'end',
  'bpmn:UserTask': 'userTask',
  'bpmn:ExclusiveGateway': 'gateway',
  'bpmn:SequenceFlow': 'flow',
  'bpmn:Process': 'process',
};

export interface ElementProperties {
  kind: ElementKind;
  id: string;
  /** `userTask`, `exclusiveGateway`…: the type as the server's messages name it */
  type: string;
  name: string;
  candidateUsers: string[];
  candidateGroups: string[];
  /** a flow leaving an exclusive gateway: the only kind that may carry a condition */
  fromGateway: boolean;
  condition: string;
  /** the flow is its gateway's default */
  isDefault: boolean;
}

export const CANDIDATE_USERS = 'camunda:candidateUsers';
export const CANDIDATE_GROUPS = 'camunda:candidateGroups';

export const typeName = (type: string) => type.replace(/^\w+:/, '').replace(/^./, (c) => c.toLowerCase());

/** A comma-separated list as a list, blanks and repeats dropped. */
export const splitList = (value: unknown): string[] => [...new Set(String(value ?? '').split(',').map((s) => s.trim()).filter(Boolean))];

/** The candidates: the Camunda attribute, else one of another prefix as the server reads it. */
function listOf(bo: BpmnObject, qualified: string): string[] {
  const own = bo.get(qualified);
  if (own !== undefined && own !== null) return splitList(own);
  const local = qualified.slice(qualified.indexOf(':') + 1);
  const foreign = Object.entries(bo.$attrs ?? {}).find(([k]) => k.endsWith(`:${local}`));
  return splitList(foreign?.[1]);
}

const sourceOf = (bo: BpmnObject) => bo.sourceRef as BpmnObject | undefined;

export function readProperties(bo: BpmnObject): ElementProperties {
  const kind = KINDS[bo.$type] ?? 'other';
  const source = kind === 'flow' ? sourceOf(bo) : undefined;
  const fromGateway = source?.$type === 'bpmn:ExclusiveGateway';
  return {
    kind,
    id: bo.id ?? '',
    type: typeName(bo.$type),
    name: bo.name ?? '',
    candidateUsers: kind === 'userTask' ? listOf(bo, CANDIDATE_USERS) : [],
    candidateGroups: kind === 'userTask' ? listOf(bo, CANDIDATE_GROUPS) : [],
    fromGateway,
    condition: String((bo.conditionExpression as BpmnObject | undefined)?.body ?? ''),
    isDefault: fromGateway && source?.default === bo,
  };
}

/** Properties to set on one element (`undefined` removes one). */
export interface Change {
  on: BpmnObject;
  props: Record<string, unknown>;
}

/** Makes a moddle element (bpmn-js's `moddle.create`). */
export type CreateElement = (type: string, attrs: Record<string, unknown>) => BpmnObject;

export const nameChange = (bo: BpmnObject, name: string): Change[] => [{ on: bo, props: { name: name.trim() || undefined } }];

export const candidatesChange = (bo: BpmnObject, which: 'users' | 'groups', values: readonly string[]): Change[] => {
  const list = splitList(values.join(','));
  return [{ on: bo, props: { [which === 'users' ? CANDIDATE_USERS : CANDIDATE_GROUPS]: list.length ? list.join(',') : undefined } }];
};

/** A flow's condition (only a gateway's flows have one): a formal expression, or none when blank. */
export function conditionChange(bo: BpmnObject, text: string, create: CreateElement): Change[] {
  const body = text.trim();
  return [{ on: bo, props: { conditionExpression: body ? create('bpmn:FormalExpression', { body }) : undefined } }];
}

/**
 * Makes the flow its gateway's default, or stops it being one. A default flow is taken when no
 * condition holds: its own condition is dropped (BPMN ignores it, and it would mislead).
 */
export function defaultFlowChange(bo: BpmnObject, on: boolean): Change[] {
  const gateway = sourceOf(bo);
  if (!gateway || gateway.$type !== 'bpmn:ExclusiveGateway') return [];
  if (!on) return gateway.default === bo ? [{ on: gateway, props: { default: undefined } }] : [];
  return [{ on: bo, props: { conditionExpression: undefined } }, { on: gateway, props: { default: bo } }];
}

/** Applies changes straight to the moddle tree (what bpmn-js's updateProperties does, without undo). */
export function applyChanges(changes: readonly Change[]): void {
  for (const { on, props } of changes) for (const [k, v] of Object.entries(props)) on.set(k, v);
}
