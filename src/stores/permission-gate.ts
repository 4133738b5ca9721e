import { createContext, useContext } from 'react';
import { useHydratedStore } from '../lib/react/use-store.ts';
import { hasAllPermissions, hasAllRoles, hasAnyPermission, hasAnyRole, type HeldKeys } from '../lib/auth/permission.ts';
import { $permissions, $roles } from './session.ts';

/**
 * The permission and role directives of spec §6 as data checks and hooks (no UI library):
 * a permission passes with '*' or an exact match, a role for 'admin' or an exact match. Beside the
 * session store, not in src/lib: the hooks read the session's permissions and roles.
 */

export type Wanted = { anyOf: readonly string[]; allOf?: undefined } | { allOf: readonly string[]; anyOf?: undefined };

export const permitted = (held: HeldKeys, w: Wanted) => (w.allOf ? hasAllPermissions(held, w.allOf) : hasAnyPermission(held, w.anyOf));
export const roleMatches = (held: HeldKeys, w: Wanted) => (w.allOf ? hasAllRoles(held, w.allOf) : hasAnyRole(held, w.anyOf));

/** An optional single requirement: no key means allowed (a button every viewer may use). */
export const allows = (held: HeldKeys, perm: string | undefined) => perm === undefined || permitted(held, { anyOf: [perm] });

/** Menu items (dropdowns, row actions) the user may see; items without `perm` always stay. */
export function visibleItems<T extends { perm?: string; role?: string }>(items: readonly T[], perms: HeldKeys, roles: HeldKeys = []): T[] {
  return items.filter((i) => allows(perms, i.perm) && (i.role === undefined || roleMatches(roles, { anyOf: [i.role] })));
}

/**
 * Permissions a render is told to draw with instead of the session's: the build's pre-paint frame
 * of a list (islands/resource/prepaint/frame.tsx) draws as a user holding every key it is asked
 * about, and notes them.
 */
export const DrawnPermissions = createContext<HeldKeys | null>(null);

// Hydrated stores: the session's permissions often arrive (early fetch, stored session) before an
// island hydrates, and a prerendered page knows none; rendering with them at once made the first
// client render differ from the page's HTML (React error 418 on the template workbench).
export function useHasPermi(w: Wanted): boolean {
  return permitted(usePermissions(), w);
}
export function useHasRole(w: Wanted): boolean {
  return roleMatches(useHydratedStore($roles), w);
}
/** The user's permissions, for checking many keys in one render (toolbars, row actions). */
export function usePermissions(): HeldKeys {
  const drawn = useContext(DrawnPermissions);
  const held = useHydratedStore($permissions);
  return drawn ?? held;
}
