import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { id } from './common.ts';
import { toFieldIssues } from './issues.ts';

const issueOf = (value: unknown) => {
  const r = z.object({ deptId: id() }).safeParse({ deptId: value });
  return r.success ? null : toFieldIssues(r.error)[0]!;
};

describe('record ids from forms', () => {
  it('a select left empty is reported as a missing value, not as a malformed id', () => {
    expect(issueOf(undefined)).toMatchObject({ field: 'deptId', key: 'required' });
    expect(issueOf(null)).toMatchObject({ field: 'deptId', key: 'required' });
  });

  it('a value that is not a record id names the allowed range', () => {
    for (const bad of ['abc', 1.5, -1, '12345678901234567890']) expect(issueOf(bad)?.key, String(bad)).toBe('idRange');
    expect(issueOf('42')).toBeNull();
    expect(issueOf(42)).toBeNull();
  });
});
