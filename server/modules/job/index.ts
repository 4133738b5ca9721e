// The job module's public surface: what the other modules and the server's composition may use.
// Anything else in this folder is the module's own (.dependency-cruiser.cjs enforces it).

export { cronPreviewRoute, nextRuns, parseCron } from './cron.ts';
export { daysBefore, registeredTask, runRegistered, TASK_OPTIONS_REPLY, taskOptions, wholeDays } from './registry.ts';
export { jobModule } from './routes.ts';
export { seedJobs } from './seed.ts';
