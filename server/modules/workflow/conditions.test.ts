import { describe, expect, it } from 'vitest';
import { ConditionError, conditionHolds, parseCondition } from './conditions.ts';

const article = { contentType: 'article', catalogId: 12, roles: ['editor'] };
const holds = (text: string, facts = article) => conditionHolds(parseCondition(text), facts);

describe('gateway conditions', () => {
  it('compares the content type, the catalog and the submitter\'s roles', () => {
    expect(holds('contentType == article')).toBe(true);
    expect(holds("${contentType != 'article'}")).toBe(false);
    expect(holds('catalogId in (3, 12)')).toBe(true);
    expect(holds('catalogId not in (3, 12)')).toBe(false);
    expect(holds('role == editor')).toBe(true);
    expect(holds('role != editor')).toBe(false);
    expect(holds('role in ("chief", reviewer)')).toBe(false);
  });

  it('binds and tighter than or', () => {
    expect(holds('contentType == video or catalogId == 12 and role == editor')).toBe(true);
    expect(holds('contentType == video and catalogId == 12 or role == chief')).toBe(false);
  });

  it('reads no code: anything outside the grammar is refused with what it could not read', () => {
    for (const bad of ['', 'contentType === article', 'title == x', 'contentType in article', 'catalogId == 1; process.exit()', "role == 'a b'"]) {
      expect(() => parseCondition(bad), bad).toThrow(ConditionError);
    }
    expect(() => parseCondition('author == ann')).toThrow('unknown field "author" (contentType, catalogId, role)');
  });
});
