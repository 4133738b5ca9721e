import { BpmnModdle } from 'bpmn-moddle';
import { failAt } from '../../core/errors.ts';
import { ConditionError, parseCondition, type Condition } from './conditions.ts';

/**
 * BPMN 2.0 XML to the graph the engine walks, through bpmn-moddle. Only the subset the engine
 * runs is accepted (docs/review-workflows.md): one process of start and end events, user tasks,
 * exclusive gateways and sequence flows. Anything else is refused naming its type and id, so a
 * model never deploys with a part that would be silently ignored.
 */

export type NodeKind = 'start' | 'end' | 'userTask' | 'gateway';

export interface Flow {
  id: string;
  target: string;
  condition: Condition | null;
}

export interface FlowNode {
  id: string;
  kind: NodeKind;
  /** the element's name, else its id: what the history and the reviewers see as the step */
  name: string;
  candidateUsers: string[];
  candidateRoles: string[];
  outgoing: Flow[];
  /** an exclusive gateway's default flow, taken when no condition holds */
  defaultFlow: string | null;
}

export interface Graph {
  start: string;
  nodes: ReadonlyMap<string, FlowNode>;
}

const KINDS: Readonly<Record<string, NodeKind>> = {
  'bpmn:StartEvent': 'start',
  'bpmn:EndEvent': 'end',
  'bpmn:UserTask': 'userTask',
  'bpmn:ExclusiveGateway': 'gateway',
};

/** The elements refused at deploy get the error on the `xml` field, with their type and id. */
const refuse = (key: string, params: Record<string, unknown> = {}) => failAt('xml', key, params);

/** `bpmn:UserTask` → `userTask`, as the modeler's palette names it. */
const typeName = (type: string) => type.replace(/^bpmn:/, '').replace(/^./, (c) => c.toLowerCase());

interface Element {
  $type: string;
  id?: string;
  name?: string;
  $attrs?: Record<string, string>;
  [key: string]: unknown;
}

/** Reads the XML; throws a localized "cannot be read" naming what bpmn-moddle could not parse. */
export async function readBpmn(xml: string): Promise<{ root: Element; warnings: string[] }> {
  try {
    const { rootElement, warnings } = await new BpmnModdle().fromXML(xml);
    return { root: rootElement as unknown as Element, warnings: warnings.map((w: { message: string }) => w.message.split('\n')[0]!) };
  } catch (err) {
    throw refuse('workflow.bpmn.unreadable', { reason: String((err as Error).message).split('\n')[0] });
  }
}

/** A comma-separated attribute of any prefix (camunda:candidateUsers, or another namespace's). */
function listAttr(el: Element, local: string): string[] {
  const entry = Object.entries(el.$attrs ?? {}).find(([k]) => k === local || k.endsWith(`:${local}`));
  return (entry?.[1] ?? '').split(',').map((s) => s.trim()).filter(Boolean);
}

function nodeOf(el: Element): FlowNode {
  const kind = KINDS[el.$type]!;
  const id = el.id!;
  if (kind === 'start' || kind === 'end') {
    // A timer, message or other event definition would need triggers the engine does not have.
    const defs = (el.eventDefinitions as Element[] | undefined) ?? [];
    if (defs.length) throw refuse('workflow.bpmn.unsupported', { type: typeName(defs[0]!.$type), id: defs[0]!.id ?? id });
  }
  const node: FlowNode = { id, kind, name: el.name?.trim() || id, candidateUsers: [], candidateRoles: [], outgoing: [], defaultFlow: null };
  if (kind === 'userTask') {
    node.candidateUsers = listAttr(el, 'candidateUsers');
    node.candidateRoles = listAttr(el, 'candidateGroups');
    if (!node.candidateUsers.length && !node.candidateRoles.length) throw refuse('workflow.bpmn.noCandidates', { id });
  }
  if (kind === 'gateway') node.defaultFlow = (el.default as Element | undefined)?.id ?? null;
  return node;
}

