// The one Drizzle schema: every module's tables, for the query builder and drizzle-kit.
export * from '../modules/system/schema.ts';
export * from '../modules/auth/schema.ts';
export * from '../modules/monitor/schema.ts';
export * from '../modules/cms/schema.ts';
export * from '../modules/job/schema.ts';
export * from '../modules/task/schema.ts';
export * from '../modules/messaging/schema.ts';
export * from '../modules/workflow/schema.ts';
export * from '../modules/tool/gen/schema.ts';
