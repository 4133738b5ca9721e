import type { Services } from './services.ts';

// A task the schedulers may run (the job module's jobs, the task module's scheduled tasks). Modules
// contribute theirs on their ServerModule (`tasks`); a job can only name a task declared so.

export interface TaskContext {
  services: Services;
  /** the text between the parentheses of the invoke target, if any */
  arg?: string;
}

export interface Task {
  /** i18n key (server messages) describing the task for the job form */
  describe: string;
  /**
   * i18n key (server messages) of the name the job seeded for this task shows in the reader's
   * language, as long as nobody renamed it (job/seeded-name.ts)
   */
  jobName?: string;
  /** true when the task takes an argument, and what kind */
  arg?: 'days' | 'text';
  run(ctx: TaskContext): Promise<string>;
}
