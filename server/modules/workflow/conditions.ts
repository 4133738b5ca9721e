/**
 * The conditions of an exclusive gateway's outgoing flows: a tiny language, parsed, never
 * evaluated as code (docs/review-workflows.md). A condition is clauses joined by `and`, or such
 * groups joined by `or` (`and` binds tighter; no parentheses):
 *
 *   contentType == article
 *   catalogId in (12, 15) and role != editor
 *   ${contentType != 'video'}
 *
 * Fields: `contentType` (article, image, audio, video, book), `catalogId` (the content's catalog),
 * `role` (a role key the submitter held when submitting: `==`/`in` hold one of them, `!=`/`not in`
 * hold none). Operators: `==`, `!=`, `in (…)`, `not in (…)`. Values: letters, digits, `_` and `-`,
 * optionally in single or double quotes.
 */

export const CONDITION_FIELDS = ['contentType', 'catalogId', 'role'] as const;
type Field = (typeof CONDITION_FIELDS)[number];

interface Clause {
  field: Field;
  negated: boolean;
  values: string[];
}

/** `or` of `and` groups. */
export type Condition = Clause[][];

/** What a condition is checked against: the content under review and who submitted it. */
export interface ConditionFacts {
  contentType: string;
  catalogId: number;
  roles: readonly string[];
}

export class ConditionError extends Error {}

const VALUE = /^(?:'([\w-]+)'|"([\w-]+)"|([\w-]+))$/;
const CLAUSE = /^(\w+)\s*(==|!=|not\s+in\b|in\b)\s*(.+)$/i;

function valueOf(text: string): string {
  const m = VALUE.exec(text.trim());
  if (!m) throw new ConditionError(`bad value "${text.trim()}"`);
  return m[1] ?? m[2] ?? m[3]!;
}

function clauseOf(text: string): Clause {
  const m = CLAUSE.exec(text.trim());
  if (!m) throw new ConditionError(`cannot read "${text.trim()}"`);
  const [, name, op, rest] = m as unknown as [string, string, string, string];
  const field = CONDITION_FIELDS.find((f) => f.toLowerCase() === name.toLowerCase());
  if (!field) throw new ConditionError(`unknown field "${name}" (${CONDITION_FIELDS.join(', ')})`);
  const list = /in$/i.test(op);
  let values: string[];
  if (list) {
    const inner = /^\((.*)\)$/.exec(rest.trim());
    if (!inner) throw new ConditionError(`"${op}" needs a list in parentheses`);
    values = inner[1]!.split(',').map(valueOf);
  } else {
    values = [valueOf(rest)];
  }
  return { field, negated: op.startsWith('!') || /^not/i.test(op), values };
}

/** Parses a condition's text; throws ConditionError saying what it could not read. */
export function parseCondition(source: string): Condition {
  let text = source.trim();
  const wrapped = /^\$\{([\s\S]*)\}$/.exec(text);
  if (wrapped) text = wrapped[1]!.trim();
  if (!text) throw new ConditionError('empty condition');
  return text.split(/\s+or\s+/i).map((group) => group.split(/\s+and\s+/i).map(clauseOf));
}

function holds(clause: Clause, facts: ConditionFacts): boolean {
  const actual = clause.field === 'role' ? facts.roles : [String(clause.field === 'catalogId' ? facts.catalogId : facts.contentType)];
  const any = clause.values.some((v) => actual.includes(v));
  return clause.negated ? !any : any;
}

export const conditionHolds = (condition: Condition, facts: ConditionFacts): boolean =>
  condition.some((group) => group.every((clause) => holds(clause, facts)));
