import type { z } from 'zod';

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
    const field = issue.path.map(String).join('.') || 'value';
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
