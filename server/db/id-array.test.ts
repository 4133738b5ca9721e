import { describe, expect, it } from 'vitest';
import { PgDialect } from 'drizzle-orm/pg-core';
import { idArray } from './id-array.ts';

describe('idArray', () => {
  it('binds the ids as one array literal, each once and whole', () => {
    const q = new PgDialect().sqlToQuery(idArray([3, 1, 3, 2.7]));
    expect(q.sql).toBe('$1::bigint[]');
    expect(q.params).toEqual(['{3,1,2}']);
  });
});
