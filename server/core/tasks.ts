// A task type's shape lives with the services it runs with (core/services.ts: no import cycle).
export type { Task, TaskContext } from './services.ts';
