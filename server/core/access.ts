/**
 * Who is acting, and what they may do. Every operation receives the actor explicitly.
 * Answers are yes / no here; row scopes (site, catalog, department) are filters that
 * operations ask for through `scopeOf` as those domains arrive.
 */
export interface Actor {
  userId: number;
  userName: string;
  nickName: string;
  deptId: number | null;
  /** role keys */
  roles: string[];
  /** menu permission keys held through roles; `*` for admin */
  permissions: Set<string>;
  /** the data scope of each enabled role held (read once with the session, for row filters) */
  roleScopes: { roleId: number; dataScope: string }[];
  sessionId: string;
  tokenHash: string;
  /**
   * Why this user must change their password before anything else (an administrator set it, or
   * it expired under the security config); null when nothing is pending. Routes answer only
   * when they declare `duringPasswordChange`.
   */
  passwordDemand: PasswordDemand | null;
}

export type PasswordDemand = 'force' | 'expired';

export const ADMIN_ROLE = 'admin';
export const ALL_PERMISSIONS = '*';

/** Role `admin` or permission `*` holds everything; otherwise an exact match; an empty key never passes. */
export function hasPermission(actor: Actor, key: string | null | undefined): boolean {
  if (actor.roles.includes(ADMIN_ROLE) || actor.permissions.has(ALL_PERMISSIONS)) return true;
  if (!key) return false;
  return actor.permissions.has(key);
}

/** What a route demands. 'public' needs nothing, 'login' a valid session, anything else a permission key. */
export type Requirement = 'public' | 'login' | string | { anyOf: string[] } | { allOf: string[] };

export function satisfies(actor: Actor | null, req: Requirement): boolean {
  if (req === 'public') return true;
  if (!actor) return false;
  if (req === 'login') return true;
  if (typeof req === 'string') return hasPermission(actor, req);
  if ('anyOf' in req) return req.anyOf.some((k) => hasPermission(actor, k));
  return req.allOf.length > 0 && req.allOf.every((k) => hasPermission(actor, k));
}

export const describeRequirement = (req: Requirement) =>
  typeof req === 'string' ? req : 'anyOf' in req ? req.anyOf.join(' | ') : req.allOf.join(' & ');

/**
 * The actor of work the server does by itself, no user behind it (a scheduled job): it holds every
 * right, as an administrator does, and what it changes is recorded under `userName`.
 */
export function systemActor(userName: string): Actor {
  return {
    userId: 0, userName, nickName: userName, deptId: null, roles: [ADMIN_ROLE], permissions: new Set([ALL_PERMISSIONS]), roleScopes: [],
    sessionId: '', tokenHash: '', passwordDemand: null,
  };
}
