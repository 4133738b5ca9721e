import { eq, inArray } from 'drizzle-orm';
import type { Actor } from '../../core/access.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Translate } from '../../core/i18n.ts';
import type { RouteContext } from '../../core/route.ts';
import type { Services } from '../../core/services.ts';
import { AppError, fail } from '../../core/errors.ts';
import { registeredTask } from '../job/index.ts';
import { parseCron } from '../job/index.ts';
import { sysScheduledTask, sysScheduledTaskLog } from './schema.ts';
import { firstRun, type Trigger } from './plan.ts';
import { TASK_ENABLED } from './scheduler.ts';

type Row = Record<string, unknown>;
type Ctx = Pick<RouteContext<unknown, unknown, unknown>, 'services' | 'locale' | 't'>;

/** A registry argument of kind 'days': whole days, at most a hundred years. */
const DAYS = /^\d{1,5}$/;

const required = (ctx: Ctx, field: string) => new AppError('validation:required', { field: ctx.services.i18n.fieldLabel(ctx.locale, field) });

/**
 * Checks a task about to be saved (the sent values over the stored row) and completes it: the type
 * must be in the registry and its argument fit; a cron trigger needs a valid expression; a blank
 * name becomes the type's key; the plan (`readyTime`) is made afresh, so an edit reschedules.
 */
export function completeTask(ctx: Ctx, values: Row, existing: Row = {}) {
  const merged = { ...existing, ...values };
  const typeKey = String(merged.taskType ?? '');
  const type = registeredTask(ctx.services, typeKey);
  if (!type) throw fail('scheduledTask.badType');
  const arg = typeof merged.taskArg === 'string' ? merged.taskArg.trim() : '';
  if (!type.arg) values.taskArg = null;
  else if (type.arg === 'days' && arg && (!DAYS.test(arg) || Number(arg) < 1)) throw fail('scheduledTask.badDays', { field: ctx.services.i18n.fieldLabel(ctx.locale, 'taskArg') });
  if (merged.taskTrigger === 'Cron') {
    if (!String(merged.cron ?? '').trim()) throw required(ctx, 'cron');
    if (!parseCron(String(merged.cron))) throw fail('job.badCron');
  }
  if (!String(merged.taskName ?? '').trim()) values.taskName = typeKey;
  values.readyTime = merged.status === TASK_ENABLED ? firstRun(merged as unknown as Trigger) : null;
}

/** Enables (planning the first run) or disables (dropping the plan) a task; unchanged when already so. */
export async function setTaskStatus(db: Db, actor: Actor, taskId: number, status: '0' | '1'): Promise<void> {
  await db.transaction(async (tx) => {
    const [task] = await tx.select().from(sysScheduledTask).where(eq(sysScheduledTask.taskId, taskId));
    if (!task) throw fail('resource.notFound');
    if (task.status === status) return;
    await tx
      .update(sysScheduledTask)
      .set({ status, readyTime: status === TASK_ENABLED ? firstRun(task) : null, updateBy: actor.userName, updateTime: new Date() })
      .where(eq(sysScheduledTask.taskId, taskId));
  });
}

/** Deleting tasks deletes their run logs (same transaction). */
export async function removeTaskLogs(tx: DbOrTx, rows: Row[]): Promise<void> {
  const ids = rows.map((r) => Number(r.taskId));
  if (ids.length) await tx.delete(sysScheduledTaskLog).where(inArray(sysScheduledTaskLog.taskId, ids));
}

/**
 * A task as replied: plus its type's localized name (`taskTypeName`) and, for ChestnutCMS
 * clients, the trigger as ChestnutCMS nests it (`data`: cron, or fixedRate/seconds/delaySeconds).
 */
export function presentTask(row: Row, { services, t }: { services: Services; t: Translate }): Row {
  const type = registeredTask(services, String(row.taskType));
  const data = row.taskTrigger === 'Cron' ? { cron: row.cron } : { fixedRate: row.fixedRate, seconds: row.period, delaySeconds: row.initialDelay };
  return { ...row, taskTypeName: type ? t(type.describe) : String(row.taskType), data };
}

/**
 * A ChestnutCMS add/update body (`data` nesting the trigger) as our flat fields. `data` wins: a
 * ChestnutCMS form edits it and sends back the rest of the detail reply, flat fields included.
 * Nulls count as not sent (ChestnutCMS leaves nulls out of its replies; ours keep them).
 */
export function flattenChestnutBody(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const { data, ...rest } = body as Row;
  const d = (data && typeof data === 'object' ? data : {}) as Row;
  const nested = { cron: d.cron, fixedRate: d.fixedRate, period: d.seconds, initialDelay: d.delaySeconds };
  const sent = (o: Row) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null));
  return { ...sent(rest), ...sent(nested) };
}
