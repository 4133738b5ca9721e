import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, preferencesBody, preferencesSchema, withDefaults } from './preference.ts';

describe('preferences schema', () => {
  it('accepts the defaults and any subset', () => {
    expect(preferencesSchema.safeParse(DEFAULT_PREFERENCES).success).toBe(true);
    expect(preferencesBody.safeParse({ pageSize: 30 }).success).toBe(true);
    expect(preferencesBody.safeParse({}).success).toBe(true);
  });
  it('refuses unknown keys and values outside the choices', () => {
    expect(preferencesBody.safeParse({ nope: 1 }).success).toBe(false);
    expect(preferencesBody.safeParse({ pageSize: 15 }).success).toBe(false);
    expect(preferencesBody.safeParse({ contentEditorOpenMode: 'popup' }).success).toBe(false);
    expect(preferencesBody.safeParse({ includeChildContent: 'Y' }).success).toBe(false);
  });
  it('fills defaults and drops stored values that no longer pass', () => {
    expect(withDefaults(null)).toEqual(DEFAULT_PREFERENCES);
    expect(withDefaults({ pageSize: 10, catalogTreeExpandMode: 'spiral', gone: true })).toEqual({ ...DEFAULT_PREFERENCES, pageSize: 10 });
  });
});
