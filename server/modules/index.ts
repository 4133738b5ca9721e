import type { ServerModule } from '../core/route.ts';
import { authModule, onlineModule, selfServiceModule } from './auth/index.ts';
import { adminModule, securityModule, systemModule } from './system/index.ts';
import { commonModule } from './common/index.ts';
import { cmsModule } from './cms/index.ts';
import { monitorModule } from './monitor/index.ts';
import { jobModule } from './job/index.ts';
import { taskModule } from './task/index.ts';
import { opsModule } from './ops/index.ts';
import { messagingModule } from './messaging/index.ts';
import { workflowModule } from './workflow/index.ts';
import { toolModule } from './tool/index.ts';

/** Every API module the server mounts, in order. */
export const modules: ServerModule[] = [authModule, selfServiceModule, securityModule, commonModule, systemModule, monitorModule, cmsModule, adminModule, jobModule, taskModule, onlineModule, opsModule, messagingModule, workflowModule, toolModule];
