import type { FieldIssue } from './issues.ts';

/**
 * The first string holding a NUL character (U+0000) anywhere in `value`, as an issue naming its
 * field. PostgreSQL stores no NUL in text or JSON, so one would fail deep in the database with a
 * generic error; checked once for every input instead of in each field's schema. List items are
 * reported by their list, as schema issues are.
 */
export function nulIssue(value: unknown, path: string[] = []): FieldIssue | undefined {
  const here = () => ({ field: path.join('.') || 'value', key: 'nul', params: {} });
  if (typeof value === 'string') return value.includes('\u0000') ? here() : undefined;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = nulIssue(item, path.length ? path : ['ids']);
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k.includes('\u0000')) return { field: [...path, k.replace(/\u0000/g, '')].join('.'), key: 'nul', params: {} };
      const found = nulIssue(v, [...path, k]);
      if (found) return found;
    }
  }
  return undefined;
}
