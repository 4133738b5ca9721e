import type { ServerModule } from '../core/route.ts';
import { authModule } from './auth/routes.ts';
import { selfServiceModule } from './system/profile-routes.ts';
import { securityModule } from './system/security-routes.ts';
import { commonModule } from './common/routes.ts';
import { cmsModule } from './cms/routes.ts';
import { monitorModule } from './monitor/routes.ts';
import { systemModule } from './system/routes.ts';
import { adminModule } from './system/admin-routes.ts';
import { jobModule } from './job/routes.ts';
import { taskModule } from './task/routes.ts';
import { onlineModule } from './auth/online.ts';
import { opsModule } from './ops/routes.ts';
import { messagingModule } from './messaging/routes.ts';

/** Every API module the server mounts, in order. */
export const modules: ServerModule[] = [authModule, selfServiceModule, securityModule, commonModule, systemModule, monitorModule, cmsModule, adminModule, jobModule, taskModule, onlineModule, opsModule, messagingModule];
