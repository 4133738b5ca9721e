// The system module's public surface: what the other modules and the server's composition may use.
// Anything else in this folder is the module's own (.dependency-cruiser.cjs enforces it).

export { adminModule } from './admin-routes.ts';
export { isPublicConfigKey, isSecretConfigKey } from './config-keys.ts';
export { userScope } from './data-scope.ts';
export { dictDataByType } from './lookups.ts';
export { hashPassword, verifyPassword } from './password.ts';
export { assertRolesGrantable, assertUsersWithin } from './power.ts';
export { getPreferences, savePreferences } from './preference.ts';
export { routersFor } from './routers-query.ts';
export { systemModule } from './routes.ts';
export { sysDept, sysDictData, sysMenu, sysPost, sysRole, sysRoleMenu, sysSecurityConfig, sysUser, sysUserPost, sysUserRole } from './schema.ts';
export { securityModule } from './security-routes.ts';
export { SECURITY_ENABLED, acceptablePassword, activeSecurity, passwordExpired, securityCheck } from './security.ts';
export type { SecuritySettings } from './security.ts';
export { seed, shippedData } from './seed/index.ts';
export type { SeedResult } from './seed/index.ts';
export { captchaEnabled, configValue, ipGuardOf } from './services.ts';
export { sameUserName } from './user-name.ts';
// Seed steps of other modules shipping rows to databases seeded before them.
export { insertDicts, insertMenus } from './seed/steps.ts';
