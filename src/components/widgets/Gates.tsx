import type { ReactNode } from 'react';
import { useHasPermi, useHasRole, type Wanted } from '../../stores/permission-gate.ts';

type GateProps = Wanted & { children: ReactNode };

/** Renders its children only for a user holding the permissions (spec §6 v-hasPermi): gated buttons are not rendered at all. */
export function HasPermi({ children, ...w }: GateProps) {
  return useHasPermi(w as Wanted) ? <>{children}</> : null;
}

/** Renders its children only for admin or a listed role (spec §6 v-hasRole). */
export function HasRole({ children, ...w }: GateProps) {
  return useHasRole(w as Wanted) ? <>{children}</> : null;
}