/** Parses and checks a model's XML for deploy: the graph, or a localized refusal naming the element. */
export async function compileBpmn(xml: string): Promise<Graph> {
  const { root, warnings } = await readBpmn(xml);
  if (warnings.length) throw refuse('workflow.bpmn.unreadable', { reason: warnings[0] });
  const roots = (root.rootElements as Element[] | undefined) ?? [];
  const processes = roots.filter((r) => r.$type === 'bpmn:Process');
  const other = roots.find((r) => r.$type !== 'bpmn:Process');
  if (other) throw refuse('workflow.bpmn.unsupported', { type: typeName(other.$type), id: other.id ?? '' });
  if (processes.length !== 1) throw refuse('workflow.bpmn.oneProcess', { count: processes.length });
  const process = processes[0]!;
  for (const part of ['laneSets', 'artifacts'] as const) {
    const found = (process[part] as Element[] | undefined)?.[0];
    if (found) throw refuse('workflow.bpmn.unsupported', { type: typeName(found.$type), id: found.id ?? '' });
  }

  const elements = (process.flowElements as Element[] | undefined) ?? [];
  const nodes = new Map<string, FlowNode>();
  const flows: Element[] = [];
  for (const el of elements) {
    if (el.$type === 'bpmn:SequenceFlow') flows.push(el);
    else if (KINDS[el.$type]) nodes.set(el.id!, nodeOf(el));
    else throw refuse('workflow.bpmn.unsupported', { type: typeName(el.$type), id: el.id ?? '' });
  }
  for (const f of flows) {
    const source = nodes.get((f.sourceRef as Element | undefined)?.id ?? '');
    const target = (f.targetRef as Element | undefined)?.id;
    if (!source || !target || !nodes.has(target)) throw refuse('workflow.bpmn.looseFlow', { id: f.id });
    const expr = (f.conditionExpression as Element | undefined)?.body as string | undefined;
    let condition: Condition | null = null;
    if (expr !== undefined && expr.trim()) {
      if (source.kind !== 'gateway') throw refuse('workflow.bpmn.conditionOutsideGateway', { id: f.id });
      try {
        condition = parseCondition(expr);
      } catch (err) {
        if (!(err instanceof ConditionError)) throw err;
        throw refuse('workflow.bpmn.badCondition', { id: f.id, reason: err.message });
      }
    }
    source.outgoing.push({ id: f.id!, target, condition });
  }
  return checkShape(nodes);
}

/** One start, an end, no forks, no dead ends, no loop without a person in it, and a way from start to end. */
function checkShape(nodes: Map<string, FlowNode>): Graph {
  const starts = [...nodes.values()].filter((n) => n.kind === 'start');
  if (starts.length !== 1) throw refuse('workflow.bpmn.oneStart', { count: starts.length });
  const start = starts[0]!;
  for (const n of nodes.values()) {
    const name = { type: n.kind === 'gateway' ? 'exclusiveGateway' : n.kind === 'start' ? 'startEvent' : n.kind === 'end' ? 'endEvent' : 'userTask', id: n.id };
    if (n.kind === 'end') {
      if (n.outgoing.length) throw refuse('workflow.bpmn.endLeads', name);
      continue;
    }
    if (!n.outgoing.length) throw refuse('workflow.bpmn.deadEnd', name);
    // Several flows out of a task or event fork the token in BPMN: parallel paths are not supported.
    if (n.kind !== 'gateway' && n.outgoing.length > 1) throw refuse('workflow.bpmn.fork', name);
    if (n.kind === 'gateway') {
      if (n.defaultFlow && !n.outgoing.some((f) => f.id === n.defaultFlow)) throw refuse('workflow.bpmn.looseFlow', { id: n.defaultFlow });
      // Without a way out when no condition holds, a content would wait forever.
      if (!n.outgoing.some((f) => f.id === n.defaultFlow || !f.condition)) throw refuse('workflow.bpmn.noDefault', { id: n.id });
    }
  }
  if (!reaches(nodes, start.id, (n) => n.kind === 'end')) throw refuse('workflow.bpmn.noPath');
  for (const g of nodes.values()) {
    if (g.kind === 'gateway' && loopsWithoutTask(nodes, g.id)) throw refuse('workflow.bpmn.gatewayLoop', { id: g.id });
  }
  return { start: start.id, nodes };
}

/** Whether a node matching `goal` can be reached from `from`, walking `through` nodes only. */
function reaches(nodes: ReadonlyMap<string, FlowNode>, from: string, goal: (n: FlowNode) => boolean, through: (n: FlowNode) => boolean = () => true): boolean {
  const seen = new Set<string>();
  const todo = [from];
  while (todo.length) {
    const node = nodes.get(todo.pop()!)!;
    for (const f of node.outgoing) {
      const next = nodes.get(f.target)!;
      if (goal(next)) return true;
      if (!seen.has(next.id) && through(next)) {
        seen.add(next.id);
        todo.push(next.id);
      }
    }
  }
  return false;
}

/** A gateway reaching itself through gateways only would spin for ever without anyone deciding. */
const loopsWithoutTask = (nodes: ReadonlyMap<string, FlowNode>, id: string) =>
  reaches(nodes, id, (n) => n.id === id, (n) => n.kind === 'gateway');
