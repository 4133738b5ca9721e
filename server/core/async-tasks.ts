import { randomUUID } from 'node:crypto';

/** ChestnutCMS TaskStatus names. */
export type TaskStatus = 'READY' | 'RUNNING' | 'SUCCESS' | 'FAILED' | 'INTERRUPTED';

export interface AsyncTask {
  taskId: string;
  type: string;
  name: string;
  /** who started it (user name), for "my tasks" */
  owner: string;
  status: TaskStatus;
  percent: number;
  progressMessage: string;
  errMessages: string[];
  readyTime: Date;
  startTime?: Date;
  endTime?: Date;
}

export interface TaskControl {
  /** 0–100, with an optional message */
  progress(percent: number, message?: string): void;
  /** aborted when someone stops the task: long loops check it */
  signal: AbortSignal;
}

const KEEP_FINISHED = 200;

/**
 * Long operations (exports, imports, publishing) run here so a request can answer with a task id
 * and the console can poll progress or stop it. Kept in process memory.
 */
export class AsyncTaskManager {
  private readonly tasks = new Map<string, AsyncTask & { controller: AbortController }>();
  /**
   * Told of each task that ends FAILED (not one stopped on purpose), after the fact: Services sends
   * it on as a CMS event (AsyncTaskFailed, to the message pushers). Its own failure is only logged.
   */
  onFailed: ((task: AsyncTask) => Promise<void> | void) | null = null;

  submit(type: string, name: string, owner: string, work: (ctl: TaskControl) => Promise<unknown>): AsyncTask {
    const controller = new AbortController();
    const task: AsyncTask & { controller: AbortController } = {
      taskId: randomUUID().replace(/-/g, ''), type, name, owner, status: 'READY', percent: 0, progressMessage: '', errMessages: [], readyTime: new Date(), controller,
    };
    this.tasks.set(task.taskId, task);
    this.prune();
    queueMicrotask(async () => {
      if (controller.signal.aborted) return;
      task.status = 'RUNNING';
      task.startTime = new Date();
      try {
        await work({
          progress: (p, m) => {
            task.percent = Math.max(0, Math.min(100, Math.round(p)));
            if (m !== undefined) task.progressMessage = m;
          },
          signal: controller.signal,
        });
        if (task.status === 'RUNNING') {
          task.status = controller.signal.aborted ? 'INTERRUPTED' : 'SUCCESS';
          if (task.status === 'SUCCESS') task.percent = 100;
        }
      } catch (err) {
        task.status = controller.signal.aborted ? 'INTERRUPTED' : 'FAILED';
        task.errMessages.push(err instanceof Error ? err.message : String(err));
      } finally {
        task.endTime = new Date();
      }
      if (task.status === 'FAILED' && this.onFailed) {
        try {
          await this.onFailed(this.view(task));
        } catch (err) {
          console.error('async task failure not told:', err instanceof Error ? err.message : err);
        }
      }
    });
    return this.view(task);
  }

  get(taskId: string): AsyncTask | undefined {
    const t = this.tasks.get(taskId);
    return t && this.view(t);
  }

  list(): AsyncTask[] {
    return [...this.tasks.values()].map((t) => this.view(t)).sort((a, b) => b.readyTime.getTime() - a.readyTime.getTime());
  }

  /** Asks a task to stop; a READY one never starts. */
  stop(taskId: string): boolean {
    const t = this.tasks.get(taskId);
    if (!t || (t.status !== 'READY' && t.status !== 'RUNNING')) return false;
    t.controller.abort();
    if (t.status === 'READY') {
      t.status = 'INTERRUPTED';
      t.endTime = new Date();
    }
    return true;
  }

  /** Forgets finished tasks (the list's remove). */
  remove(taskIds: string[]): number {
    let n = 0;
    for (const id of taskIds) {
      const t = this.tasks.get(id);
      if (t && t.status !== 'READY' && t.status !== 'RUNNING' && this.tasks.delete(id)) n++;
    }
    return n;
  }

  private prune() {
    const finished = [...this.tasks.values()].filter((t) => t.endTime).sort((a, b) => a.endTime!.getTime() - b.endTime!.getTime());
    for (const t of finished.slice(0, Math.max(0, finished.length - KEEP_FINISHED))) this.tasks.delete(t.taskId);
  }

  private view({ controller: _c, ...t }: AsyncTask & { controller: AbortController }): AsyncTask {
    return { ...t, errMessages: [...t.errMessages] };
  }
}
