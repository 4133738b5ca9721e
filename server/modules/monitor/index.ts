// The monitor module's public surface: what the other modules and the server's composition may use.
// Anything else in this folder is the module's own (.dependency-cruiser.cjs enforces it).

export { logRoutes } from './log-routes.ts';
export { recordLogin } from './loginlog.ts';
export type { LoginMessage } from './loginlog.ts';
export { recordOperation } from './oplog.ts';
export { monitorModule } from './routes.ts';
export { sysLogininfor, sysOperLog } from './schema.ts';
