import { describe, expect, it } from 'vitest';
import { nulIssue } from './nul.ts';

describe('NUL characters in input', () => {
  it('are found anywhere, and named by their field (list items by their list)', () => {
    expect(nulIssue({ a: 'ok', b: { c: 'x\u0000' } })).toEqual({ field: 'b.c', key: 'nul', params: {} });
    expect(nulIssue({ roleIds: ['1', '2\u0000'] })?.field).toBe('roleIds');
    expect(nulIssue(['1', '\u0000'])?.field).toBe('ids');
    expect(nulIssue('\u0000')?.field).toBe('value');
    expect(nulIssue({ 'k\u0000': 1 })?.field).toBe('k');
    expect(nulIssue({ a: 'fine', n: 1, z: null, list: [{ x: 'y' }] })).toBeUndefined();
  });
});
