import { ALL_PERMISSIONS, SUPER_ADMIN_ROLE } from '../../../shared/constants.ts';

/**
 * Permission and role checks of spec §5/§6: a permission passes with the wildcard or an exact
 * match, a role check passes for the super admin role or an exact match; an empty value fails.
 */
export function hasPermission(held: readonly string[], wanted: string): boolean {
  if (!wanted) return false;
  return held.includes(ALL_PERMISSIONS) || held.includes(wanted);
}

export function hasRole(held: readonly string[], wanted: string): boolean {
  if (!wanted) return false;
  return held.includes(SUPER_ADMIN_ROLE) || held.includes(wanted);
}

export const hasAnyPermission = (held: readonly string[], wanted: readonly string[]) => wanted.some((w) => hasPermission(held, w));
export const hasAllPermissions = (held: readonly string[], wanted: readonly string[]) => wanted.length > 0 && wanted.every((w) => hasPermission(held, w));
export const hasAnyRole = (held: readonly string[], wanted: readonly string[]) => wanted.some((w) => hasRole(held, w));
export const hasAllRoles = (held: readonly string[], wanted: readonly string[]) => wanted.length > 0 && wanted.every((w) => hasRole(held, w));
