import type { z } from 'zod';
import { toFieldIssues } from '../../shared/validators/issues.ts';
import { nulIssue } from '../../shared/validators/nul.ts';
import { FieldFailure } from './errors.ts';

/**
 * A request's params, query or body checked against the route's schema; a failure names its
 * field (FieldFailure). A NUL character in any string is refused first, for every route,
 * whether or not its schema looks at that string. `scope` names the resource whose labels name
 * the fields (`fields:<scope>.<field>` first).
 */
export function parseInput(schema: z.ZodType | undefined, value: unknown, scope?: string | readonly string[]): unknown {
  const nul = nulIssue(value);
  if (nul) throw new FieldFailure([nul], scope);
  if (!schema) return value ?? {};
  const r = schema.safeParse(value);
  if (!r.success) throw new FieldFailure(toFieldIssues(r.error), scope);
  return r.data;
}
