import { z } from 'zod';
import type { OpContext } from './operation.ts';
import { FieldFailure } from './errors.ts';
import { id } from '../../shared/validators/common.ts';
import { toFieldIssues } from '../../shared/validators/issues.ts';

/**
 * Where a route's call names the stored rows a need applies to: a field of its validated body,
 * query or path (`body.contentIds`, `params.catalogId`). Data, not code: the access matrix reads it.
 */
export type InputPath = 'body' | `${'body' | 'query' | 'params'}.${string}`;

/** The parsed input a need reads its ids from. */
export interface NeedInput {
  body: unknown;
  query: unknown;
  params: unknown;
}

/**
 * One thing a call needs beyond its permission key, declared as data on the route (`grants`) or
 * on a resource verb (`access`): a right on the current site, or on the stored rows the call names.
 * The request pipeline checks every declared need before the handler runs and hands the rows it
 * checked to the handler (`held`), so no handler reads a row by id before its check. Modules make
 * needs (the CMS: site rights, catalog and content grants); the core only runs them.
 */
export interface GrantNeed<Row = unknown> {
  /** What is needed, as the grant is named: `Site.Edit`, `Catalog.EditContent` (the access matrix walks each). */
  readonly need: string;
  /** The ids' place in the call; none when the need is on the current site itself. */
  readonly from?: InputPath;
  /**
   * The rows of the ids found at `from` (none or an absent value: `whenAbsent`, or nothing to
   * check), checked for the actor: all of them, or a refusal. Runs on the database, before the
   * handler's transaction. `input` is the whole call, for a need whose rows another field names
   * the kind of (a preview's type).
   */
  check(op: OpContext, ids: number[] | null, input: NeedInput): Promise<readonly Row[]>;
  /** Checked instead when the call names no id at `from` (a top-level catalog: a right on the site). */
  readonly whenAbsent?: GrantNeed;
  /**
   * Not needed in some calls: when the call names an id at `at` (the editor's start needs a new
   * content's catalog, unless it opens an existing one), or, with `is`, when the value there is
   * that (a chapter saved as a draft is not published).
   */
  readonly unless?: { at: InputPath; is?: string };
}

/**
 * The ids a need applies to in this call: the value at its path, one id or a list; null when absent
 * or 0. A value that is no id is refused naming its field (a route whose body its handler parses
 * later, e.g. by content type, gets here first).
 */
export function idsAt(input: NeedInput, from: InputPath, labels?: string | readonly string[]): number[] | null {
  const value = valueAt(input, from);
  const path = from.split('.').slice(1);
  if (value === undefined || value === null || value === '' || value === 0 || value === '0') return null;
  const parsed = z.array(id()).max(MAX_IDS).safeParse(Array.isArray(value) ? value : [value]);
  if (!parsed.success) {
    const field = path.join('.') || 'ids';
    throw new FieldFailure(toFieldIssues(parsed.error).map((i) => ({ ...i, field })), labels);
  }
  return parsed.data;
}

/** The value at `from` in the call's input. */
function valueAt(input: NeedInput, from: InputPath): unknown {
  const [where, ...path] = from.split('.') as [keyof NeedInput, ...string[]];
  let value: unknown = input[where];
  for (const key of path) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return value;
}

/** More ids than any batch the console sends (its pages hold at most a few hundred rows). */
const MAX_IDS = 1000;

/**
 * The rows a route's declared needs checked, for its handler. Reading a need the route did not
 * declare is a programming error (the rows were never checked), not a refusal.
 */
export class Held {
  private readonly rows = new Map<GrantNeed<unknown>, readonly unknown[]>();

  put(need: GrantNeed<unknown>, rows: readonly unknown[]) {
    this.rows.set(need, rows);
  }

  /** Every row `need` checked (a batch's rows, in the order they were stored). */
  all<Row>(need: GrantNeed<Row>): readonly Row[] {
    const rows = this.rows.get(need as GrantNeed<unknown>);
    if (!rows) throw new Error(`The route does not declare the need ${need.need}${need.from ? ` on ${need.from}` : ''}`);
    return rows as readonly Row[];
  }

  /** The one row `need` checked, where the call must name one (its input schema requires the id). */
  row<Row>(need: GrantNeed<Row>): Row {
    const [row] = this.all(need);
    if (row === undefined) throw new Error(`The need ${need.need} checked no row at ${need.from ?? 'the site'}`);
    return row;
  }

  /** The one row `need` checked; undefined when the call named none (a need with `whenAbsent`). */
  one<Row>(need: GrantNeed<Row>): Row | undefined {
    return this.all(need)[0];
  }
}

/**
 * What `need` asks of this call: itself with the ids it names, its `whenAbsent` when the call names
 * none, or nothing (a call it does not apply to: `unless`, or no id and nothing instead).
 */
function applied(need: GrantNeed, input: NeedInput, labels?: string | readonly string[]): { need: GrantNeed; ids: number[] | null } | null {
  if (need.unless && (need.unless.is === undefined ? idsAt(input, need.unless.at, labels) !== null : valueAt(input, need.unless.at) === need.unless.is)) return null;
  if (!need.from) return { need, ids: null };
  const ids = idsAt(input, need.from, labels);
  if (ids !== null) return { need, ids };
  return need.whenAbsent ? { need: need.whenAbsent, ids: null } : null;
}

/** Checks `needs` for `op`'s actor against the call's input, in order; the first refusal stops the call. */
export async function checkNeeds(op: OpContext, needs: readonly GrantNeed[], input: NeedInput, labels?: string | readonly string[]): Promise<Held> {
  const held = new Held();
  for (const need of needs) {
    const asked = applied(need, input, labels);
    const rows = asked ? await asked.need.check(op, asked.ids, input) : [];
    // A `whenAbsent` check's rows are not the need's: the need's own rows are none.
    held.put(need, asked?.need === need ? rows : []);
  }
  return held;
}

/** The names of everything a route or verb may need, for the access matrix (`Site.Edit`, `Catalog.View`…). */
export const needNames = (needs: readonly GrantNeed[] | undefined): string[] =>
  [...new Set((needs ?? []).flatMap((n) => [n.need, ...(n.whenAbsent ? [n.whenAbsent.need] : [])]))];

/** The names of what these needs ask of one call (its input decides `whenAbsent` and `unless`). */
export const needNamesFor = (needs: readonly GrantNeed[] | undefined, input: NeedInput): string[] =>
  [...new Set((needs ?? []).flatMap((n) => applied(n, input)?.need.need ?? []))];

/** A resource verb's access rule that is also a declared need (a site right, say). */
export const isGrantNeed = (x: unknown): x is GrantNeed =>
  (typeof x === 'object' || typeof x === 'function') && x !== null && typeof (x as GrantNeed).need === 'string' && typeof (x as GrantNeed).check === 'function';
