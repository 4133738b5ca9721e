import { ALL_PERMISSIONS, SUPER_ADMIN_ROLE } from '../../../shared/constants.ts';

/**
 * Permission and role checks of spec §5/§6: a permission passes with the wildcard or an exact
 * match, a role check passes for the super admin role or an exact match; an empty value fails.
 */

/**
 * What a check needs of the keys held: whether one is among them. The session's keys are an array;
 * the build's pre-paint frames draw with a holder that answers for any key and notes it (prepaint/render.tsx).
 */
export interface HeldKeys {
  includes(key: string): boolean;
}

export function hasPermission(held: HeldKeys, wanted: string): boolean {
  if (!wanted) return false;
  return held.includes(ALL_PERMISSIONS) || held.includes(wanted);
}

export function hasRole(held: HeldKeys, wanted: string): boolean {
  if (!wanted) return false;
  return held.includes(SUPER_ADMIN_ROLE) || held.includes(wanted);
}

export const hasAnyPermission = (held: HeldKeys, wanted: readonly string[]) => wanted.some((w) => hasPermission(held, w));
export const hasAllPermissions = (held: HeldKeys, wanted: readonly string[]) => wanted.length > 0 && wanted.every((w) => hasPermission(held, w));
export const hasAnyRole = (held: HeldKeys, wanted: readonly string[]) => wanted.some((w) => hasRole(held, w));
export const hasAllRoles = (held: HeldKeys, wanted: readonly string[]) => wanted.length > 0 && wanted.every((w) => hasRole(held, w));
