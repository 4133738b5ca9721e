import { config, type z } from 'zod';

// In the browser zod must not probe whether it may compile parsers with eval (new Function): the
// console's CSP forbids eval, and the probe alone is reported as a violation. Every schema of ours
// imports this module (for `v`), so this runs before any parse. The server keeps compiled parsers.
if (typeof document !== 'undefined') config({ jitless: true });

/**
 * A validation failure as both sides report it: which field, which message key, what parameters.
 * Server and console localise it with their own catalogues: `validation.<key>` with `field` set to
 * the label `fields.<field>`.
 */
export interface FieldIssue {
  field: string;
  key: string;
  params: Record<string, unknown>;
}

/** Our schemas put a message key into zod's message; zod's own codes map to generic keys. */
export function toFieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => {
    // An item of a list is reported by its list (`roleIds`, not `roleIds.3`); items of a bare list body by `ids`.
    const named = issue.path.filter((p) => typeof p !== 'number').map(String);
    const field = named.join('.') || (issue.path.length ? 'ids' : 'value');
    const params: Record<string, unknown> = {};
    if ('minimum' in issue) params.min = Number(issue.minimum);
    if ('maximum' in issue) params.max = Number(issue.maximum);
    let key = issue.code === 'too_small' ? 'tooShort' : issue.code === 'too_big' ? 'tooLong' : 'invalid';
    if (issue.message.startsWith('v:')) {
      const [custom, extra] = issue.message.slice(2).split('|', 2) as [string, string | undefined];
      key = custom;
      if (extra) Object.assign(params, JSON.parse(extra));
    }
    return { field, key, params };
  });
}

/** Marks a message as one of our validation keys (see locales/<lng>/validation), with fixed parameters. */
export const v = (key: string, params?: Record<string, unknown>) => (params ? `v:${key}|${JSON.stringify(params)}` : `v:${key}`);
