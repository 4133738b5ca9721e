import { describe, expect, it } from 'vitest';
import { hasAllPermissions, hasAllRoles, hasAnyPermission, hasAnyRole, hasPermission, hasRole } from './permission.ts';

describe('permission checks (spec §5)', () => {
  it('passes on * or an exact match; an empty value fails', () => {
    expect(hasPermission(['*'], 'system:user:view')).toBe(true);
    expect(hasPermission(['system:user:view'], 'system:user:view')).toBe(true);
    expect(hasPermission(['system:user:view'], 'system:user:edit')).toBe(false);
    expect(hasPermission(['*'], '')).toBe(false);
  });
  it('roles pass for admin or an exact match', () => {
    expect(hasRole(['admin'], 'editor')).toBe(true);
    expect(hasRole(['editor'], 'editor')).toBe(true);
    expect(hasRole(['editor'], 'x')).toBe(false);
    expect(hasRole(['admin'], '')).toBe(false);
  });
  it('any-of and all-of', () => {
    expect(hasAnyPermission(['a'], ['a', 'b'])).toBe(true);
    expect(hasAllPermissions(['a'], ['a', 'b'])).toBe(false);
    expect(hasAllPermissions(['*'], ['a', 'b'])).toBe(true);
    expect(hasAnyRole(['x'], ['y'])).toBe(false);
    expect(hasAllRoles(['x', 'y'], ['x', 'y'])).toBe(true);
    expect(hasAllRoles(['x'], [])).toBe(false);
  });
});
